// Insights (issues 30 items 3-6 and 28 item 8; docs/decisions/038) through the built Worker in
// Miniflare: consented beacons and actions go through the INSIGHTS_QUEUE (wrangler.toml's queue,
// consumed by the Worker) into the daily rollups, and the counts there equal the events sent; no
// consent, no count. The pages are for hub admins (the marketplace's, any app's) and a publisher's
// members (their own apps only); everyone else gets the not-found page.
import { describe, expect, it } from "vitest";
import { publisherSlugOf } from "../../app/models/catalogue-record.ts";
import { USERS } from "../../workers/platform/demo-data.ts";
import { eventually } from "./followers-helpers.ts";
import { BACK_OFFICE_WORKER } from "./harness.ts";
import { page as parse } from "./html.ts";
import { Jar, logIn, startWorld, useWorld, visit } from "./login.ts";

const world = useWorld(() => startWorld());

const today = () => new Date().toISOString().slice(0, 10);
/** The UTC day this file started on: with the one it ends on, the days its events can be counted on. */
const startedOn = today();
/** Noon (UTC) of `now`'s day. */
const middayOf = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate(), 12));

function beacon(events: { name: string; props?: Record<string, string | number> }[], cookie: string | null, gpc = false) {
  return world.app.fetch("/api/analytics", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(cookie ? { Cookie: cookie } : {}), ...(gpc ? { "Sec-GPC": "1" } : {}) },
    body: JSON.stringify({ key: "apphub-dev", events }),
  });
}

const publishedApps = () => world.app.catalogue.apps.filter((a) => a.status === "published");

/** Two publishers with listed apps, and an app of each. */
function twoPublishers() {
  const bySlug = new Map<string, string[]>();
  for (const app of publishedApps()) bySlug.set(publisherSlugOf(app), [...(bySlug.get(publisherSlugOf(app)) ?? []), app.id]);
  const [a, b] = [...bySlug].filter(([slug]) => world.app.catalogue.publishers.some((p) => p.slug === slug)).slice(0, 2);
  return { a: { slug: a![0], apps: a![1] }, b: { slug: b![0], apps: b![1] } };
}

/**
 * An app's counts over the days this file has run on (each event is on the UTC day it happened, so a
 * test that runs across midnight writes to two: issue 46), or null when it has none.
 */
async function appRow(appId: string) {
  const { results } = await world.app.db.prepare("SELECT * FROM insights_app_daily WHERE app_id = ?").bind(appId).all<Record<string, number | string>>();
  return results.length ? sumByDay(results) : null;
}

/** The numeric columns of daily rows added up, after checking every row is of a day this file ran on. */
function sumByDay(rows: readonly Record<string, number | string>[]): Record<string, number> {
  const total: Record<string, number> = {};
  for (const row of rows) {
    expect(String(row.day) >= startedOn && String(row.day) <= today(), `a row of ${row.day}`).toBe(true);
    for (const [key, value] of Object.entries(row)) if (typeof value === "number") total[key] = (total[key] ?? 0) + value;
  }
  return total;
}

