// Issue 40 item 8 through the built Worker in Miniflare: search insights list a query only once 5
// different browsers searched it (not 5 searches), and a number written with dots is withheld like
// one written with spaces (docs/decisions/038, "Privacy"). Browsers are told apart by the address
// and user agent the beacon came with, reduced to one of a few dozen buckets before anything is kept.
import { describe, expect, it } from "vitest";
import { USERS } from "../../workers/platform/demo-data.ts";
import { eventually } from "./followers-helpers.ts";
import { Jar, logIn, startWorld, useWorld, visit } from "./login.ts";

const world = useWorld(() => startWorld());

const search = (query: string, address: string) =>
  world.app.fetch("/api/analytics", {
    method: "POST",
    headers: { "Content-Type": "application/json", Cookie: "performance_consent=true", "CF-Connecting-IP": address, "User-Agent": "Mozilla/5.0 Firefox/140.0" },
    body: JSON.stringify({ key: "apphub-dev", events: [{ name: "AppHub_query", props: { query, results: 3, path: "/search" } }] }),
  });

/** Addresses whose browsers fall in different buckets, as the Worker counts them. */
const ADDRESSES = Array.from({ length: 40 }, (_, i) => `198.51.100.${i + 1}`);

describe("search insights' floor and filter (issue 40 item 8)", () => {
  it("lists a query searched by 5 browsers, not one searched 8 times by one browser; numbers with dots are withheld", async () => {
    for (let i = 0; i < 8; i++) expect((await search("lonely words", "203.0.113.7")).status).toBe(204);
    for (const address of ADDRESSES) expect((await search("shared words", address)).status).toBe(204);
    expect((await search("555.123.4567", "203.0.113.8")).status).toBe(204);
    expect((await search("4111.1111.1111.1111", "203.0.113.9")).status).toBe(204);
    const rows = await eventually(async () => {
      const { results } = await world.app.db
        .prepare("SELECT query, sum(searches) AS searches FROM insights_search_daily GROUP BY query ORDER BY query")
        .all<{ query: string; searches: number }>();
      return results.reduce((n, r) => n + r.searches, 0) === 8 + ADDRESSES.length + 2 ? results : undefined;
    });
    expect(JSON.stringify(rows)).not.toMatch(/555|4111/);
    const sam = new Jar();
    await logIn(world, sam, USERS.sam.email);
    const html = await (await visit(world, sam, "/admin/search-insights?days=7")).text();
    expect(html).toContain("shared words");
    expect(html).not.toContain("lonely words");
  });
});
