import { describe, expect, it } from "vitest";
import { ANALYTICS_EVENTS } from "./events";
import { analyticsBodySchema, describeProblem, eventsOf } from "./schema.server";

const problemOf = (body: unknown) => {
  const parsed = analyticsBodySchema.safeParse(body);
  if (parsed.success) throw new Error("expected a problem");
  return describeProblem(parsed.error);
};

describe("analytics body", () => {
  it("accepts one event and a batch", () => {
    const one = analyticsBodySchema.parse({ name: "AppHub_pageView", props: { path: "/bots", n: 2, ok: true } });
    expect(eventsOf(one)).toEqual([{ name: "AppHub_pageView", props: { path: "/bots", n: 2, ok: true } }]);
    const batch = analyticsBodySchema.parse({ key: "k", events: ANALYTICS_EVENTS.map((name) => ({ name })) });
    expect(eventsOf(batch).map((e) => e.name)).toEqual([...ANALYTICS_EVENTS]);
  });

  // Issue 12: only well-formed events (unknown fields used to be dropped silently).
  it.each([
    [{ name: "AppHub_login", extra: 1 }, /body: unknown field "extra"/],
    [{ key: "k", events: [{ name: "AppHub_login" }], events2: [] }, /body: unknown field "events2"/],
    [{ events: [{ name: "AppHub_login", when: 1 }] }, /events\.0: unknown field "when"/],
    [{ name: "AppHub_login", key: "x".repeat(201) }, /key/],
    [{ name: "AppHub_login", props: { k: "v" }, name2: "AppHub_login" }, /unknown field "name2"/],
  ])("refuses unknown fields and oversized values: %j", (body, message) => {
    expect(problemOf(body)).toMatch(message);
  });

  it.each([
    [{ name: "pageView" }, /start with AppHub_/],
    [{ name: "AppHub_unknown" }, /unknown event/],
    [{ events: [] }, /events: events is empty/],
    [{ props: {} }, /name: Required/],
    ["text", /body: Expected object/],
    [{ events: Array.from({ length: 21 }, () => ({ name: "AppHub_pageView" })) }, /at most 20 events/],
    [{ name: "AppHub_pageView", props: { nested: { a: 1 } } }, /props\.nested/],
    [{ name: "AppHub_pageView", props: { list: [1] } }, /props\.list/],
    [{ name: "AppHub_pageView", props: { "bad key": "x" } }, /property names/],
    [{ name: "AppHub_pageView", props: { long: "x".repeat(301) } }, /props\.long/],
    [{ name: "AppHub_pageView", props: Object.fromEntries(Array.from({ length: 25 }, (_, i) => [`k${i}`, i])) }, /at most 24 properties/],
    [{ events: [{ name: "AppHub_pageView" }, { name: "nope" }] }, /events\.1\.name/],
  ])("refuses %j, naming the problem", (body, message) => {
    expect(problemOf(body)).toMatch(message);
  });
});
