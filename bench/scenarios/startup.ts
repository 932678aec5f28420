// `npm run bench -- --only=startup` (issue 31 item 1, docs/decisions/036): what a cold isolate pays
// before the first byte. `wrangler check startup` runs the bundle in a local workerd with V8's
// profiler on, imports the main module once and reports the CPU that took (its "Active" time:
// sampled less idle, garbage collection included), plus the bundle's size and gzip size (every module
// of the upload, source maps excluded: what Cloudflare's startup and size limits see).
//
// Two Workers, measured in turns so the machine's background load falls on both alike:
//   - app: the front Worker as a deploy uploads it (`wrangler deploy --dry-run --env production -c
//     build/front/wrangler.json --outfile`: dist/front.js and its map, which `npm run build` wrote;
//     the bench built it, or with --no-build the one there; docs/decisions/057), and beside it the
//     back office (dist/app.js, the whole app, which the front forwards the back office's routes to);
//   - floor: a minimal Remix 2 Worker of the same stack, written by this module into a temp folder:
//     one route, this repo's remix.config.js (classic compiler, the same server conditions and
//     bundling, and workers/app.ts as the server build's entry), a vanilla-extract style,
//     @remix-run/cloudflare's request handler and the same compatibility date, built into a deployable bundle the
//     way `npm run build` builds the app (scripts/build-worker.ts: wrangler bundles with the app's
//     top-level `minify` and `keep_names`, then esbuild minifies the finished bundle; docs/decisions/051)
//     and packed by the same `wrangler deploy --dry-run --env production` (`no_bundle`).
// --startup-runs=N (default 5) runs of each; the medians are printed side by side with the ratio of
// app to floor. --startup-extra=label=file.bundle[,…] adds saved bundles (e.g. the build before a
// change, made with `npx wrangler deploy --dry-run --env production --outfile before.bundle`) to the
// same turns, for a before/after from one run.
// Startup CPU is measured on this machine under whatever else runs on it: read the ratios. Beside
// it, each run also measures the main module in Node's V8 (bench/lib/module-cpu.ts: compile and
// evaluate, process CPU time), which other work on the machine barely moves, and workerd's own on-CPU
// time to load the upload and serve the first request (bench/lib/workerd-cpu.ts: the load compiles
// every module and is outside `wrangler check startup`'s window, docs/decisions/051). The startup profile is
// attributed through the bundle's source map (a deploy minifies and uploads it: docs/decisions/045).
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { fmt, log, table as formatTable, type Verdict } from "../../scripts/harness/report.ts";
import { median } from "../../scripts/harness/stats.ts";
import { bundleFiles } from "../lib/bundle-files.ts";
import { type CpuProfile, moduleLookup, type SourceMap, summarizeProfile } from "../lib/profile.ts";
import type { BuildContext, Outcome, Scenario } from "../scenario.ts";

type Sample = { bundleKiB: number; gzipKiB: number; cpuMs: number; outfile: string; compileMs: number; evaluateMs: number; loadMs: number; firstRequestMs: number };
type Summary = {
  bundleKiB: number;
  gzipKiB: number;
  cpuMs: number;
  cpuMinMs: number;
  cpuRunsMs: number[];
  /** bench/lib/module-cpu.ts: Node's V8, process CPU time, median of the runs. */
  nodeCompileMs: number;
  nodeEvaluateMs: number;
  /** bench/lib/workerd-cpu.ts: workerd's own on-CPU time, median of the runs. */
  workerdLoadMs: number;
  workerdFirstRequestMs: number;
};
export const STARTUP_TARGETS = { startupCpuMs: 30, gzipKiB: 300 };

