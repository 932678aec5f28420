// /api/suggest, two (or more) builds side by side in ONE run (docs/decisions/044): each build in its
// own workerd on a copy of one imported catalogue, the requests of the builds interleaved prefix by
// prefix, so a loaded machine slows them alike. Per prefix: the first request (the vocabulary comes
// with the first one), misses (the answer memo's key moved by a new community version, the
// vocabulary's not) and hits; and the workerd process's CPU time per request (from /proc: a loaded
// machine stretches wall time far more than CPU time).
//
//   npx node bench/ab-suggest.ts prepare [--apps=50000]                     generate and import once
//   npx node bench/ab-suggest.ts measure [--rounds=30] [--miss-rounds=6] before=<worktree> after=<worktree>
//
// Each <worktree> needs its build (`npm run build` there: dist/app.js, public/). The imported
// catalogue is kept in .bench/ab-suggest/ (in memory, /dev/shm, while a run uses it).
import { execSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import path from "node:path";
import { Miniflare } from "miniflare";
import { percentile } from "../scripts/harness/stats.ts";
import { type Build, prepareBuild, textBindings } from "./lib/build.ts";
import { benchSession, generateAndImport, migrate, seedReviews } from "./lib/catalogue.ts";
import { type Fetcher, helperOf, helperWorker } from "./lib/worker.ts";
import { TYPED } from "./scenarios/load.ts";

const root = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
const store = `${root}/.bench/ab-suggest`;
const template = `${store}/template`;
const scratch = existsSync("/dev/shm") ? "/dev/shm" : tmpdir();

function worker(build: Build, persist: string) {
  return new Miniflare({
    host: "127.0.0.1",
    port: 0,
    resourcePersistencePath: persist,
    workers: [
      {
        config: {
          name: "app-hub",
          compatibilityDate: build.compatibilityDate,
          manifest: { mainModule: "app.js", modules: { "app.js": { type: "esm", contents: build.workerScript } } },
          env: { DB: { type: "d1", id: "bench-db" }, KV: { type: "kv", id: "bench-db-kv" }, ASSETS: { type: "assets" }, ...build.rateLimits, ...textBindings(build.vars) },
          assets: { directory: build.publicDir, hasUserWorker: true },
        },
      },
      helperWorker("bench-helper", "bench-db", build.compatibilityDate),
    ],
  } as ConstructorParameters<typeof Miniflare>[0]);
}

/** The workerd process listening on `port`, and its CPU time so far in ms (user + system). */
const pidOn = (port: string) => Number(/pid=(\d+)/.exec(execSync(`ss -ltnpH 'sport = :${port}'`).toString())?.[1] ?? Number.NaN);
function cpuMs(pid: number): number {
  const fields = (readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1] ?? "").split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

const flag = (name: string, fallback: number) => Number(process.argv.find((a: string) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
const fmt = (x: number) => (Number.isFinite(x) ? x.toFixed(1) : "–");
const p = (xs: readonly number[], q: number) =>
  percentile(
    [...xs].sort((a, b) => a - b),
    q,
  );

async function prepare() {
  const build = prepareBuild(root, false);
  rmSync(template, { recursive: true, force: true });
  mkdirSync(store, { recursive: true });
  const mf = worker(build, template);
  try {
    await mf.ready;
    const helper = helperOf((await mf.getWorker("bench-helper")) as unknown as Fetcher);
    const kv = (await mf.getKVNamespace("KV")) as unknown as KVNamespace;
    await migrate(root, helper);
    const imported = await generateAndImport(helper, flag("apps", 50_000));
    await seedReviews(helper, imported.catalogue);
    await kv.put("catalogue-version", `${imported.catalogue.version}-ab-${Date.now()}`);
    writeFileSync(`${store}/cookie`, await benchSession(kv, build.vars));
    console.log(`ab-suggest: ${imported.apps} apps imported in ${fmt(imported.importMs / 1000)} s into ${path.relative(root, template)}`);
  } finally {
    await mf.dispose();
    build.dispose();
  }
}

type Side = {
  label: string;
  build: Build;
  persist: string;
  mf: Miniflare;
  origin: string;
  pid: number;
  staticPath: string;
  first: Map<string, number>;
  hits: Map<string, number[]>;
  misses: Map<string, number[]>;
  statics: number[];
  cpu: { hits: number; misses: number };
  answers: Map<string, string>;
};

async function measure() {
  if (!existsSync(`${store}/cookie`)) throw new Error("ab-suggest: run `npx node bench/ab-suggest.ts prepare` first");
  const rounds = flag("rounds", 30);
  const missRounds = flag("miss-rounds", 6);
  const cookie = readFileSync(`${store}/cookie`, "utf8");
  const sides: Side[] = [];
  let address = 0;
  const get = async (side: Side, at: string) => {
    const started = performance.now();
    const i = address++;
    const res = await fetch(`${side.origin}${at}`, { headers: { Cookie: cookie, Accept: "*/*", "CF-Connecting-IP": `198.18.${(i >> 8) & 255}.${i & 255}` } });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${side.label} ${at}: ${res.status} ${body.slice(0, 200)}`);
    return { ms: performance.now() - started, body };
  };
  const suggest = (q: string) => `/api/suggest?${new URLSearchParams({ q })}`;
  const load0 = loadavg()[0] ?? Number.NaN;
  try {
    for (const arg of process.argv.slice(3).filter((a: string) => a.includes("=") && !a.startsWith("--"))) {
      const [label = "", dir = ""] = arg.split("=");
      const build = prepareBuild(path.resolve(dir), false);
      const persist = mkdtempSync(path.join(scratch, "ab-suggest-"));
      cpSync(template, persist, { recursive: true });
      const mf = worker(build, persist);
      const origin = (await mf.ready).origin.toString().replace(/\/$/, "");
      const staticPath = /"(\/build\/_shared\/chunk-[A-Z0-9]+\.js)"/.exec(build.workerScript)?.[1] ?? "/favicon.ico";
      sides.push({
        label,
        build,
        persist,
        mf,
        origin,
        pid: pidOn(new URL(origin).port),
        staticPath,
        first: new Map(),
        hits: new Map(),
        misses: new Map(),
        statics: [],
        cpu: { hits: 0, misses: 0 },
        answers: new Map(),
      });
    }
    if (sides.length === 0) throw new Error("ab-suggest: name the builds: before=<worktree> after=<worktree>");
    const push = (map: Map<string, number[]>, q: string, ms: number) => map.set(q, [...(map.get(q) ?? []), ms]);
    for (const side of sides) {
      for (const q of TYPED) {
        const { ms, body } = await get(side, suggest(q));
        side.first.set(q, ms);
        side.answers.set(q, body);
      }
    }
    // Misses first (the answer memo's key moves with the community version; the vocabulary stays).
    for (let round = 0; round < missRounds; round++) {
      for (const side of sides) await ((await side.mf.getKVNamespace("KV")) as unknown as KVNamespace).put("community-version", `ab${round}-${Date.now()}`);
      await new Promise((r) => setTimeout(r, 5_200)); // the Worker's version memo (workers/catalogue-version.ts)
      const order = round % 2 === 0 ? sides : [...sides].reverse();
      const cpu0 = sides.map((s) => cpuMs(s.pid));
      for (const q of TYPED) for (const side of order) push(side.misses, q, (await get(side, suggest(q))).ms);
      sides.forEach((s, i) => {
        s.cpu.misses += cpuMs(s.pid) - (cpu0[i] ?? 0);
      });
    }
    for (let round = 0; round < rounds; round++) {
      const order = round % 2 === 0 ? sides : [...sides].reverse();
      const cpu0 = sides.map((s) => cpuMs(s.pid));
      for (const q of TYPED) for (const side of order) push(side.hits, q, (await get(side, suggest(q))).ms);
      sides.forEach((s, i) => {
        s.cpu.hits += cpuMs(s.pid) - (cpu0[i] ?? 0);
      });
      for (const side of order) for (let i = 0; i < 6; i++) side.statics.push((await get(side, side.staticPath)).ms);
    }
  } finally {
    const load1 = loadavg()[0] ?? Number.NaN;
    if (sides.length && sides.every((s) => s.hits.size > 0)) {
      console.log(`ab-suggest: 1-min load average ${fmt(load0)} → ${fmt(load1)}; ${missRounds} rounds of misses, ${rounds} of hits; ms`);
      console.log(["prefix", ...sides.flatMap((s) => [`${s.label} first`, `miss p50`, `miss max`, `hit p50`, `hit max`])].join("\t"));
      for (const q of new Set(TYPED)) {
        const row = sides.flatMap((s) => [
          s.first.get(q) ?? Number.NaN,
          p(s.misses.get(q) ?? [], 50),
          Math.max(...(s.misses.get(q) ?? [])),
          p(s.hits.get(q) ?? [], 50),
          Math.max(...(s.hits.get(q) ?? [])),
        ]);
        console.log([q, ...row.map(fmt)].join("\t"));
      }
      for (const s of sides) {
        const hits = [...s.hits.values()].flat();
        const misses = [...s.misses.values()].flat();
        const sp50 = p(s.statics, 50);
        console.log(
          `${s.label}: hits n=${hits.length} p50 ${fmt(p(hits, 50))} p90 ${fmt(p(hits, 90))} p99 ${fmt(p(hits, 99))} max ${fmt(Math.max(...hits))}; ` +
            `misses n=${misses.length} p50 ${fmt(p(misses, 50))} p99 ${fmt(p(misses, 99))}; static p50 ${fmt(sp50)} p99 ${fmt(p(s.statics, 99))}; ` +
            `hit p50 ÷ static p50 ${(p(hits, 50) / sp50).toFixed(2)}; workerd CPU per hit ${fmt(s.cpu.hits / Math.max(1, hits.length))} ms, per miss ${fmt(s.cpu.misses / Math.max(1, misses.length))} ms`,
        );
      }
      const [a, ...others] = sides;
      for (const q of TYPED)
        for (const o of others) if (a && o.answers.get(q) !== a.answers.get(q)) console.log(`ab-suggest: "${q}" answered differently by ${a.label} and ${o.label}`);
    }
    for (const s of sides) {
      await s.mf.dispose();
      s.build.dispose();
      rmSync(s.persist, { recursive: true, force: true });
    }
  }
}

const mode = process.argv[2];
if (mode === "prepare") await prepare();
else if (mode === "measure") await measure();
else console.log("npx node bench/ab-suggest.ts prepare [--apps=N] | measure [--rounds=R] [--miss-rounds=M] label=<worktree> …");