describe("the data path", () => {
  it("counts in the rollups what consented browsers sent, and nothing from the rest", async () => {
    const [app, other] = [publishedApps()[3]!, publishedApps()[4]!];
    const consent = "performance_consent=true";
    const view = { name: "AppHub_appView", props: { appId: app.id, appType: "bot", appName: app.name } };
    // 7 views (2 of them opened from a search for "Team Polls!"), 3 searches, 1 of them finding nothing.
    expect((await beacon([view, view, view], consent)).status).toBe(204);
    expect((await beacon([view, { name: "AppHub_appView", props: { appId: app.id, appType: "bot", searchQuery: "Team Polls!" } }], consent)).status).toBe(204);
    expect((await beacon([{ name: "AppHub_appView", props: { appId: app.id, appType: "bot", searchQuery: "team   polls" } }, view], consent)).status).toBe(204);
    expect(
      (
        await beacon(
          [
            { name: "AppHub_query", props: { query: "Team polls", results: 12, path: "/search" } },
            { name: "AppHub_query", props: { query: "team polls", results: 12, path: "/search" } },
            { name: "AppHub_query", props: { query: "helpdsk", results: 0, path: "/search" } },
          ],
          consent,
        )
      ).status,
    ).toBe(204);
    // Not counted: no consent, consent refused, Global Privacy Control.
    const otherView = { name: "AppHub_appView", props: { appId: other.id, appType: "bot" } };
    expect((await beacon([otherView, otherView], null)).status).toBe(204);
    expect((await beacon([otherView], "performance_consent=false")).status).toBe(204);
    expect((await beacon([otherView, { name: "AppHub_query", props: { query: "secret words", results: 3 } }], consent, true)).status).toBe(204);

    const row = await eventually(async () => {
      const r = await appRow(app.id);
      return r && r.views === 7 ? r : undefined;
    });
    expect(row).toMatchObject({ views: 7, search_opens: 2, adds: 0, follows: 0 });
    const searches = await eventually(async () => {
      const { results } = await world.app.db
        .prepare(
          "SELECT query, sum(searches) AS searches, max(results) AS results, sum(opens) AS opens FROM insights_search_daily WHERE day BETWEEN ? AND ? GROUP BY query ORDER BY query",
        )
        .bind(startedOn, today())
        .all();
      return results.length === 2 && results.every((r) => Number(r.searches) > 0) && results.reduce((n, r) => n + Number(r.searches), 0) === 3 ? results : undefined;
    });
    expect(searches).toEqual([
      { query: "helpdsk", searches: 1, results: 0, opens: 0 },
      { query: "team polls", searches: 2, results: 12, opens: 2 },
    ]);
    const market = await world.app.db
      .prepare(
        "SELECT sum(views) AS views, sum(searches) AS searches, sum(searches_empty) AS searches_empty, sum(search_opens) AS search_opens FROM insights_market_daily WHERE day BETWEEN ? AND ?",
      )
      .bind(startedOn, today())
      .first();
    expect(market).toEqual({ views: 7, searches: 3, searches_empty: 1, search_opens: 2 });
    const leading = await world.app.db.prepare("SELECT query, opens FROM insights_app_search_daily WHERE app_id = ?").bind(app.id).all();
    expect(leading.results).toEqual([{ query: "team polls", opens: 2 }]);
    // Give the refused beacons' batch time to have run: still nothing of theirs.
    await new Promise((resolve) => setTimeout(resolve, 6_000));
    expect(await appRow(other.id)).toBeNull();
    // Nothing in any rollup names a person: only apps, days, queries and counts.
    const dump = JSON.stringify(
      await Promise.all(
        ["insights_app_daily", "insights_market_daily", "insights_search_daily", "insights_app_search_daily"].map(
          async (t) => (await world.app.db.prepare(`SELECT * FROM ${t}`).all()).results,
        ),
      ),
    );
    expect(dump).not.toMatch(/@|secret words|userId/);
  });

  it("counts a follow and an unfollow made on the app's page (a server action) when the person allowed analytics", async () => {
    const app = publishedApps().find((a) => a.status === "published" && !a.deprecation)!;
    const riley = new Jar();
    await logIn(world, riley, USERS.riley.email);
    riley.absorb(new Response(null, { headers: { "Set-Cookie": "performance_consent=true; Path=/" } }));
    const path = `/applications/${encodeURIComponent(app.friendlyId ?? app.id)}/follow`;
    await visit(world, riley, path);
    const form = (fields: Record<string, string>) =>
      visit(world, riley, path, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: world.app.origin },
        body: new URLSearchParams({ csrf: riley.get("csrf-token") ?? "", ...fields }).toString(),
      });
    expect((await form({ intent: "follow", destination: "direct" })).status).toBe(302);
    expect((await form({ intent: "unfollow" })).status).toBe(302);
    const row = await eventually(async () => {
      const r = await appRow(app.id);
      return r && r.follows === 1 && r.unfollows === 1 ? r : undefined;
    });
    expect(row).toMatchObject({ follows: 1, unfollows: 1 });
  });
});

