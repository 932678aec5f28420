// A million apps (issue 31 item 2, docs/decisions/042): run with --apps=N (50,000, 250,000,
// 1,000,000) beside the load targets it is read with (`--only=scale,uncached-brand-new,…`):
//   - import: generation, the import's SQL (the import script's merged statements), its time per
//     1,000 apps; the D1 database's size and how far it is from D1's 10 GB limit;
//   - the FIRST requests of a new catalogue version, which the isolate's per-version memo
//     (docs/decisions/019) has not seen: --scale-versions times, the bench writes a new catalogue
//     version to KV, waits out the Worker's 5 s version memo, then asks once each: list pages,
//     searches with and without a typo, a word typed into the suggestions, detail pages; then the
//     same again (remembered). The very first search of a version also reads the search vocabulary.
import { fmt, log, table } from "../../scripts/harness/report.ts";
import { latencies, median } from "../../scripts/harness/stats.ts";
import type { CatalogueContext, Outcome, Scenario } from "../scenario.ts";

/** D1's limit per database (Cloudflare's documented 10 GB). */
export const D1_LIMIT_BYTES = 10 * 1000 ** 3;
const MEMO_WAIT_MS = 5_500;

type Kind = "list" | "search" | "typo" | "suggest" | "detail";

async function run(ctx: CatalogueContext): Promise<Outcome> {
  const { helper, kv } = ctx.worker;
  const headers = ctx.headers.uncached;
  const { slug } = ctx.fixtures.category;
  const requests: { kind: Kind; path: string }[] = [
    ...["/brand-new", "/meetings", `/category/${slug}`, "/bots", "/meetings?certification=hipaa&region=eu"].map((path) => ({ kind: "list" as const, path })),
    ...["poll", "notes", "calendar sync", "crm"].map((q) => ({ kind: "search" as const, path: `/search?${new URLSearchParams({ q })}` })),
    ...["pixl hub", "Magnet Incidnet", "trelis scribe", "pine gate"].map((q) => ({ kind: "typo" as const, path: `/search?${new URLSearchParams({ q })}` })),
    ...Array.from("calendar", (_, i) => ({ kind: "suggest" as const, path: `/api/suggest?${new URLSearchParams({ q: "calendar".slice(0, i + 1) })}` })),
    ...ctx.fixtures.detailIds.slice(0, 5).map((id) => ({ kind: "detail" as const, path: `/applications/${encodeURIComponent(id)}` })),
  ];
  // Timed from the load's client thread, as the load is (docs/decisions/053): a request timed on this
  // thread also timed its pauses for this heap's garbage collection.
  const timed = async (path: string) => {
    const [answer] = await ctx.load.each([path], headers);
    if (!answer) throw new Error(`scale: no answer for ${path}`);
    if (answer.status !== 200 && answer.status !== 302) throw new Error(`scale: ${path} answered ${answer.status}`);
    return answer.ms;
  };
  const first = new Map<Kind, number[]>();
  const again = new Map<Kind, number[]>();
  const firstSearch: number[] = [];
  const add = (map: Map<Kind, number[]>, kind: Kind, ms: number) => map.set(kind, [...(map.get(kind) ?? []), ms]);
  for (let v = 0; v < ctx.options.scaleVersions; v++) {
    await kv.put("catalogue-version", `${ctx.catalogue.version}-scale-${Date.now()}-${v}`);
    await new Promise((resolve) => setTimeout(resolve, MEMO_WAIT_MS));
    let searched = false;
    for (const r of requests) {
      const ms = await timed(r.path);
      if (!searched && (r.kind === "search" || r.kind === "typo")) {
        // The version's first search reads the vocabulary (docs/decisions/034): apart.
        firstSearch.push(ms);
        searched = true;
        continue;
      }
      add(first, r.kind, ms);
    }
    for (const r of requests) add(again, r.kind, await timed(r.path));
    log(`bench: scale: version ${v + 1}/${ctx.options.scaleVersions}: first list ${fmt(first.get("list")?.at(-5))} ms, first search ${fmt(firstSearch.at(-1))} ms`);
  }
  const size = (await helper.all("SELECT 1")).meta.size_after ?? ctx.imported.sizeBytes ?? Number.NaN;
  const apps = ctx.imported.apps;
  const figure = (map: Map<Kind, number[]>, kind: Kind) => latencies(map.get(kind) ?? []);
  const kinds: Kind[] = ["list", "search", "typo", "suggest", "detail"];
  const rows = kinds.map((k) => [k, first.get(k)?.length ?? 0, fmt(figure(first, k).p50), fmt(figure(first, k).p99), fmt(figure(again, k).p50), fmt(figure(again, k).p99)]);
  const figures = {
    apps,
    generateSeconds: ctx.imported.generateMs / 1000,
    sqlSeconds: ctx.imported.sqlMs / 1000,
    importSeconds: ctx.imported.importMs / 1000,
    importTotalSeconds: ctx.imported.importTotalMs / 1000,
    peakRssBytes: ctx.imported.peakRssBytes,
    slices: ctx.imported.slices,
    importMsPer1000Apps: ctx.imported.importMs / (apps / 1000),
    importStatements: ctx.imported.statements,
    reviewsSeconds: ctx.imported.reviewsMs / 1000,
    d1Bytes: size,
    d1ShareOfLimit: size / D1_LIMIT_BYTES,
    firstSearchOfVersionMs: median(firstSearch),
    firstOfVersion: Object.fromEntries(kinds.map((k) => [k, figure(first, k)])),
    remembered: Object.fromEntries(kinds.map((k) => [k, figure(again, k)])),
  };
  const report = [
    `Scale: ${apps.toLocaleString("en-US")} apps`,
    `  import: generated in ${fmt(figures.generateSeconds)} s, SQL ${fmt(figures.sqlSeconds)} s; ${figures.importStatements} statements in ${fmt(figures.importSeconds)} s (${fmt(figures.importMsPer1000Apps, 0)} ms per 1,000 apps); ` +
      `all ${fmt(figures.importTotalSeconds)} s in ${ctx.imported.slices.length} slices, peak RSS ${fmt(figures.peakRssBytes / 2 ** 20, 0)} MB; reviews ${fmt(figures.reviewsSeconds)} s`,
    `  D1: ${fmt(size / 1000 ** 2, 0)} MB = ${fmt(figures.d1ShareOfLimit * 100)} % of D1's 10 GB per database (${fmt((D1_LIMIT_BYTES - size) / 1000 ** 3, 2)} GB left)`,
    `  the first search of a new version (reads the vocabulary): median ${fmt(figures.firstSearchOfVersionMs)} ms over ${firstSearch.length} versions`,
    `  one client, ${ctx.options.scaleVersions} new catalogue versions; "first" = the first request of its address under the version, "again" = the same address once more (ms):`,
    table(["request", "n", "first p50", "first p99", "again p50", "again p99"], rows),
  ];
  return { report, verdicts: [], json: figures };
}

export const scale: Scenario = {
  id: "scale",
  about: "import time, D1 size, and the first request of a new catalogue version (lists, search with and without a typo, suggest, detail); use with --apps=N",
  needs: "catalogue",
  inFullRun: false,
  run,
};
