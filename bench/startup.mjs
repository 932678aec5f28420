// `npm run bench -- --only=startup` (issue 31 item 1, docs/decisions/036): what a cold isolate pays
// before the first byte. `wrangler check startup` runs the bundle in a local workerd with V8's
// profiler on, imports the main module once and reports the CPU that took (its "Active" time:
// sampled less idle, garbage collection included), plus the bundle's size and gzip size (every module
// of the upload, source maps excluded: what Cloudflare's startup and size limits see).
//
// Two Workers, measured in turns so the machine's background load falls on both alike:
//   - app: this repo's Worker, bundled as a deploy would (`wrangler deploy --dry-run --env production
//     --outfile`), from the Remix build the bench made (or the one there with --no-build);
//   - floor: a minimal Remix 2 Worker of the same stack, written by this module into a temp folder:
//     one route, this repo's remix.config.js (classic compiler, the same server conditions and
//     bundling), a vanilla-extract style, @remix-run/cloudflare's request handler behind the same
//     `virtual:remix/server-build` alias and compatibility date, bundled by the same wrangler.
// --startup-runs=N (default 5) runs of each; the medians are printed side by side with the ratio of
// app to floor. --startup-extra=label=file.bundle[,…] adds saved bundles (e.g. the build before a
// change, made with `npx wrangler deploy --dry-run --env production --outfile before.bundle`) to the
// same turns, for a before/after from one run.
// Startup CPU is measured on this machine under whatever else runs on it: read the ratios.
import { spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { moduleLookup, summarize } from "./profile.mjs";

export const STARTUP_TARGETS = { startupCpuMs: 30, gzipKiB: 300 };

function run(cmd, args, cwd) {
  const result = spawnSync(cmd, args, { cwd, encoding: "utf8", maxBuffer: 64 * 1024 * 1024, env: { ...process.env, WRANGLER_SEND_METRICS: "false", CI: "1" } });
  if (result.status !== 0) throw new Error(`${cmd} ${args.join(" ")} failed in ${cwd}:\n${result.stdout}\n${result.stderr}`);
  return `${result.stdout}\n${result.stderr}`;
}

/** The minimal Remix 2 Worker of the same stack, in `dir` (node_modules linked to the repo's). */
function writeFloor(root, dir) {
  const config = readFileSync(`${root}/wrangler.toml`, "utf8");
  const compatibilityDate = config.match(/^compatibility_date\s*=\s*"([^"]+)"/m)?.[1] ?? "2026-07-01";
  // Remix reads the server runtime from package.json's dependencies; the versions are the repo's.
  const pkg = JSON.parse(readFileSync(`${root}/package.json`, "utf8"));
  const versions = { ...pkg.devDependencies, ...pkg.dependencies };
  const pick = (names) => Object.fromEntries(names.map((n) => [n, versions[n]]));
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
      'main = "workers/app.ts"',
      `compatibility_date = "${compatibilityDate}"`,
      "send_metrics = false",
      "[alias]",
      '"virtual:remix/server-build" = "./build/index.js"',
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
// @ts-expect-error the Remix build, aliased in wrangler.toml
import * as build from "virtual:remix/server-build";
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

/** One `wrangler check startup`: { bundleKiB, gzipKiB, cpuMs, profile }. */
function checkStartup(root, bundle, outfile) {
  const out = run("npx", ["wrangler", "check", "startup", "--worker", bundle, "--outfile", outfile], root);
  const sizes = out.match(/Bundle: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/);
  const active = out.match(/Active: ([\d.]+) ms/);
  if (!sizes || !active) throw new Error(`wrangler check startup: unexpected output:\n${out}`);
  return { bundleKiB: Number(sizes[1]), gzipKiB: Number(sizes[2]), cpuMs: Number(active[1]), outfile };
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * Builds the floor, bundles both Workers and measures them `runs` times each, in turns.
 * Returns { rows, result } for printing and results.json.
 */
export async function runStartup({ root, runs = 5, extra = [], log, keep = false }) {
  const work = mkdtempSync(path.join(tmpdir(), "apphub-bench-startup-"));
  // The build's texts now, for the attribution at the end (someone may rebuild meanwhile).
  const bundleText = readFileSync(`${root}/dist/app.js`, "utf8");
  writeFileSync(`${work}/index.js`, readFileSync(`${root}/build/index.js`));
  try {
    const floorDir = `${work}/floor`;
    mkdirSync(floorDir);
    writeFloor(root, floorDir);
    log("bench: startup: building the floor (a minimal Remix 2 Worker) …");
    run("npx", ["remix", "build"], floorDir);
    run("npx", ["wrangler", "deploy", "--dry-run", "--outfile", `${work}/floor.bundle`], floorDir);
    log("bench: startup: bundling the app as a deploy would …");
    run("npx", ["wrangler", "deploy", "--dry-run", "--env", "production", "--outfile", `${work}/app.bundle`], root);

    const workers = [
      { label: "app", bundle: `${work}/app.bundle` },
      { label: "floor", bundle: `${work}/floor.bundle` },
      ...extra.map(({ label, bundle }) => ({ label, bundle: path.resolve(bundle) })),
    ];
    const samples = new Map(workers.map((w) => [w.label, []]));
    for (let i = 0; i < runs; i++) {
      for (const w of workers) {
        const sample = checkStartup(root, w.bundle, `${work}/${w.label}-${i}.cpuprofile`);
        samples.get(w.label).push(sample);
        log(`bench: startup: ${w.label} run ${i + 1}/${runs}: ${sample.cpuMs} ms (load ${loadavg()[0].toFixed(1)})`);
      }
    }
    const summary = Object.fromEntries(
      workers.map(({ label }) => {
        const list = samples.get(label);
        const cpu = list.map((s) => s.cpuMs);
        return [label, { bundleKiB: list[0].bundleKiB, gzipKiB: list[0].gzipKiB, cpuMs: median(cpu), cpuMinMs: Math.min(...cpu), cpuRunsMs: cpu }];
      }),
    );

    // Where the app's startup goes: the profile of its median run, by module (bench/profile.mjs's
    // attribution; the bundle's `// path` marks). Samples are ~1 ms apart: read it as shares.
    const appRuns = samples.get("app");
    const medianRun = appRuns.reduce((best, s) => (Math.abs(s.cpuMs - summary.app.cpuMs) < Math.abs(best.cpuMs - summary.app.cpuMs) ? s : best));
    const profile = JSON.parse(readFileSync(medianRun.outfile, "utf8"));
    mkdirSync(`${root}/.bench`, { recursive: true });
    writeFileSync(`${root}/.bench/startup.cpuprofile`, JSON.stringify(profile));
    const where = summarize(profile, moduleLookup(bundleText, `${work}/index.js`), 15);

    const fmt = (n) => n.toFixed(1);
    const ratio = (a, b) => `${(a / b).toFixed(2)}×`;
    const labels = workers.map((w) => w.label);
    const header = ["", ...labels, "app / floor", "goal"];
    const rows = [
      ["bundle (KiB)", ...labels.map((l) => fmt(summary[l].bundleKiB)), ratio(summary.app.bundleKiB, summary.floor.bundleKiB), ""],
      [
        "gzip (KiB)",
        ...labels.map((l) => fmt(summary[l].gzipKiB)),
        ratio(summary.app.gzipKiB, summary.floor.gzipKiB),
        `≤ ${STARTUP_TARGETS.gzipKiB} ${summary.app.gzipKiB <= STARTUP_TARGETS.gzipKiB ? "ok" : "MISSED"}`,
      ],
      [
        `startup CPU (ms, median of ${runs})`,
        ...labels.map((l) => fmt(summary[l].cpuMs)),
        ratio(summary.app.cpuMs, summary.floor.cpuMs),
        `≤ ${STARTUP_TARGETS.startupCpuMs} ${summary.app.cpuMs <= STARTUP_TARGETS.startupCpuMs ? "ok" : "MISSED"}`,
      ],
      // The profiler samples wall time: a run the machine's other work interrupted only gets longer,
      // so on a busy machine the least disturbed run (the minimum) is the steadier figure.
      [`startup CPU (ms, min of ${runs})`, ...labels.map((l) => fmt(summary[l].cpuMinMs)), ratio(summary.app.cpuMinMs, summary.floor.cpuMinMs), ""],
    ];
    const verdicts = [
      { target: `app gzip ≤ ${STARTUP_TARGETS.gzipKiB} KiB`, value: `${fmt(summary.app.gzipKiB)} KiB`, ok: summary.app.gzipKiB <= STARTUP_TARGETS.gzipKiB },
      { target: `app startup CPU ≤ ${STARTUP_TARGETS.startupCpuMs} ms`, value: `${fmt(summary.app.cpuMs)} ms`, ok: summary.app.cpuMs <= STARTUP_TARGETS.startupCpuMs },
    ];
    return { header, rows, where, verdicts, result: { runs, loadAverage1m: loadavg()[0], workers: summary } };
  } finally {
    if (!keep) rmSync(work, { recursive: true, force: true });
  }
}