describe("the Cron Trigger's rollups", () => {
  it("counts today's published ratings, the review queue's decisions and the update deliveries from their own tables", async () => {
    const app = publishedApps()[7]!;
    // One instant in the middle of a UTC day, for the moments written and for the Cron's
    // scheduledTime: all of them fall on its day at whatever hour the suite runs (issue 46).
    const now = middayOf(new Date());
    const day = now.toISOString().slice(0, 10);
    const at = (minutesAgo: number) => new Date(now.getTime() - minutesAgo * 60_000).toISOString();
    const db = world.app.db;
    await db.batch([
      db.prepare("DELETE FROM reviews WHERE app_id = ?").bind(app.id),
      ...[5, 4, 4, 3, 5, 1].map((rating, i) =>
        db
          .prepare("INSERT INTO reviews (app_id, user_id, author_name, rating, title, body, created_at, updated_at, state) VALUES (?, ?, 'Someone', ?, 'Title', '', ?, ?, ?)")
          .bind(app.id, `cron-user-${i}`, rating, at(10 + i), at(10 + i), i === 5 ? "removed" : "visible"),
      ),
      db
        .prepare(
          "INSERT INTO submissions (publisher_slug, app_id, kind, payload, state, token_id, created_at, decided_by, decided_at) VALUES ('p', ?, 'version', '{}', 'approved', 1, ?, 'sam', ?)",
        )
        .bind(app.id, at(180), at(60)),
      db
        .prepare(
          "INSERT INTO submissions (publisher_slug, app_id, kind, payload, state, token_id, created_at, decided_by, decided_at) VALUES ('p', ?, 'version', '{}', 'rejected', 1, ?, 'sam', ?)",
        )
        .bind(app.id, at(90), at(30)),
      db
        .prepare(
          "INSERT INTO follow_deliveries (update_id, user_id, app_id, follow_id, state, attempts, claimed_at, created_at, updated_at) VALUES ('u-cron', 'x', ?, 1, 'sent', 1, ?, ?, ?)",
        )
        .bind(app.id, at(5), at(5), at(5)),
    ]);
    const result = await (await world.app.mf.getWorker(BACK_OFFICE_WORKER)).scheduled({ cron: "* * * * *", scheduledTime: now });
    expect(result.outcome).toBe("ok");
    const row = await db.prepare("SELECT ratings, rating_sum FROM insights_app_daily WHERE app_id = ? AND day = ?").bind(app.id, day).first();
    // The removed review is not counted: 5 + 4 + 4 + 3 + 5.
    expect(row).toEqual({ ratings: 5, rating_sum: 21 });
    const market = await db.prepare("SELECT submissions, decisions, approvals, decision_seconds, deliveries_sent FROM insights_market_daily WHERE day = ?").bind(day).first();
    expect(market).toMatchObject({ submissions: 2, decisions: 2, approvals: 1, decision_seconds: 2 * 3600 + 3600, deliveries_sent: 1 });
  });
});

describe("which day an event belongs to: its own moment's UTC day (docs/decisions/038)", () => {
  it("the Cron and the pages put a moment just before midnight on the day before, one just after on the new day", async () => {
    const now = new Date();
    const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
    const iso = (ms: number) => new Date(ms).toISOString();
    const [before, after] = [midnight - 100, midnight + 100];
    const [yesterday, today] = [iso(before).slice(0, 10), iso(after).slice(0, 10)];
    const app = publishedApps()[9]!;
    const db = world.app.db;
    // The day before: one received at 23:59:59.9 and decided 0.2 s later, on the new day; the new
    // day: one received at 00:00:00.1, still waiting.
    await db.batch([
      db.prepare("DELETE FROM submissions"),
      db
        .prepare(
          "INSERT INTO submissions (publisher_slug, app_id, kind, payload, state, token_id, created_at, decided_by, decided_at) VALUES ('p', ?, 'version', '{}', 'approved', 1, ?, 'sam', ?)",
        )
        .bind(app.id, iso(before), iso(after)),
      db
        .prepare("INSERT INTO submissions (publisher_slug, app_id, kind, payload, state, token_id, created_at) VALUES ('p', ?, 'version', '{}', 'pending', 1, ?)")
        .bind(app.id, iso(after)),
    ]);
    // The first Cron run of the new day (it recomputes the day before as well as today).
    const worker = await world.app.mf.getWorker(BACK_OFFICE_WORKER);
    expect((await worker.scheduled({ cron: "* * * * *", scheduledTime: new Date(midnight + 30_000) })).outcome).toBe("ok");
    const sam = new Jar();
    await logIn(world, sam, USERS.sam.email);
    const csv = await (await visit(world, sam, "/admin/insights/csv?page=market&chart=reviews&days=7")).text();
    const rows = new Map(
      csv
        .trim()
        .split("\r\n")
        .map((line) => [line.split(",")[0], line.split(",").slice(1).join(",")]),
    );
    expect(rows.get("day")).toBe("Received,Decided,Approved");
    expect(rows.get(yesterday)).toBe("1,0,0");
    expect(rows.get(today)).toBe("1,1,1");
    // The page's window ends on today's UTC date: the new day is its last row.
    expect(csv.trim().split("\r\n").at(-1)?.startsWith(`${today},`)).toBe(true);
  });
});

