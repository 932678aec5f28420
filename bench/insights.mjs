// The insights scenario of `npm run bench` (issue 30 "Measured"; docs/decisions/038): a hub admin
// opens one app's insights page with 90 days of rollups (and the 90 days before, for the comparison)
// on the 50,000-app catalogue. Target: 1-client p50 ≤ 30 ms; the run's table prints its ratio to
// the static file. `npm run bench -- --only=insights` runs it with the static file alone.
//
// Self-contained on purpose (bench/run.mjs calls it in a few lines): the admin's session is its own
// KV entry, so the other scenarios' logged-in person is not a hub admin and their pages are as before.

export const INSIGHTS_TARGET_P50_MS = 30;
const ADMIN_EMAIL = "insights-bench-admin@acme.example";
const SESSION_ID = "bench-session-insights";

/** The production vars plus this scenario's hub admin (HUB_ADMIN_EMAILS). */
export const insightsVars = (vars) => ({ ...vars, HUB_ADMIN_EMAILS: [vars.HUB_ADMIN_EMAILS, ADMIN_EMAIL].filter(Boolean).join(",") });

/** Whether --only asks for it (or nothing narrows the run); `static` comes along for the ratio. */
export const wantsInsights = (onlyIds) => !onlyIds || onlyIds.has("insights");

const DAY_MS = 86_400_000;

/**
 * 180 days of rollups for one app (both windows of the 90-day page), searches that led to it, and
 * the marketplace's days; plus the admin's session. `call` is run.mjs's helper Worker; `serialize`
 * makes the session cookie (run.mjs's benchSession does the same for its own person).
 */
export async function prepareInsights({ call, kv, serialize, app, log }) {
  const started = performance.now();
  let state = 30;
  const rnd = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
  const today = Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate());
  const days = Array.from({ length: 180 }, (_, i) => new Date(today - (179 - i) * DAY_MS).toISOString().slice(0, 10));
  const n = (mean) => Math.max(0, Math.round(mean * (0.6 + rnd() * 0.8)));
  const appRows = days.map((d) => {
    const views = n(120);
    return `('${app.id}', '${d}', ${views}, ${n(6)}, ${n(4)}, ${n(3)}, ${n(2)}, ${n(3)}, ${n(1)}, ${n(25)}, ${n(1)}, ${n(4)})`;
  });
  const searchRows = days.flatMap((d) => ["pollster", "polls", "team poll", "vote"].map((q) => `('${app.id}', '${d}', '${q}', ${n(6)})`));
  const marketRows = days.map((d) => `('${d}', ${n(50_000)}, ${n(3000)}, ${n(2000)}, ${n(900)}, ${n(600)}, ${n(700)}, ${n(200)}, ${n(8000)}, ${n(30_000)}, ${n(2000)})`);
  await call("batch", [
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
  const far = Date.now() + 7 * DAY_MS;
  const user = {
    id: "Y2lzY29zcGFyazovL3VzL1BFT1BMRS9pbnNpZ2h0cw",
    userId: "insights-bench",
    orgId: "Y2lzY29zcGFyazovL3VzL09SR0FOSVpBVElPTi9iZW5jaA",
    displayName: "Insights Admin",
    firstName: "Insights",
    lastName: "Admin",
    nickName: "",
    emails: [ADMIN_EMAIL],
    emailDomain: "acme.example",
    avatar: null,
    portalDisplayName: "Insights Admin",
  };
  const session = { user, tokens: { accessToken: "bench", refreshToken: "bench", accessExpiresAt: far, refreshExpiresAt: far }, trackingSession: "bench", createdAt: Date.now() };
  await kv.put(SESSION_ID, JSON.stringify(session));
  const cookie = await serialize(SESSION_ID);
  log(`bench: insights: 180 days of rollups for ${app.id} in ${(performance.now() - started).toFixed(0)} ms`);
  return cookie;
}

/** The load scenario: the app's insights page, 90-day window (180 rows read), as its hub admin. */
export function insightsScenario({ app, headers, cookie, check }) {
  return {
    id: "insights",
    label: `uncached app insights page, 90 days (+90 before) of rollups (/admin/insights/apps/…?days=90)`,
    paths: [`/admin/insights/apps/${encodeURIComponent(app.id)}?days=90`],
    headers: { ...headers, Cookie: cookie },
    check,
    insights: true,
  };
}

/** The verdict of the run's table: 1-client p50 against the target. */
export const insightsVerdict = (s, r, fmt) => ({
  target: `${s.label} p50 ≤ ${INSIGHTS_TARGET_P50_MS} ms, 1 client`,
  value: `${fmt(r.c1.p50)} ms`,
  ok: r.c1.p50 <= INSIGHTS_TARGET_P50_MS,
});