function exec(cmd: string, args: string[], cwd: string): string {
  const result = spawnSync(cmd, args, { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024, env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "1" } });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed in ${cwd}:\n${result.stdout}\n${result.stderr}`);
  return `${result.stdout}\n${result.stderr}`;
}

/** The minimal Remix 2 Worker of the same stack, in `dir` (node_modules linked to the repo's). */
export function writeFloor(root: string, dir: string): void {
  const config = readFileSync(`${root}/wrangler.toml`, "utf8");
  const compatibilityDate = config.match(/^compatibility_date\s*=\s*"([^"]+)"/m)?.[1] ?? "2026-07-01";
  // The same bundling settings as the app's build (top-level `minify` and `keep_names`), and the same
  // [env.production] as the app's: it uploads the minified dist/app.js that scripts/build-worker.ts
  // writes, as it is. The floor is built the way the app is.
  const bundling = ["minify", "keep_names"].flatMap((key) => config.match(new RegExp(`^${key}\\s*=\\s*(true|false)\\s*$`, "m"))?.[0] ?? []);
  // Remix reads the server runtime from package.json's dependencies; the versions are the repo's.
  const pkg = JSON.parse(readFileSync(`${root}/package.json`, "utf8")) as { dependencies: Record<string, string>; devDependencies: Record<string, string> };
  const versions = { ...pkg.devDependencies, ...pkg.dependencies };
  const pick = (names: string[]) => Object.fromEntries(names.map((n) => [n, versions[n]]));
  const files = {
    "package.json": JSON.stringify({
      name: "startup-floor",
      private: true,
      type: "module",
      sideEffects: ["*.css.ts"],
      dependencies: pick(["@remix-run/cloudflare", "@remix-run/css-bundle", "@remix-run/react", "react", "react-dom", "isbot"]),
      devDependencies: pick(["@remix-run/dev", "@vanilla-extract/css", "wrangler"]),
    }),
    "wrangler.toml": [
      'name = "startup-floor"',
      'main = "build/index.js"',
      `compatibility_date = "${compatibilityDate}"`,
      "send_metrics = false",
      ...bundling,
      "[env.production]",
      'main = "dist/app.js"',
      "no_bundle = true",
      "find_additional_modules = false",
      "",
    ].join("\n"),
    "app/root.tsx": `import { cssBundleHref } from "@remix-run/css-bundle";
import { Links, Meta, Outlet, Scripts } from "@remix-run/react";
export const links = () => (cssBundleHref ? [{ rel: "stylesheet", href: cssBundleHref }] : []);
export default function App() {
  return (
    <html lang="en">
      <head><meta charSet="utf-8" /><Meta /><Links /></head>
      <body><Outlet /><Scripts /></body>
    </html>
  );
}
`,
    "app/routes/_index.tsx": `import { useLoaderData } from "@remix-run/react";
import { page } from "../styles.css";
export const loader = () => ({ hello: "world" });
export default function Index() {
  const data = useLoaderData<typeof loader>();
  return <main className={page}>{data.hello}</main>;
}
`,
    "app/styles.css.ts": `import { style } from "@vanilla-extract/css";
export const page = style({ padding: 16 });
`,
    "workers/app.ts": `import { createRequestHandler } from "@remix-run/cloudflare";
