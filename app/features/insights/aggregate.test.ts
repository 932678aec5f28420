import { describe, expect, it } from "vitest";
import { aggregate, browsersIn, rollupSql } from "./aggregate";
import type { InsightsMessage } from "./events";

const day = "2026-05-01";
const messages: InsightsMessage[] = [
  {
    v: 1,
    day,
    events: [
      { kind: "views", app: "a" },
      { kind: "views", app: "a" },
      { kind: "add_starts", app: "a" },
      { kind: "adds", app: "a" },
    ],
  },
  {
    v: 1,
    day,
    events: [
      { kind: "views", app: "b" },
      { kind: "search", query: "polls", results: 12 },
      { kind: "search_opens", app: "b", query: "polls" },
    ],
  },
  {
    v: 1,
    day,
    events: [
      { kind: "search", query: "helpdsk", results: 0 },
      { kind: "search", query: "polls", results: 11 },
      { kind: "follows", app: "b" },
      { kind: "unfollows", app: "b" },
    ],
  },
  { v: 1, day: "2026-05-02", events: [{ kind: "views", app: "a" }] },
];

describe("adding up a batch of insight events", () => {
  const r = aggregate(messages);

  it("counts each app's measures per day", () => {
    const a1 = [...r.apps.values()].find((x) => x.app === "a" && x.day === day)!;
    expect(a1.counts).toMatchObject({ views: 2, add_starts: 1, adds: 1, follows: 0 });
    const b1 = [...r.apps.values()].find((x) => x.app === "b")!;
    expect(b1.counts).toMatchObject({ views: 1, search_opens: 1, follows: 1, unfollows: 1 });
    expect([...r.apps.values()].find((x) => x.app === "a" && x.day === "2026-05-02")!.counts.views).toBe(1);
  });

  it("sums the marketplace per day, searches and searches that found nothing included", () => {
    const m = r.market.get(day)!;
    expect(m.counts.views).toBe(3);
    expect(m.searches).toBe(3);
    expect(m.empty).toBe(1);
    expect(m.counts.search_opens).toBe(1);
  });

  it("keeps each query per day with its last result count and opens, and the searches that led to each app", () => {
    const polls = [...r.searches.values()].find((s) => s.query === "polls")!;
    expect(polls).toMatchObject({ searches: 2, results: 11, opens: 1 });
    expect([...r.appSearches.values()]).toEqual([{ app: "b", day, query: "polls", opens: 1 }]);
  });

  it("adds to what the tables hold (upserts), one statement per row touched", () => {
    const sql = rollupSql(r);
    expect(sql).toHaveLength(r.apps.size + r.market.size + r.searches.size + r.appSearches.size);
    expect(sql.every((s) => /ON CONFLICT .* DO UPDATE SET/s.test(s.sql))).toBe(true);
    // Every value of the rows is a bound parameter: no event text inside the SQL.
    expect(sql.some((s) => s.sql.includes("polls"))).toBe(false);
  });
});

describe("distinct browsers per query and day (issue 40 item 8)", () => {
  it("keeps one bit per browser bucket, so a browser searching again adds no browser", () => {
    const search = (browser?: number) => ({ kind: "search" as const, query: "crm", results: 3, ...(browser === undefined ? {} : { browser }) });
    const r = aggregate([
      { v: 1, day: "2026-05-01", events: [search(3), search(3), search(3), search(3), search(3), search(3)] },
      { v: 1, day: "2026-05-01", events: [search(47), search()] },
    ]);
    const row = [...r.searches.values()][0]!;
    expect(row.searches).toBe(8);
    expect(row.browsers).toBe(2 ** 3 + 2 ** 47);
    expect(browsersIn(row.browsers)).toBe(2);
    expect(browsersIn(0)).toBe(0);
    expect(browsersIn(2 ** 48 - 1)).toBe(48);
  });

  it("adds to the stored bits with a bitwise or", () => {
    const [sql] = rollupSql(aggregate([{ v: 1, day: "2026-05-01", events: [{ kind: "search", query: "crm", results: 3, browser: 5 }] }])).filter((q) =>
      q.sql.includes("insights_search_daily"),
    );
    expect(sql!.sql).toContain("browsers = browsers | excluded.browsers");
    expect(sql!.params).toContain(2 ** 5);
  });
});
