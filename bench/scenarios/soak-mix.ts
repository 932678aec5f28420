// Reads near the reader (issue 31 item 3, docs/decisions/042): what one isolate serves from its hot
// pages and how much of the soak's anonymous traffic the edge cache answers.
//   1. The soak's mix replayed (scripts/soak/mix.ts, the same weights, the soak's default 30 %
//      cache-busting share and 6 clients; --mix-clients, --mix-duration, --mix-seed) against the
//      production build with the --apps catalogue: every answer's X-Edge-Cache (HIT from the
//      isolate's hot pages or the Cache API, MISS = rendered and stored, none = not cacheable),
//      per kind and in all: the cache hit ratio under that mix.
//   2. Hot pages: the pages the mix asked most, all kept in the isolate, asked by 8 clients in
//      a closed loop for a quarter of --mix-duration: pages per second from one isolate.
import { summarizePhases } from "../../scripts/harness/load.ts";
import { fmt, kb, log, table } from "../../scripts/harness/report.ts";
import { mulberry32 } from "../../scripts/lib/catalogue-generator.ts";
import type { AppSummary, Category } from "../../app/models/types.ts";
import { anonymousRequest, bustQuery, categoryPagesOf, chooser, LIST_PATHS, logosOf, NAVIGATE, type Site, withQuery, XHR } from "../../scripts/soak/mix.ts";
import type { CatalogueContext, Outcome, Scenario } from "../scenario.ts";

/** The soak's default share of cache-busting GETs (scripts/soak/options.ts --bust). */
const BUST = 0.3;

async function discover(origin: string): Promise<Site> {
  const get = async (path: string, headers: Record<string, string>) => {
    const res = await fetch(`${origin}${path}`, { headers });
    return { status: res.status, text: await res.text() };
  };
  const apps: AppSummary[] = [];
  for (let offset = 0; offset < 5000; offset += 100) {
    const { status, text } = await get(`/api/search?max=100&offset=${offset}`, XHR);
    if (status !== 200) throw new Error(`soak-mix: /api/search answered ${status}`);
    const { items } = JSON.parse(text) as { items: AppSummary[] };
    apps.push(...items);
    if (items.length < 100) break;
  }
  const categories = JSON.parse((await get("/api/fetch-all-categories", XHR)).text) as Category[];
  const listPages: string[] = [];
  const listPagesWithMore: string[] = [];
  for (const list of LIST_PATHS) {
    const { status, text } = await get(`/${list}`, NAVIGATE);
    if (status !== 200) continue;
    listPages.push(list);
    if (text.includes(`href="/${list}?page=2`)) listPagesWithMore.push(list);
  }
  const webhookApps = new Set(["incoming-webhooks", "outgoing-webhooks"]);
  const bots = apps.filter((a) => a.type === "bot" && a.status === "published" && !webhookApps.has(a.friendlyId ?? ""));
  return { apps, bots, categoryPages: categoryPagesOf(categories), logos: logosOf(apps, origin), listPages, listPagesWithMore };
}

type Tally = { requests: number; hit: number; miss: number; none: number; status2xx: number; latencies: number[] };
/** GETs in the second half of the replay: the hit ratio once the first visits have filled the cache. */
const late = { gets: 0, hits: 0, misses: 0 };