describe("who sees insights", () => {
  it("hub admins see the marketplace's, the searches' and any app's and publisher's; others get the not-found page", async () => {
    const { a } = twoPublishers();
    const app = a.apps[0]!;
    const pages = [
      "/admin/insights",
      "/admin/search-insights",
      `/admin/insights/apps/${app}`,
      `/admin/insights/publishers/${a.slug}`,
      "/admin/insights/csv?page=market&chart=funnel&days=7",
    ];
    // Logged out: sent to log in.
    for (const p of pages) expect((await world.app.fetch(p, { redirect: "manual" })).status).toBe(302);
    const max = new Jar();
    await logIn(world, max, USERS.max.email);
    for (const p of pages) expect((await visit(world, max, p)).status, p).toBe(404);
    expect((await visit(world, max, "/admin/insights.data")).status).toBe(404);
    const sam = new Jar();
    await logIn(world, sam, USERS.sam.email);
    for (const p of pages) expect((await visit(world, sam, p)).status, p).toBe(200);
    const market = parse(await (await visit(world, sam, "/admin/insights?days=7")).text());
    expect(market.text("h1")).toBe("Marketplace insights");
    expect(market.text("#insights-privacy")).toContain("fewer than 5");
    const csv = await visit(world, sam, "/admin/insights/csv?page=market&chart=funnel&days=7");
    expect(csv.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(csv.headers.get("Cache-Control")).toContain("no-store");
    expect((await csv.text()).split("\r\n")[0]).toBe("step,This window,Window before");
    expect((await visit(world, sam, "/admin/insights/csv?page=market&chart=nope")).status).toBe(404);
  });

  it("a publisher's member sees their own apps' insights only (direct URLs, .data, another publisher's app under their own name)", async () => {
    const { a, b } = twoPublishers();
    await world.app.db
      .prepare("INSERT OR REPLACE INTO publisher_members (publisher_slug, email, state, added_by, added_at) VALUES (?, ?, 'active', 'test', ?)")
      .bind(a.slug, USERS.max.email, new Date().toISOString())
      .run();
    const max = new Jar();
    await logIn(world, max, USERS.max.email);
    expect((await visit(world, max, `/publisher/${a.slug}/insights`)).status).toBe(200);
    expect((await visit(world, max, `/publisher/${a.slug}/apps/${a.apps[0]}/insights?days=90`)).status).toBe(200);
    expect((await visit(world, max, `/publisher/${a.slug}/insights/csv?chart=views&days=30`)).status).toBe(200);
    const refused = [
      `/publisher/${b.slug}/insights`,
      `/publisher/${b.slug}/insights.data`,
      `/publisher/${b.slug}/apps/${b.apps[0]}/insights`,
      `/publisher/${a.slug}/apps/${b.apps[0]}/insights`,
      `/publisher/${a.slug}/apps/${b.apps[0]}/insights.data`,
      `/publisher/${a.slug}/insights/csv?chart=views&app=${b.apps[0]}`,
      `/publisher/${b.slug}/insights/csv?chart=views`,
    ];
    for (const p of refused) expect((await visit(world, max, p)).status, p).toBe(404);
  });
});
