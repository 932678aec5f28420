// App Hub benchmark (issue 2, "Benchmark"): `npm run bench` — not a test. bench/README.md has the
// flags, the scenarios and how to add one.
//
//   npm run bench [-- --no-build] [--only=id,id…] [--apps=50000] [--duration=5] [--warmup=1] [--concurrency=8]
//                 [--latency-duration=1.5] [--rounds=5] [--max-requests=20000] [--no-explain] [--proposed] …
//
// One run: builds the Worker (unless --no-build) and snapshots dist/app.js + public/ (others may
// rebuild meanwhile). When a selected scenario needs the catalogue, it starts ONE built Worker in
// Miniflare (workerd) with D1 + KV, the production environment's wrangler.toml vars plus test
// secrets (LOG_LEVEL=warn), generates and imports the --apps catalogue, and runs those scenarios
// against it (bench/scenarios/: load, insights, flood, first-load, d1, scale, soak-mix); then the
// scenarios that bring their own Worker (lighthouse, fanout, startup, relevance, org). Every report is printed once,
// in the registry's order (bench/scenarios/index.ts), then every target.
//
// Transport: real HTTP over Miniflare's entry socket on 127.0.0.1 (random port) with Node's built-in
// fetch (undici, keep-alive), closer to a browser than `mf.dispatchFetch`. The load generator and
// workerd share the machine's cores, and so does anything else running, so absolute figures are
// lower than on the edge (the run prints the load average); ratios to the static asset and the
// one-client latencies are the figures to compare.
//
// "Uncached" requests carry a real logged-in session cookie: the Worker never uses the shared edge
// cache for such requests (workers/edge-cache.ts), so every one runs the loaders, D1 and the SSR
// render (the isolate's per-version memo still remembers totals and pages: docs/decisions/019).
//
// Results are printed as tables and written to .bench/results.json (.bench/<id>.json when one
// scenario with its own Worker runs alone). Missed targets print MISSED but the exit code stays 0 (it
// is a benchmark, not a test); it is 1 only if the run itself fails, 2 past the run's deadline.
import { availableParallelism, loadavg } from "node:os";
import { readFileSync } from "node:fs";
import { loadGenerator } from "../scripts/harness/load.ts";
import { freePort } from "../scripts/harness/processes.ts";
import { describeError, fmt, log, type Verdict, verdictReport, writeJson } from "../scripts/harness/report.ts";
import { BenchError, type Build, prepareBuild } from "./lib/build.ts";
import { benchSession, detailApps, generateAndImport, migrate, seedReviews } from "./lib/catalogue.ts";
import { type BenchWorker, startBenchWorker } from "./lib/worker.ts";
import { parseOptions } from "./options.ts";
import type { BuildContext, CatalogueContext, Outcome, Scenario } from "./scenario.ts";
import { SCENARIOS } from "./scenarios/index.ts";

const root = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
const BROWSER_HEADERS = {
  Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
};

function readOptions() {
  try {
    return parseOptions(process.argv.slice(2));
  } catch (error) {
    process.stderr.write(`bench: ${error instanceof Error ? error.message : String(error)} (npm run bench -- --help)\n`);
    return process.exit(1);
  }
}
const options = readOptions();
if (options.help) {
  const readme = readFileSync(`${root}/bench/README.md`, "utf8");
  log(readme);
  process.exit(0);
}

/** Every --only id a scenario answers to. */
const idsOf = (s: Scenario) => [s.id, ...(s.ids ?? [])];
const known = new Set(SCENARIOS.flatMap(idsOf));
const unknown = [...(options.only ?? [])].filter((id) => !known.has(id));
if (unknown.length) {
  process.stderr.write(`bench: --only: no scenario "${unknown.join('", "')}"; known: ${[...known].join(", ")}\n`);
  process.exit(1);
}
const named = (s: Scenario) => (options.only ? idsOf(s).some((id) => options.only?.has(id)) : s.inFullRun);
const chosen = SCENARIOS.filter(named);
const catalogueRun = chosen.some((s) => s.needs === "catalogue");
// Scenarios marked `always` (first-load JS, the D1 table) come with every catalogue run.
const selected = SCENARIOS.filter((s) => named(s) || (catalogueRun && s.needs === "catalogue" && s.always));

const runStarted = performance.now();
const loadAtStart = loadavg()[0] ?? Number.NaN;
let cleanup: () => Promise<void> = async () => {};
const deadline = setTimeout(() => {
  process.stderr.write(`bench: run deadline (${fmt(options.deadlineMs / 60_000, 0)} min) reached, stopping\n`);
  void cleanup().finally(() => process.exit(2));
}, options.deadlineMs);
deadline.unref();

const outcomes = new Map<string, Outcome>();
const failures: string[] = [];
let catalogueFigures: Record<string, unknown> | null = null;

async function runScenario(s: Scenario, run: () => Promise<Outcome>) {
  try {
    outcomes.set(s.id, await run());
  } catch (error) {
    failures.push(s.id);
    process.stderr.write(`bench: ${s.id} failed: ${describeError(error)}\n`);
  }
}

