// Analytics sink, health monitor and video facade API against the built Worker in Miniflare, with
// the platform emulator (and its local oEmbed responder) on a real port beside it.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BACK_OFFICE_WORKER, loneWorker, startWorker, wranglerVars } from "./harness.ts";
import { page as parse } from "./html.ts";
import { startWorld, type World } from "./login.ts";

const KEY = wranglerVars().ANALYTICS_KEY!;
/** A port nothing listens on: connections are refused at once. */
const CLOSED = "http://127.0.0.1:9";
const today = () => new Date().toISOString().slice(0, 10);
/** The UTC day this file started on: events are counted on the day they arrive, so a test that runs across midnight counts on two (issue 46). */
const startedOn = today();

let world: World;

beforeAll(async () => {
  world = await startWorld({ OEMBED_ENDPOINT: "" }).then(async (w) => {
    // The oEmbed endpoint is the emulator's, whose port is only known once it runs.
    await w.app.dispose();
    const app = await startWorker({ vars: { PLATFORM_API_BASE: `${w.platform.origin}/v1`, OEMBED_ENDPOINT: `${w.platform.origin}/oembed` } });
    return { ...w, app, dispose: async () => void (await Promise.all([app.dispose(), w.platform.dispose()])) };
  });
});
afterAll(() => world?.dispose());