async function run(ctx: CatalogueContext): Promise<Outcome> {
  const origin = ctx.worker.origin;
  const site = await discover(origin);
  const mix = chooser(mulberry32(ctx.options.mixSeed));
  const tallies = new Map<string, Tally>();
  const paths = new Map<string, number>();
  const consent = { Cookie: "performance_consent=true" };
  const until = performance.now() + ctx.options.mixMs;
  const started = performance.now();
  const client = async () => {
    let lastPage = "/";
    while (performance.now() < until) {
      const choice = anonymousRequest(site, mix);
      const address = ctx.load.address();
      const t0 = performance.now();
      let kind: string;
      let cache: string | null = null;
      let status: number;
      if (!("path" in choice)) {
        kind = "analytics";
        const res = await fetch(`${origin}/api/analytics`, {
          method: "POST",
          headers: { ...XHR, ...consent, "Content-Type": "application/json", Origin: origin, Referer: `${origin}${lastPage}`, "CF-Connecting-IP": address },
          body: JSON.stringify({ key: ctx.build.vars.ANALYTICS_KEY || undefined, events: [{ name: "AppHub_pageView", props: { path: lastPage, utm_source: "soak" } }] }),
        });
        await res.arrayBuffer();
        status = res.status;
      } else {
        const bust = mix.chance(BUST);
        kind = bust ? `${choice.kind} +bust` : choice.kind;
        const path = withQuery(choice.path, bust ? bustQuery(mix) : "");
        // A browser follows /search's redirect to the filtered address (issue 28); so does this.
        let res = await fetch(`${origin}${path}`, { headers: { ...choice.headers, ...consent, "CF-Connecting-IP": address }, redirect: "manual" });
        await res.arrayBuffer();
        const redirected = res.status === 302 && choice.kind === "search";
        if (redirected) {
          const to = new URL(res.headers.get("Location") ?? "/", origin);
          res = await fetch(`${origin}${to.pathname}${to.search}`, { headers: { ...choice.headers, ...consent, "CF-Connecting-IP": address }, redirect: "manual" });
          await res.arrayBuffer();
        }
        status = res.status;
        cache = res.headers.get("X-Edge-Cache");
        if (choice.headers === NAVIGATE) lastPage = choice.path;
        if (!bust && !redirected && status === 200 && choice.headers === NAVIGATE) paths.set(choice.path, (paths.get(choice.path) ?? 0) + 1);
      }
      const tally = tallies.get(kind) ?? { requests: 0, hit: 0, miss: 0, none: 0, status2xx: 0, latencies: [] };
      tallies.set(kind, tally);
      tally.requests++;
      tally.latencies.push(performance.now() - t0);
      if (status >= 200 && status < 300) tally.status2xx++;
      if (kind === "analytics") continue;
      if (t0 - started > ctx.options.mixMs / 2) {
        late.gets++;
        if (cache === "HIT") late.hits++;
        if (cache === "MISS") late.misses++;
      }
      if (cache === "HIT") tally.hit++;
      else if (cache === "MISS") tally.miss++;
      else tally.none++;
    }
  };
  await Promise.all(Array.from({ length: ctx.options.mixClients }, client));
  const seconds = (performance.now() - started) / 1000;
  const all = [...tallies.values()];
  const sum = (f: (t: Tally) => number, list = all) => list.reduce((a, t) => a + f(t), 0);
  const gets = [...tallies].filter(([k]) => k !== "analytics").map(([, t]) => t);
  const hits = sum((t) => t.hit, gets);
  const misses = sum((t) => t.miss, gets);
  const none = sum((t) => t.none, gets);
  const getCount = sum((t) => t.requests, gets);
  log(`bench: soak-mix: ${sum((t) => t.requests)} requests in ${fmt(seconds)} s, ${fmt((100 * hits) / getCount)} % of GETs were edge-cache hits`);

  // Hot pages: the 40 pages the mix asked most (without junk), kept in the isolate, 8 clients.
  const hot = [...paths]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 40)
    .map(([p]) => p);
  for (const p of hot) for (let i = 0; i < 3; i++) await (await fetch(`${origin}${p}`, { headers: NAVIGATE })).arrayBuffer();
  const hotTarget = {
    id: "soak-mix-hot",
    paths: hot,
    headers: NAVIGATE,
    edgeCache: "HIT" as const,
  };
  const hotRun = summarizePhases([await ctx.load.phase(hotTarget, 8, Math.max(2000, ctx.options.mixMs / 4))]);
  const staticRps = (ctx.earlier.get("load")?.json as { load?: Record<string, { rps: number }> } | undefined)?.load?.static?.rps;

  const rows = [...tallies]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, t]) => {
      const l = summarizePhases([{ latencies: t.latencies, errors: 0, failed: 0, bytes: 0, seconds: 1, firstProblem: null }]);
      return [
        kind,
        t.requests,
        fmt(t.requests / seconds, 1),
        kind === "analytics" ? "" : t.hit,
        kind === "analytics" ? "" : t.miss,
        kind === "analytics" ? "" : t.none,
        kind === "analytics" ? "" : `${fmt((100 * t.hit) / t.requests, 0)} %`,
        fmt(l.p50),
        fmt(l.p99),
      ];
    });
  const figures = {
    seconds,
    clients: ctx.options.mixClients,
    bustShare: BUST,
    requests: sum((t) => t.requests),
    requestsPerSecond: sum((t) => t.requests) / seconds,
    gets: getCount,
    hits,
    misses,
    uncacheable: none,
    hitRatio: hits / getCount,
    hitRatioOfCacheable: hits / (hits + misses),
    secondHalf: { gets: late.gets, hitRatio: late.hits / late.gets, hitRatioOfCacheable: late.hits / (late.hits + late.misses) },
    perKind: Object.fromEntries([...tallies].map(([k, t]) => [k, { requests: t.requests, hit: t.hit, miss: t.miss, none: t.none, status2xx: t.status2xx }])),
    hotPages: {
      pages: hot.length,
      rps: hotRun.rps,
      p50: hotRun.p50,
      p99: hotRun.p99,
      avgKb: kb(hotRun.avgBytes),
      failed: hotRun.failed,
      ratioToStatic: staticRps ? hotRun.rps / staticRps : null,
    },
  };
  const report = [
    `The soak's anonymous mix replayed (scripts/soak/mix.ts; ${ctx.options.mixClients} clients, ${BUST * 100} % cache-busting, seed ${ctx.options.mixSeed}) for ${fmt(seconds)} s on the production build, ${ctx.imported.apps} apps: X-Edge-Cache per kind`,
    table(["kind", "requests", "req/s", "HIT", "MISS", "none", "hit ratio", "p50 ms", "p99 ms"], rows),
    `  edge-cache hit ratio: ${fmt(figures.hitRatio * 100)} % of ${getCount} GETs (${fmt(figures.hitRatioOfCacheable * 100)} % of the cacheable ones: HIT / (HIT + MISS)); ${none} answers not cacheable (none); ${fmt(figures.requestsPerSecond)} requests/s in all`,
    `  in the second half (the first visits have filled the cache): ${fmt(figures.secondHalf.hitRatio * 100)} % of ${late.gets} GETs, ${fmt(figures.secondHalf.hitRatioOfCacheable * 100)} % of the cacheable ones`,
    `Hot pages: the ${hot.length} pages the mix asked most, kept in the isolate, 8 clients: ${fmt(hotRun.rps, 0)} pages/s from one isolate (p50 ${fmt(hotRun.p50)} ms, p99 ${fmt(hotRun.p99)} ms, ${fmt(kb(hotRun.avgBytes))} KB each${staticRps ? `; ${fmt(hotRun.rps / staticRps, 2)}× the static asset's req/s in this run` : ""})${hotRun.failed ? `; (!) ${hotRun.failed} not HIT: ${hotRun.firstProblem}` : ""}`,
  ];
  return { report, verdicts: [], json: figures };
}

export const soakMix: Scenario = {
  id: "soak-mix",
  about: "the soak's anonymous mix replayed: edge-cache hit ratio per kind and in all; pages per second from one isolate with hot pages",
  needs: "catalogue",
  inFullRun: false,
  run,
};
