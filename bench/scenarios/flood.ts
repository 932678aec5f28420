// Analytics under a flood (issue 12): a list page's latency alone, and while 2,000 analytics
// beacons arrive as fast as 64 connections send them. Twice: all from one address (past its
// allowance the Worker answers 429 before reading a body) and each from its own address (all
// accepted: their counts are written together, one D1 write at a time per isolate). One client asks
// for the page, so its latency has no queue of its own in it; rounds alternate alone/during so
// background load on the machine hits both alike.
import { fmt, log, table } from "../../scripts/harness/report.ts";
import { percentile, ascending } from "../../scripts/harness/stats.ts";
import type { CatalogueContext, Headers, Outcome, Scenario } from "../scenario.ts";

const BEACONS = 2000;
const ROUNDS = 3;

type Row = {
  page: string;
  burst: string;
  aloneP50: number;
  aloneP99: number;
  duringP50: number;
  duringP99: number;
  pagesDuring: number;
  burstMs: number;
  statuses: Record<string, number>;
  vsReferenceP50?: number;
  vsReferenceP99?: number;
};

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function run(ctx: CatalogueContext): Promise<Outcome> {
  const origin = ctx.worker.origin;
  const { browser, uncached } = ctx.headers;
  const address = ctx.load.address;
  const beaconBody = JSON.stringify({ key: ctx.build.vars.ANALYTICS_KEY || undefined, events: [{ name: "AppHub_pageView", props: { path: "/bots", utm_source: "bench" } }] });
  const pages: { label: string; path: string; headers: Headers }[] = [
    { label: "uncached /brand-new (D1 + render)", path: "/brand-new", headers: uncached },
    { label: "cached /brand-new (edge HIT)", path: "/brand-new", headers: browser },
  ];
  // The reference: the same burst of the cheapest request there is (an edge-cache hit). Locally
  // one isolate on one thread serves everything, so any burst queues in front of the page; what
  // the beacons add beyond that reference is what analytics costs.
  const bursts: { id: string; label: string; address: () => string; path?: string }[] = [
    { id: "reference", label: "reference: 2,000 edge-cache hits (/robots.txt)", address: () => address(19), path: "/robots.txt" },
    { id: "one-address", label: "2,000 beacons from one address", address: () => "198.19.0.1" },
    { id: "many-addresses", label: "2,000 beacons, each from its own address", address: () => address(19) },
  ];
  /** One client asking for the page until `done()`; latencies in ms. */
  const pageLoop = async (page: (typeof pages)[number], done: () => boolean) => {
    const out: number[] = [];
    while (!done()) {
      const t0 = performance.now();
      const res = await fetch(`${origin}${page.path}`, { headers: { ...page.headers, "CF-Connecting-IP": "198.18.255.1" } });
      await res.arrayBuffer();
      if (res.status === 200) out.push(performance.now() - t0);
    }
    return out;
  };
  const burst = async (b: (typeof bursts)[number]) => {
    const statuses = new Map<number, number>();
    let next = 0;
    const sender = async () => {
      while (next < BEACONS) {
        next++;
        const res = b.path
          ? await fetch(`${origin}${b.path}`, { headers: { ...browser, "CF-Connecting-IP": b.address() } })
          : await fetch(`${origin}/api/analytics`, {
              method: "POST",
              headers: { "Content-Type": "text/plain;charset=UTF-8", "CF-Connecting-IP": b.address() },
              body: beaconBody,
            });
        await res.arrayBuffer();
        statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      }
    };
    const t0 = performance.now();
    await Promise.all(Array.from({ length: 64 }, sender));
    return { ms: performance.now() - t0, statuses };
  };
  const counted = async () => Number((await ctx.worker.helper.all<{ n: number }>("SELECT coalesce(sum(count), 0) AS n FROM analytics_daily")).results[0]?.n ?? 0);
  const countBefore = await counted();
  let accepted = 0;
  const rows: Row[] = [];
  for (const page of pages) {
    // Warm the page (and, for the cached one, the edge cache).
    for (let i = 0; i < 20; i++) await (await fetch(`${origin}${page.path}`, { headers: page.headers })).arrayBuffer();
    for (const b of bursts) {
      const alone: number[] = [];
      const during: number[] = [];
      let burstMs = 0;
      const statuses = new Map<number, number>();
      for (let round = 0; round < ROUNDS; round++) {
        // Past the one address's 10 s window, so every burst meets the same allowance.
        if (b.id === "one-address") await sleep(10_000 - (Date.now() % 10_000) + 50);
        const until = performance.now() + 1500;
        alone.push(...(await pageLoop(page, () => performance.now() > until)));
        let finished = false;
        const loop = pageLoop(page, () => finished);
        const result = await burst(b);
        finished = true;
        during.push(...(await loop));
        burstMs += result.ms;
        for (const [status, n] of result.statuses) statuses.set(status, (statuses.get(status) ?? 0) + n);
      }
      if (!b.path) accepted += statuses.get(204) ?? 0;
      const a = ascending(alone);
      const d = ascending(during);
      rows.push({
        page: page.label,
        burst: b.label,
        aloneP50: percentile(a, 50),
        aloneP99: percentile(a, 99),
        duringP50: percentile(d, 50),
        duringP99: percentile(d, 99),
        pagesDuring: during.length,
        burstMs: burstMs / ROUNDS,
        statuses: Object.fromEntries(statuses),
      });
    }
  }
  // Accepted beacons are all counted once the last write is done.
  let recorded = 0;
  for (let i = 0; i < 50; i++) {
    recorded = (await counted()) - countBefore;
    if (recorded >= accepted) break;
    await sleep(100);
  }
  const answers = (f: Row) =>
    Object.entries(f.statuses)
      .map(([k, v]) => `${v}×${k}`)
      .join(", ");
  for (const f of rows) {
    const ref = rows.find((r) => r.page === f.page && r.burst.startsWith("reference"));
    f.vsReferenceP50 = f.duringP50 / (ref?.duringP50 ?? Number.NaN);
    f.vsReferenceP99 = f.duringP99 / (ref?.duringP99 ?? Number.NaN);
    log(
      `  flood: ${f.page} during ${f.burst}: p50 ${fmt(f.aloneP50)} → ${fmt(f.duringP50)} ms (${fmt(f.duringP50 / f.aloneP50, 2)}×), ` +
        `p99 ${fmt(f.aloneP99)} → ${fmt(f.duringP99)} ms (${fmt(f.duringP99 / f.aloneP99, 2)}×); burst ${fmt(f.burstMs, 0)} ms; answers ${answers(f)}`,
    );
  }
  const report = [
    "Analytics flood: one client's page latency alone vs during a burst of 2,000 requests (64 connections), 3 rounds each (ms); " +
      "× = during/alone, × ref = during/during the reference burst of edge-cache hits",
    table(
      ["page", "burst", "alone p50", "during p50", "p50 ×", "alone p99", "during p99", "p99 ×", "p50 × ref", "p99 × ref", "burst ms", "answers"],
      rows.map((f) => [
        f.page,
        f.burst,
        fmt(f.aloneP50),
        fmt(f.duringP50),
        fmt(f.duringP50 / f.aloneP50, 2),
        fmt(f.aloneP99),
        fmt(f.duringP99),
        fmt(f.duringP99 / f.aloneP99, 2),
        fmt(f.vsReferenceP50, 2),
        fmt(f.vsReferenceP99, 2),
        fmt(f.burstMs, 0),
        answers(f),
      ]),
    ),
    `Accepted beacons ${accepted}; counted in D1 ${recorded} (nothing accepted is lost).`,
  ];
  return { report, verdicts: [], json: { scenarios: rows, accepted, recorded } };
}

export const flood: Scenario = {
  id: "flood",
  about: "a page's latency alone and during 2,000 analytics beacons (one address, many addresses, a reference burst)",
  needs: "catalogue",
  inFullRun: true,
  run,
};