// The routes, as Remix's compiler gives them to its server entry (remix.config.js \`server\`).
import * as build from "@remix-run/dev/server-build";
const handle = createRequestHandler(build);
export default { fetch: (request: Request, env: unknown) => handle(request, { env }) };
`,
  };
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  cpSync(`${root}/remix.config.js`, `${dir}/remix.config.js`);
  mkdirSync(`${dir}/public`);
  symlinkSync(`${root}/node_modules`, `${dir}/node_modules`, "dir");
}

/**
 * One `wrangler check startup` ({ bundleKiB, gzipKiB, cpuMs, profile }), then the steadier
 * bench/lib/module-cpu.ts on the same main module (`mainFile`, taken out of the bundle), and
 * bench/lib/workerd-cpu.ts on the bundle; their figures are NaN if they cannot run it.
 */
function checkStartup(root: string, bundle: string, outfile: string, mainFile: string): Sample {
  const out = exec("npx", ["wrangler", "check", "startup", "--worker", bundle, "--outfile", outfile], root);
  const sizes = out.match(/Bundle: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/);
  const active = out.match(/Active: ([\d.]+) ms/);
  if (!sizes || !active) throw new Error(`wrangler check startup: unexpected output:\n${out}`);
  const node = spawnSync(process.execPath, ["--experimental-vm-modules", "--no-warnings", `${root}/bench/lib/module-cpu.ts`, mainFile], { encoding: "utf8" });
  const cpu = node.status === 0 ? (JSON.parse(node.stdout) as { compileMs: number; evaluateMs: number }) : { compileMs: Number.NaN, evaluateMs: Number.NaN };
  const workerd = spawnSync(process.execPath, ["--no-warnings", `${root}/bench/lib/workerd-cpu.ts`, bundle], { encoding: "utf8" });
  const own = workerd.status === 0 ? (JSON.parse(workerd.stdout) as { loadMs: number; firstRequestMs: number }) : { loadMs: Number.NaN, firstRequestMs: Number.NaN };
  return { bundleKiB: Number(sizes[1]), gzipKiB: Number(sizes[2]), cpuMs: Number(active[1]), outfile, ...cpu, ...own };
}

/**
 * Builds the floor, bundles both Workers and measures them `--startup-runs` times each, in turns
 * (with --startup-extra's saved bundles).
 */
async function run(ctx: BuildContext): Promise<Outcome> {
  const { root } = ctx;
  const runs = ctx.options.startupRuns;
  const work = mkdtempSync(path.join(tmpdir(), "apphub-bench-startup-"));
  // The Remix build's text now, for the attribution at the end (someone may rebuild meanwhile).
  writeFileSync(`${work}/index.js`, readFileSync(`${root}/build/front/index.js`));
  try {
    const floorDir = `${work}/floor`;
    mkdirSync(floorDir);
    writeFloor(root, floorDir);
    log("bench: startup: building the floor (a minimal Remix 2 Worker) …");
    exec("npx", ["remix", "build"], floorDir);
    exec(process.execPath, [`${root}/scripts/build-worker.ts`, floorDir], root);
    exec("npx", ["wrangler", "deploy", "--dry-run", "--env", "production", "--outfile", `${work}/floor.bundle`], floorDir);
    // "app" is the front Worker (docs/decisions/057): what a visitor's first request in a location
    // starts, and what the goals are about. The back office (the whole app, behind the front's
    // service binding) is measured beside it.
    log("bench: startup: packing the front's dist/front.js and the back office's dist/app.js as a deploy would …");
    exec("npx", ["wrangler", "deploy", "--dry-run", "--env", "production", "-c", "build/front/wrangler.json", "--outfile", `${work}/app.bundle`], root);
    exec("npx", ["wrangler", "deploy", "--dry-run", "--env", "production", "--outfile", `${work}/back-office.bundle`], root);

    const workers = [
      { label: "app", bundle: `${work}/app.bundle` },
      { label: "back office", bundle: `${work}/back-office.bundle` },
      { label: "floor", bundle: `${work}/floor.bundle` },
      ...ctx.options.startupExtra.map(({ label, bundle }) => ({ label, bundle: path.resolve(bundle) })),
    ];
    // Each bundle's main module as a file, for bench/lib/module-cpu.ts.
    for (const w of workers) {
      const { parts, metadata } = await bundleFiles(w.bundle);
      writeFileSync(`${work}/${w.label}.main.js`, parts.get(metadata.main_module ?? "")?.text() ?? "");
    }
    const samples = new Map<string, Sample[]>(workers.map((w) => [w.label, []]));
    for (let i = 0; i < runs; i++) {
      for (const w of workers) {
        const sample = checkStartup(root, w.bundle, `${work}/${w.label}-${i}.cpuprofile`, `${work}/${w.label}.main.js`);
        samples.get(w.label)?.push(sample);
        log(
          `bench: startup: ${w.label} run ${i + 1}/${runs}: ${sample.cpuMs} ms; Node V8 ${fmt(sample.compileMs)} + ${fmt(sample.evaluateMs)} ms; workerd ${fmt(sample.loadMs)} + ${fmt(sample.firstRequestMs)} ms (load ${fmt(loadavg()[0])})`,
        );
      }
    }
    const summary: Record<string, Summary> = Object.fromEntries(
      workers.map(({ label }) => {
        const list = samples.get(label) ?? [];
        const cpu = list.map((s) => s.cpuMs);
        return [
          label,
          {
            bundleKiB: list[0]?.bundleKiB ?? Number.NaN,
            gzipKiB: list[0]?.gzipKiB ?? Number.NaN,
            cpuMs: median(cpu),
            cpuMinMs: Math.min(...cpu),
            cpuRunsMs: cpu,
            nodeCompileMs: median(list.map((s) => s.compileMs)),
            nodeEvaluateMs: median(list.map((s) => s.evaluateMs)),
            workerdLoadMs: median(list.map((s) => s.loadMs)),
            workerdFirstRequestMs: median(list.map((s) => s.firstRequestMs)),
          },
        ];
      }),
    );
    const app = summary.app!;
    const floor = summary.floor!;

    // Where the app's startup goes: the profiles of all its runs added up (at ~1 ms a sample one
    // run has a few dozen), by module (bench/lib/profile.ts: the bundle's source map, which the
    // upload carries, or its `// path` marks when it has none). Read it as shares.
    const appRuns = samples.get("app") ?? [];
    const profiles = appRuns.map((s) => JSON.parse(readFileSync(s.outfile, "utf8")) as CpuProfile);
    const medianRun = appRuns.reduce((best, s) => (Math.abs(s.cpuMs - app.cpuMs) < Math.abs(best.cpuMs - app.cpuMs) ? s : best));
    mkdirSync(`${root}/.bench`, { recursive: true });
    writeFileSync(`${root}/.bench/startup.cpuprofile`, readFileSync(medianRun.outfile));
    const { parts, metadata } = await bundleFiles(`${work}/app.bundle`);
    const mainModule = metadata.main_module ?? "front.js";
    const mapText = parts.get(`${mainModule}.map`)?.text();
    const lookup = moduleLookup({
      bundleText: parts.get(mainModule)?.text() ?? "",
      map: mapText ? (JSON.parse(mapText) as SourceMap) : null,
      innerFile: `${work}/index.js`,
    });
    const where = summarizeProfile(profiles, lookup, 15);

    const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
    const labels = workers.map((w) => w.label);
    const cell = (l: string, key: Exclude<keyof Summary, "cpuRunsMs">) => fmt(summary[l]?.[key]);
    const table = [
      ["", ...labels, "app / floor", "goal"],
      ["bundle (KiB)", ...labels.map((l) => cell(l, "bundleKiB")), ratio(app.bundleKiB, floor.bundleKiB), ""],
      [
        "gzip (KiB)",
        ...labels.map((l) => cell(l, "gzipKiB")),
        ratio(app.gzipKiB, floor.gzipKiB),
        `≤ ${STARTUP_TARGETS.gzipKiB} ${app.gzipKiB <= STARTUP_TARGETS.gzipKiB ? "ok" : "MISSED"}`,
      ],
      [
        `startup CPU (ms, median of ${runs})`,
        ...labels.map((l) => cell(l, "cpuMs")),
        ratio(app.cpuMs, floor.cpuMs),
        `≤ ${STARTUP_TARGETS.startupCpuMs} ${app.cpuMs <= STARTUP_TARGETS.startupCpuMs ? "ok" : "MISSED"}`,
      ],
      // The profiler samples wall time: a run the machine's other work interrupted only gets longer,
      // so on a busy machine the least disturbed run (the minimum) is the steadier figure.
      [`startup CPU (ms, min of ${runs})`, ...labels.map((l) => cell(l, "cpuMinMs")), ratio(app.cpuMinMs, floor.cpuMinMs), ""],
      // Process CPU time in Node's V8 (bench/lib/module-cpu.ts): steadier on a busy machine.
      [`Node V8 compile (ms CPU, median)`, ...labels.map((l) => cell(l, "nodeCompileMs")), ratio(app.nodeCompileMs, floor.nodeCompileMs), ""],
      [`Node V8 evaluate (ms CPU, median)`, ...labels.map((l) => cell(l, "nodeEvaluateMs")), ratio(app.nodeEvaluateMs, floor.nodeEvaluateMs), ""],
      // workerd's own on-CPU time (bench/lib/workerd-cpu.ts): loading the upload, which compiles every
      // ES module in it and which `wrangler check startup` does not see, above an empty Worker's load
      // (so it can be near 0 or below for a small upload), and the first request (the evaluation).
      [`workerd load, above empty (ms CPU, median)`, ...labels.map((l) => cell(l, "workerdLoadMs")), "", ""],
      [`workerd first request (ms CPU, median)`, ...labels.map((l) => cell(l, "workerdFirstRequestMs")), ratio(app.workerdFirstRequestMs, floor.workerdFirstRequestMs), ""],
    ];
    const verdicts: Verdict[] = [
      { target: `app gzip ≤ ${STARTUP_TARGETS.gzipKiB} KiB`, value: `${fmt(app.gzipKiB)} KiB`, ok: app.gzipKiB <= STARTUP_TARGETS.gzipKiB },
      { target: `app startup CPU ≤ ${STARTUP_TARGETS.startupCpuMs} ms`, value: `${fmt(app.cpuMs)} ms`, ok: app.cpuMs <= STARTUP_TARGETS.startupCpuMs },
    ];
    const [header = [], ...rows] = table;
    return {
      report: [
        "Startup (wrangler check startup; app = the front Worker a visitor's first request starts, back office = the whole app behind its service binding, floor = a minimal Remix 2 Worker of the same stack)",
        formatTable(header, rows),
        "",
        `Where the app's startup goes (its ${runs} runs added up; the median run is .bench/startup.cpuprofile):\n${where}`,
      ],
      verdicts,
      json: { runs, loadAverage1m: loadavg()[0], workers: summary },
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

export const startup: Scenario = {
  id: "startup",
  about: "cold start: `wrangler check startup` of the app and of a minimal Remix 2 Worker, --startup-runs=5, --startup-extra=label=file.bundle",
  needs: "build",
  inFullRun: true,
  run,
};