async function catalogueScenarios(build: Build, base: BuildContext) {
  const inspectorPort = options.profile ? (options.port ? options.port + 1 : await freePort()) : undefined;
  const worker: BenchWorker = await startBenchWorker(build, { port: options.port, inspectorPort, state: options.state });
  cleanup = () => worker.dispose();
  try {
    const { helper, kv, origin } = worker;
    const migrateMs = await migrate(root, helper, options.proposed);
    const imported = await generateAndImport(helper, options.apps, { sliceApps: options.importSliceApps });
    const { catalogue } = imported;
    await kv.put("catalogue-version", `${catalogue.version}-bench-${Date.now()}`);
    const uncached = { ...BROWSER_HEADERS, Cookie: await benchSession(kv, build.vars) };
    const reviewsMs = await seedReviews(helper, catalogue);
    const counts = await helper.all<{ status: string; n: number }>("SELECT status, count(*) AS n FROM apps GROUP BY status");
    log(
      `bench: migrations ${fmt(migrateMs)} ms; imported ${imported.statements} statements in ${fmt(imported.importMs / 1000, 2)} s ` +
        `(${counts.results.map((r) => `${r.n} ${r.status}`).join(", ")}); reviews in ${fmt(reviewsMs)} ms; worker at ${origin}; ` +
        `state (D1, KV, cache, rate-limit counters) in ${worker.state === "memory" ? "memory (tmpfs)" : "files on disk"}`,
    );
    // Fixtures: a list page's size (for the static asset of the same size), a category of median
    // size (by published apps, so neither a tiny nor the biggest one), the detail apps.
    const sample = await fetch(`${origin}/brand-new`, { headers: uncached });
    const sampleHtml = await sample.text();
    if (sample.status !== 200) throw new Error(`GET /brand-new answered ${sample.status}: ${sampleHtml.slice(0, 300)}`);
    const categoryRows = await helper.all<{ slug: string; n: number }>(
      `SELECT k.slug, count(DISTINCT c.app_seq) AS n FROM categories k
         JOIN app_categories c ON c.category_id = k.id JOIN apps a ON a.seq = c.app_seq
         WHERE k.category_type <> 'appContext' AND a.status = 'published' GROUP BY k.slug ORDER BY n`,
    );
    const category = categoryRows.results[Math.floor(categoryRows.results.length / 2)] ?? { slug: "", n: 0 };
    const ctx: CatalogueContext = {
      ...base,
      worker,
      catalogue,
      imported: {
        apps: imported.apps,
        generateMs: imported.generateMs,
        sqlMs: imported.sqlMs,
        migrateMs,
        importMs: imported.importMs,
        importTotalMs: imported.totalMs,
        reviewsMs,
        statements: imported.statements,
        sizeBytes: imported.sizeBytes,
        peakRssBytes: imported.peakRssBytes,
        slices: imported.slices,
      },
      headers: { browser: BROWSER_HEADERS, uncached },
      load: loadGenerator(origin, { maxRequests: options.maxRequests }),
      fixtures: { category, detailIds: detailApps(catalogue).map((a) => a.friendlyId ?? a.id), listPageBytes: Buffer.byteLength(sampleHtml) },
      earlier: outcomes,
      inspectorPort,
    };
    catalogueFigures = { categories: catalogue.categories.length, ...ctx.imported };
    for (const s of selected) if (s.needs === "catalogue") await runScenario(s, () => s.run(ctx));
  } finally {
    await worker.dispose();
    cleanup = async () => {};
  }
}

let exitCode = 0;
let build: Build | null = null;
try {
  build = prepareBuild(root, options.build);
  const snapshot = build;
  const previous = cleanup;
  cleanup = async () => {
    await previous();
    snapshot.dispose();
  };
  const base: BuildContext = { root, options, build, wants: (id) => (options.only ? options.only.has(id) : true) };
  log(`bench: scenarios ${selected.map((s) => s.id).join(", ")}`);
  if (catalogueRun) await catalogueScenarios(build, base);
  for (const s of selected) if (s.needs === "build") await runScenario(s, () => s.run(base));

  // The report: each scenario's once, in the registry's order, then every target.
  const verdicts: Verdict[] = [];
  for (const s of selected) {
    const outcome = outcomes.get(s.id);
    if (!outcome) continue;
    log("");
    for (const line of outcome.report) log(line);
    verdicts.push(...outcome.verdicts);
  }
  log("");
  log("Targets");
  for (const line of verdictReport(verdicts)) log(line);
  if (failures.length) log(`\nFAILED to run: ${failures.join(", ")}`);

  const alone = selected.length === 1 && selected[0]?.needs === "build" ? selected[0] : null;
  if (alone) {
    const json = outcomes.get(alone.id)?.json;
    writeJson(`${root}/.bench/${alone.id}.json`, { date: new Date().toISOString(), loadAverage1m: loadavg()[0], ...(json as object), targets: verdicts });
  } else {
    writeJson(`${root}/.bench/results.json`, {
      date: new Date().toISOString(),
      node: process.version,
      machine: { cpus: availableParallelism(), loadAverage1mStart: loadAtStart, loadAverage1mEnd: loadavg()[0] },
      settings: { ...options.raw, transport: "HTTP keep-alive (Node fetch) to Miniflare on 127.0.0.1", vars: build.vars },
      catalogue: catalogueFigures,
      scenarios: Object.fromEntries([...outcomes].map(([id, o]) => [id, o.json])),
      targets: verdicts,
      failed: failures,
      totalSeconds: (performance.now() - runStarted) / 1000,
    });
  }
  log(
    `\nbench: results in .bench/${alone ? `${alone.id}.json` : "results.json"}; whole run ${fmt((performance.now() - runStarted) / 1000, 0)} s; 1-min load average ${fmt(loadAtStart)} at ` +
      `start, ${fmt(loadavg()[0])} at the end on ${availableParallelism()} CPUs (other processes on this machine skew the absolute figures)`,
  );
  exitCode = failures.length ? 1 : 0;
} catch (error) {
  process.stderr.write(`bench: ${error instanceof BenchError ? error.message : `failed: ${describeError(error)}`}\n`);
  exitCode = 1;
} finally {
  await cleanup();
}
process.exit(exitCode);
