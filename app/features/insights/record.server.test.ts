import { describe, expect, it, vi } from "vitest";
import { normaliseQuery, WITHHELD_QUERY } from "./events";
import { BROWSER_BUCKETS, browserBucket, insightEventsOf, recordInsights, requestMayTrack } from "./record.server";

const request = (cookie: string, gpc = false) =>
  new Request("http://127.0.0.1:8787/api/analytics", { method: "POST", headers: { Cookie: cookie, ...(gpc ? { "Sec-GPC": "1" } : {}) } });

describe("the consent rules on the server", () => {
  it("allow only the consent cookie 'true' without Global Privacy Control", () => {
    expect(requestMayTrack(request("performance_consent=true"))).toBe(true);
    expect(requestMayTrack(request("performance_consent=true", true))).toBe(false);
    expect(requestMayTrack(request("performance_consent=false"))).toBe(false);
    expect(requestMayTrack(request(""))).toBe(false);
  });

  it("send nothing to the queue without consent, and one message with it", () => {
    const send = vi.fn(() => Promise.resolve());
    const waitUntil = vi.fn();
    const context = { env: { INSIGHTS_QUEUE: { send } }, waitUntil, logger: { warn: vi.fn() } } as never;
    recordInsights(context, request("performance_consent=false"), [{ kind: "views", app: "a" }]);
    expect(send).not.toHaveBeenCalled();
    recordInsights(context, request("performance_consent=true"), [{ kind: "views", app: "a" }], new Date("2026-05-01T10:00:00Z"));
    expect(send).toHaveBeenCalledWith({ v: 1, day: "2026-05-01", events: [{ kind: "views", app: "a" }] }, { contentType: "json" });
    expect(waitUntil).toHaveBeenCalledTimes(1);
  });
});

describe("insight events of a beacon", () => {
  it("keep app views, the search that led to one, and searches with their counts, nothing about the person", () => {
    const events = insightEventsOf([
      { name: "AppHub_pageView", props: { path: "/brand-new", userId: "abc" } },
      { name: "AppHub_appView", props: { appId: "pollster", appType: "bot", userId: "abc", searchQuery: "  Polls!! " } },
      { name: "AppHub_query", props: { query: "CRM", results: 42, userId: "abc", utm_source: "x" } },
      { name: "AppHub_query", props: { query: "no count" } },
    ]);
    expect(events).toEqual([
      { kind: "views", app: "pollster" },
      { kind: "search_opens", app: "pollster", query: "polls" },
      { kind: "search", query: "crm", results: 42 },
    ]);
    expect(JSON.stringify(events)).not.toContain("abc");
  });
});

describe("normalised queries", () => {
  it("lower case, punctuation gone, spaces collapsed, cut at 80", () => {
    expect(normaliseQuery("  Magnet   Incidnet! ")).toBe("magnet incidnet");
    expect(normaliseQuery("x".repeat(200))).toHaveLength(80);
    expect(normaliseQuery("   ")).toBe("");
  });

  it("withhold what looks like it names a person", () => {
    expect(normaliseQuery("ada@acme.example")).toBe(WITHHELD_QUERY);
    expect(normaliseQuery("call +44 20 7946 0958")).toBe(WITHHELD_QUERY);
    expect(normaliseQuery("soc 2")).toBe("soc 2");
  });

  it("withhold after punctuation is gone, so dots and brackets do not hide a number (issue 40 item 8)", () => {
    for (const raw of ["555.123.4567", "4111.1111.1111.1111", "(555) 123-4567", "card 4111/1111/1111/1111", "ada＠acme.example", "５５５.１２３.４５６７"]) {
      expect(normaliseQuery(raw), raw).toBe(WITHHELD_QUERY);
    }
    expect(normaliseQuery("Windows 11")).toBe("windows 11");
    expect(normaliseQuery("v2.1 api")).toBe("v2 1 api");
  });

  it("withhold numbers in any script's digits, which NFKC leaves as they are (issue 40, second review L7)", () => {
    // Arabic-Indic, Extended Arabic-Indic (Persian), Devanagari, Bengali, Thai: a phone or card number all the same.
    for (const raw of ["٠٥٥٥١٢٣٤٥٦٧", "call ٥٥٥ ١٢٣ ٤٥٦٧", "۰۹۱۲۳۴۵۶۷۸۹", "९८७६५४३२१०", "০১৭১২৩৪৫৬৭৮", "๐๘๑๒๓๔๕๖๗๘"]) {
      expect(normaliseQuery(raw), raw).toBe(WITHHELD_QUERY);
    }
    // A year or a version in them is still a search.
    expect(normaliseQuery("٢٠٢٦")).toBe("٢٠٢٦");
  });
});

describe("distinct browsers for the search floor (issue 40 item 8)", () => {
  const from = (address: string, agent = "Mozilla/5.0 (X11; Linux x86_64) Firefox/140.0") =>
    new Request("https://apphub.example/api/analytics", { method: "POST", headers: { "CF-Connecting-IP": address, "User-Agent": agent } });

  it("a browser is one of a few dozen buckets of its address, never the address itself", () => {
    const bucket = browserBucket(from("203.0.113.9"));
    // The user agent is the sender's to choose: other agents from one address are one bucket.
    for (const agent of ["curl/8", "a", "b", "Mozilla/5.0 Chrome/150"]) expect(browserBucket(from("203.0.113.9", agent))).toBe(bucket);
    expect(bucket).toBe(browserBucket(from("203.0.113.9")));
    expect(bucket).toBeGreaterThanOrEqual(0);
    expect(bucket).toBeLessThan(BROWSER_BUCKETS);
    const many = new Set(Array.from({ length: 200 }, (_, i) => browserBucket(from(`198.51.100.${i}`))));
    expect(many.size).toBeGreaterThan(BROWSER_BUCKETS / 2);
    // IPv6: the same /64 is the same browser bucket (as the rate limits count it).
    expect(browserBucket(from("2001:db8:1:2::5"))).toBe(browserBucket(from("2001:db8:1:2::9")));
  });

  it("goes with searches only, as a bucket number", () => {
    const events = insightEventsOf(
      [
        { name: "AppHub_appView", props: { appId: "pollster", appType: "bot", searchQuery: "polls" } },
        { name: "AppHub_query", props: { query: "CRM", results: 42 } },
      ],
      7,
    );
    expect(events).toEqual([
      { kind: "views", app: "pollster" },
      { kind: "search_opens", app: "pollster", query: "polls" },
      { kind: "search", query: "crm", results: 42, browser: 7 },
    ]);
  });
});