const post = (body: unknown, headers: Record<string, string> = {}) =>
  world.app.fetch("/api/analytics", {
    method: "POST",
    headers: { "Content-Type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });

type Summary = { days: number; counts: { day: string; events: Record<string, number | string>; total: number | string }[] };
const summary = async (): Promise<Summary> => {
  const res = await world.app.fetch("/api/analytics/summary");
  expect(res.status).toBe(200);
  expect(res.headers.get("Cache-Control")).toContain("no-store");
  return (await res.json()) as Summary;
};
/**
 * Each event's count over the days this file has run on, as stored: the summary floors counts of 1
 * to 4 (issue 40, second review L3), and these tests count single events.
 */
const countsSinceStart = async () => {
  const total: Record<string, number> = {};
  const { results } = await world.app.db
    .prepare("SELECT name, sum(count) AS n FROM analytics_daily WHERE day >= ?1 GROUP BY name")
    .bind(startedOn)
    .all<{ name: string; n: number }>();
  for (const { name, n } of results) total[name] = n;
  return total;
};

describe("POST /api/analytics", () => {
  it("records one event and a batch as counts per event and UTC day", async () => {
    const before = await countsSinceStart();
    const one = await post({ key: KEY, name: "AppHub_pageView", props: { path: "/bots", utm_source: "newsletter" } });
    expect(one.status).toBe(204);
    const batch = await post({
      key: KEY,
      events: [{ name: "AppHub_pageView", props: { path: "/applications/x" } }, { name: "AppHub_appView", props: { appId: "x", appType: "bot" } }, { name: "AppHub_pageView" }],
    });
    expect(batch.status).toBe(204);
    // Counts are written just after the answer (docs/decisions/013), within one D1 write.
    await expect.poll(async () => ((await countsSinceStart()).AppHub_pageView ?? 0) - (before.AppHub_pageView ?? 0)).toBe(3);
    const after = await countsSinceStart();
    expect((after.AppHub_pageView ?? 0) - (before.AppHub_pageView ?? 0)).toBe(3);
    expect((after.AppHub_appView ?? 0) - (before.AppHub_appView ?? 0)).toBe(1);
    const rows = await world.app.db.prepare("SELECT day, name, count FROM analytics_daily WHERE name = 'AppHub_appView'").all<{ day: string; count: number }>();
    // One row per UTC day: today's, and yesterday's too when the test ran across midnight.
    expect(rows.results.map((r) => r.day).every((day) => day >= startedOn && day <= today())).toBe(true);
    expect(rows.results.reduce((n, r) => n + r.count, 0)).toBe(after.AppHub_appView);
  });

  it("accepts a text/plain beacon body, and refuses unknown fields (issue 12: well-formed events only)", async () => {
    const res = await post(JSON.stringify({ key: KEY, name: "AppHub_modalView", props: { modalId: "m1" } }), { "Content-Type": "text/plain;charset=UTF-8" });
    expect(res.status).toBe(204);
    const extra = await post(JSON.stringify({ key: KEY, name: "AppHub_modalView", props: { modalId: "m1" }, extra: { a: 1 } }), { "Content-Type": "text/plain;charset=UTF-8" });
    expect(extra.status).toBe(400);
    expect(((await extra.json()) as { message: string }).message).toMatch(/unknown field "extra"/);
  });

  it.each([
    [{ key: KEY, name: "AppHub_nope" }, /name: unknown event/],
    [{ key: KEY, name: "pageView" }, /start with AppHub_/],
    [{ key: KEY, name: "AppHub_pageView", props: { deep: { a: 1 } } }, /props\.deep/],
    [{ key: KEY, events: [] }, /events is empty/],
    [{ key: KEY, events: Array.from({ length: 21 }, () => ({ name: "AppHub_pageView" })) }, /at most 20 events/],
    ["{not json", /must be JSON/],
  ])("answers 400 naming the problem for %j", async (body, message) => {
    const res = await post(body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(message);
  });

  it("refuses a body over 16 KB with 413 and records nothing", async () => {
    const before = await countsSinceStart();
    const res = await post({ key: KEY, name: "AppHub_query", props: { q: "x".repeat(17_000) } });
    expect(res.status).toBe(413);
    expect((await countsSinceStart()).AppHub_query ?? 0).toBe(before.AppHub_query ?? 0);
  });

  it("refuses a wrong key with 403", async () => {
    const res = await post({ key: "someone-else", name: "AppHub_pageView" });
    expect(res.status).toBe(403);
  });

  it("needs no CSRF token, but refuses cross-site posts", async () => {
    expect((await post({ key: KEY, name: "AppHub_login" }, { Origin: "http://127.0.0.1:8787" })).status).toBe(204);
    expect((await post({ key: KEY, name: "AppHub_login" }, { Origin: "https://evil.example" })).status).toBe(403);
  });

  it("the summary, public, shows a day's count of 1 to 4 as fewer than 5 and the day's total as a range (issue 40, second review L3)", async () => {
    const day = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
    const db = world.app.db;
    await db.batch([
      db.prepare("DELETE FROM analytics_daily WHERE day = ?1").bind(day),
      db.prepare("INSERT INTO analytics_daily (day, name, count) VALUES (?1, 'AppHub_appView', 12), (?1, 'AppHub_install', 3)").bind(day),
    ]);
    const counted = (await summary()).counts.find((c) => c.day === day);
    expect(counted).toEqual({ day, events: { AppHub_appView: 12, AppHub_install: "fewer than 5" }, total: "13–16" });
  });

  it("answers GET with 405 and validates the summary's days", async () => {
    expect((await world.app.fetch("/api/analytics")).status).toBe(405);
    expect((await world.app.fetch("/api/analytics/summary?days=0")).status).toBe(400);
  });
});

describe("health", () => {
  it("/healthz checks D1 and KV live before any cron run, never cached", async () => {
    const res = await world.app.fetch("/healthz");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("no-store");
    const body = (await res.json()) as { status: string; services: Record<string, { ok: boolean; latencyMs: number; checkedAt: string }> };
    expect(body.status).toBe("ok");
    expect(body.services.d1).toMatchObject({ ok: true, latencyMs: expect.any(Number), checkedAt: expect.any(String) });
    expect(body.services.kv?.ok).toBe(true);
  });

  it("the scheduled handler records every service; /healthz then reports the platform", async () => {
    const worker = await world.app.mf.getWorker(BACK_OFFICE_WORKER);
    const result = await worker.scheduled({ cron: "* * * * *", scheduledTime: new Date() });
    expect(result.outcome).toBe("ok");
    const { results } = await world.app.db
      .prepare("SELECT service, ok, latency_ms, checked_at, error FROM health_checks ORDER BY service")
      .all<{ service: string; ok: number; error: string | null }>();
    // content: the content store's table (migration 0006), when it exists.
    const hasContent = await world.app.db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'content_entries'").first();
    expect(results.map((r) => [r.service, r.ok])).toEqual([...(hasContent ? [["content", 1]] : []), ["d1", 1], ["kv", 1], ["platform", 1]]);
    const body = (await (await world.app.fetch("/healthz")).json()) as { status: string; services: Record<string, { ok: boolean }> };
    expect(body.status).toBe("ok");
    expect(body.services.platform?.ok).toBe(true);
  });

  it("an unreachable platform is recorded as down: degraded, still 200 (it is not required)", async () => {
    const app = await startWorker({ apps: 20, vars: { PLATFORM_API_BASE: `${CLOSED}/v1` } });
    try {
      const worker = await app.mf.getWorker(BACK_OFFICE_WORKER);
      expect((await worker.scheduled({ cron: "* * * * *" })).outcome).toBe("ok");
      const res = await app.fetch("/healthz");
      expect(res.status).toBe(200);
      const body = (await res.json()) as { status: string; services: Record<string, { ok: boolean; error?: string }> };
      expect(body.status).toBe("degraded");
      expect(body.services.platform).toMatchObject({ ok: false, error: expect.any(String) });
    } finally {
      await app.dispose();
    }
  });

  it("answers 503 when a required service (D1) is missing", async () => {
    const mf = loneWorker("app.js", { KV: { type: "kv", id: "no-d1-kv" } });
    try {
      await mf.ready;
      const res = (await mf.dispatchFetch("http://127.0.0.1:8787/healthz")) as unknown as Response;
      expect(res.status).toBe(503);
      const body = (await res.json()) as { status: string; services: Record<string, { ok: boolean; error?: string }> };
      expect(body.status).toBe("down");
      expect(body.services.d1).toMatchObject({ ok: false, error: expect.any(String) });
      expect(body.services.kv?.ok).toBe(true);
    } finally {
      await mf.dispose();
    }
  });
});

describe("GET /api/fetch-vimeo", () => {
  it("answers the emulator's oEmbed html and thumbnail, with the checked embed address, cached", async () => {
    const res = await world.app.fetch(`/api/fetch-vimeo?url=${encodeURIComponent("https://vimeo.com/669847139")}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toMatch(/public.*s-maxage=\d+/);
    const body = (await res.json()) as { html: string; thumbnail_url_with_play_button: string; embedSrc: string };
    expect(parse(body.html).attr("iframe", "src")).toMatch(/^https:\/\/player\.vimeo\.com\/video\/669847139/);
    expect(body.embedSrc).toBe("https://player.vimeo.com/video/669847139?app_id=122963&dnt=1");
    expect(body.thumbnail_url_with_play_button).toBe(`${world.platform.origin}/oembed/thumbnails/669847139-play.svg`);
    const thumb = await fetch(body.thumbnail_url_with_play_button);
    expect(thumb.headers.get("Content-Type")).toContain("image/svg+xml");
    expect(await thumb.text()).toContain("<svg");
  });

  it.each(["http://vimeo.com/1", "https://evil.example/1", "https://vimeo.com.evil.example/1", "not a url"])("refuses %j with 400", async (url) => {
    const res = await world.app.fetch(`/api/fetch-vimeo?url=${encodeURIComponent(url)}`);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toMatch(/url/);
  });

  it("refuses a missing url with 400", async () => {
    expect((await world.app.fetch("/api/fetch-vimeo")).status).toBe(400);
  });

  it("answers 404 when the provider knows no such video", async () => {
    const res = await world.app.fetch(`/api/fetch-vimeo?url=${encodeURIComponent("https://vimeo.com/channels/staffpicks")}`);
    expect(res.status).toBe(404);
  });

  it("answers 502 (not cached) when the provider cannot be reached", async () => {
    const app = await startWorker({ apps: 20, vars: { OEMBED_ENDPOINT: `${CLOSED}/oembed`, LOG_LEVEL: "error" } });
    try {
      const res = await app.fetch(`/api/fetch-vimeo?url=${encodeURIComponent("https://vimeo.com/1")}`);
      expect(res.status).toBe(502);
      expect(res.headers.get("Cache-Control")).toContain("no-store");
    } finally {
      await app.dispose();
    }
  });
});

describe("privacy settings", () => {
  it("works without JavaScript: the form post sets the consent cookie and comes back", async () => {
    const page = await world.app.fetch("/preferences/analytics-consent");
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toContain("no-store");
    expect(await page.text()).toContain("Performance analytics");
    const res = await world.app.fetch("/preferences/analytics-consent", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://127.0.0.1:8787" },
      body: "consent=true",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/preferences/analytics-consent?saved=1");
    // The attributes in the order Remix's createCookie writes them (issue 14).
    expect(res.headers.get("Set-Cookie")).toMatch(/^performance_consent=true; Max-Age=31536000; Path=\/; SameSite=Lax/);
    const bad = await world.app.fetch("/preferences/analytics-consent", {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "http://127.0.0.1:8787" },
      body: "consent=maybe",
    });
    expect(bad.status).toBe(400);
  });
});
