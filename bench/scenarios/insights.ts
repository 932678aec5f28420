// An app's insights page (issue 30 "Measured"; docs/decisions/038): a hub admin opens one app's
// insights page with 90 days of rollups (and the 90 days before, for the comparison) on the --apps
// catalogue, as a load target: --concurrency clients, then one, in --rounds rounds, as the load's
// targets. Target: 1-client p50 ≤ 30 ms; the table prints its ratio to the static file, which comes
// along: the load's `static` figures when the load ran before it, else measured here in the same
// rounds (`--only=insights`).
//
// The admin's session is its own KV entry (BENCH_HUB_ADMIN, added to HUB_ADMIN_EMAILS by
// bench/lib/build.ts), so the other scenarios' logged-in person is not a hub admin and their pages
// are as before.
import type { LoadSummary } from "../../scripts/harness/load.ts";
import { fmt, log } from "../../scripts/harness/report.ts";
import { BENCH_HUB_ADMIN } from "../lib/build.ts";
import { benchTokens, storeSession } from "../lib/catalogue.ts";
import type { CatalogueContext, Outcome, Scenario } from "../scenario.ts";
import { figuresCaption, figuresTable, type LoadFigures, loadTargets, measureTargets } from "./load.ts";

export const INSIGHTS_TARGET_P50_MS = 30;
const SESSION_ID = "bench-session-insights";
const DAY_MS = 86_400_000;

/**
 * 180 days of rollups for one app (both windows of the 90-day page), searches that led to it, and
 * the marketplace's days; plus the admin's session. Returns its Cookie header.
 */
async function prepare(ctx: CatalogueContext, appId: string): Promise<string> {
  const started = performance.now();
  let state = 30;
  const rnd = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
  const now = new Date();
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const days = Array.from({ length: 180 }, (_, i) => new Date(today - (179 - i) * DAY_MS).toISOString().slice(0, 10));
  const n = (mean: number) => Math.max(0, Math.round(mean * (0.6 + rnd() * 0.8)));
  const appRows = days.map((d) => {
    const views = n(120);
    return `('${appId}', '${d}', ${views}, ${n(6)}, ${n(4)}, ${n(3)}, ${n(2)}, ${n(3)}, ${n(1)}, ${n(25)}, ${n(1)}, ${n(4)})`;
  });
  const searchRows = days.flatMap((d) => ["pollster", "polls", "team poll", "vote"].map((q) => `('${appId}', '${d}', '${q}', ${n(6)})`));
  const marketRows = days.map((d) => `('${d}', ${n(50_000)}, ${n(3000)}, ${n(2000)}, ${n(900)}, ${n(600)}, ${n(700)}, ${n(200)}, ${n(8000)}, ${n(30_000)}, ${n(2000)})`);
  await ctx.worker.helper.batch([
    {
      sql: `INSERT OR REPLACE INTO insights_app_daily (app_id, day, views, add_starts, adds, connect_starts, connects, follows, unfollows, search_opens, ratings, rating_sum) VALUES ${appRows.join(", ")}`,
      params: [],
    },
    { sql: `INSERT OR REPLACE INTO insights_app_search_daily (app_id, day, query, opens) VALUES ${searchRows.join(", ")}`, params: [] },
    {
      sql: `INSERT OR REPLACE INTO insights_market_daily (day, views, add_starts, adds, connect_starts, connects, follows, unfollows, search_opens, searches, searches_empty) VALUES ${marketRows.join(", ")}`,
      params: [],
    },
  ]);
  const user = {
    id: "Y2lzY29zcGFyazovL3VzL1BFT1BMRS9pbnNpZ2h0cw",
    userId: "insights-bench",
    orgId: "Y2lzY29zcGFyazovL3VzL09SR0FOSVpBVElPTi9iZW5jaA",
    displayName: "Insights Admin",
    firstName: "Insights",
    lastName: "Admin",
    nickName: "",
    emails: [BENCH_HUB_ADMIN],
    emailDomain: "acme.example",
    avatar: null,
    portalDisplayName: "Insights Admin",
  };
  const cookie = await storeSession(ctx.worker.kv, ctx.build.vars, SESSION_ID, { user, tokens: benchTokens(), trackingSession: "bench", createdAt: Date.now() });
  log(`bench: insights: 180 days of rollups for ${appId} in ${fmt(performance.now() - started, 0)} ms`);
  return cookie;
}

type Figures = LoadSummary & { label: string; c1: LoadSummary; ratioToStatic: number };

async function run(ctx: CatalogueContext): Promise<Outcome> {
  const app = ctx.catalogue.apps.find((a) => a.status === "published");
  if (!app) throw new Error("insights: no published app in the catalogue");
  const cookie = await prepare(ctx, app.id);
  const insights = {
    id: "insights",
    label: "uncached app insights page, 90 days (+90 before) of rollups (/admin/insights/apps/…?days=90)",
    paths: [`/admin/insights/apps/${encodeURIComponent(app.id)}?days=90`],
    headers: { ...ctx.headers.browser, Cookie: cookie },
    edgeCache: "none" as const,
  };
  // The static file: the load's figures from this run when it measured it, else measured here.
  const earlier = (ctx.earlier.get("load")?.json as { load?: LoadFigures } | undefined)?.load?.static;
  const staticTarget = loadTargets(ctx).find((t) => t.id === "static");
  const targets = earlier || !staticTarget ? [insights] : [staticTarget, insights];
  const measured = await measureTargets(ctx, targets);
  const staticFigures = earlier ?? (staticTarget ? measured[staticTarget.id] : undefined) ?? null;
  const staticRps = staticFigures?.rps ?? Number.NaN;
  const r: Figures = { ...measured[insights.id]!, ratioToStatic: Number.NaN };
  r.ratioToStatic = r.rps / staticRps;

  const ok = r.c1.p50 <= INSIGHTS_TARGET_P50_MS;
  const rows = [
    ...(staticFigures ? [{ figures: staticFigures, goal: earlier ? "(the load's)" : "" }] : []),
    { figures: r, goal: `p50≤${INSIGHTS_TARGET_P50_MS}: 1c ${ok ? "ok" : "MISSED"}` },
  ];
  const report = [figuresCaption(ctx, `Insights (issue 30): a hub admin's app insights page, ${ctx.imported.apps} apps`), figuresTable(rows, staticRps)];
  return {
    report,
    verdicts: [{ target: `${insights.label} p50 ≤ ${INSIGHTS_TARGET_P50_MS} ms, 1 client`, value: `${fmt(r.c1.p50)} ms`, ok }],
    json: { app: app.id, insights: r, static: staticFigures },
  };
}

export const insights: Scenario = {
  id: "insights",
  about: "issue 30: an app's insights page with 90 days of rollups as a hub admin, 1-client p50, ratio to the static file",
  needs: "catalogue",
  inFullRun: true,
  run,
};
