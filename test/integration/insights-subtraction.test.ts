// Issue 40 item 1 through the built Worker in Miniflare: the "fewer than 5" rule survives
// subtraction (docs/decisions/038, "Figures made of parts"). Daily rows with a hidden day are
// written into the rollups; the app's and the publisher's pages and CSVs are read as a hub admin,
// and every combination a reader could try (a total minus its shown days, a publisher's total minus
// its apps', a publisher's day minus its apps' days, the window before and a longer window) leaves
// more than one value possible for the hidden day.
import { describe, expect, it } from "vitest";
import { publisherSlugOf } from "../../app/models/catalogue-record.ts";
import { USERS } from "../../workers/platform/demo-data.ts";
import { page as parse, textOf, type Page } from "./html.ts";
import { Jar, logIn, startWorld, useWorld, visit } from "./login.ts";

const world = useWorld(() => startWorld());

const DAY_MS = 86_400_000;
/** The UTC day `back` days before today: 0 is today, the last day of every window. */
const dayBack = (back: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - back * DAY_MS).toISOString().slice(0, 10);
};

/** The values a shown text allows: "12" → [12, 12]; "fewer than 5" → [1, 4]; "85–97" → [85, 97]. */
function allowed(text: string): [number, number] {
  if (text === "fewer than 5") return [1, 4];
  const range = /^([\d,]+)–([\d,]+)$/.exec(text);
  if (range) return [Number(range[1]!.replace(/,/g, "")), Number(range[2]!.replace(/,/g, ""))];
  const n = Number(text.replace(/,/g, ""));
  expect(Number.isInteger(n), `a count, a range or "fewer than 5": "${text}"`).toBe(true);
  return [n, n];
}

/** How many values from 1 to 4 are left for one hidden part once `parts` are taken from `whole`. */
function candidates(whole: string, parts: readonly string[]): number {
  const [lo, hi] = allowed(whole);
  const [plo, phi] = parts.map(allowed).reduce(([a, b], [c, d]) => [a + c, b + d], [0, 0]);
  return Math.max(0, Math.min(4, hi - plo) - Math.max(1, lo - phi) + 1);
}

/** A CSV's rows by their first cell. */
const csvRows = (csv: string) =>
  new Map(
    csv
      .trim()
      .split("\r\n")
      .map((line) => [line.split(",")[0]!, line.split(",").slice(1)] as const),
  );

/** A figure of the page's "In this window": its value and its note. */
function figure(p: Page, label: string): { value: string; note: string } {
  const dt = p.all("dt").find((d) => textOf(d) === label);
  expect(dt, label).toBeTruthy();
  const dds = (dt!.parentNode as unknown as Page["root"]).querySelectorAll("dd");
  return { value: textOf(dds[0]), note: textOf(dds[1]) };
}

/** A publisher with two listed apps. */
function publisherWithTwoApps() {
  const bySlug = new Map<string, string[]>();
  for (const app of world.app.catalogue.apps.filter((a) => a.status === "published")) bySlug.set(publisherSlugOf(app), [...(bySlug.get(publisherSlugOf(app)) ?? []), app.id]);
  const [slug, apps] = [...bySlug].find(([slug, apps]) => apps.length >= 2 && world.app.catalogue.publishers.some((p) => p.slug === slug))!;
  return { slug, x: apps[0]!, y: apps[1]! };
}

// Views per day, oldest first, of the 7-day window ending today; the window before; the 7 days before that.
const X = { current: [12, 15, 3, 20, 0, 18, 20], before: [40, 2, 0, 0, 0, 0, 0] }; // 88 (3 hidden); 42 (2 hidden)
const Y = { current: [9, 10, 10, 10, 10, 10, 10], before: [0, 0, 0, 0, 0, 0, 0] }; // 69; a publisher's third day: 3 + 10

describe("no shown figure gives a hidden one away by subtraction (issue 40 item 1)", () => {
  it("on an app's and a publisher's pages, charts and CSVs", async () => {
    const { slug, x, y } = publisherWithTwoApps();
    const db = world.app.db;
    const rows = (app: string, series: typeof X) => [
      ...series.current.map((views, i) => [app, dayBack(6 - i), views] as const),
      ...series.before.map((views, i) => [app, dayBack(13 - i), views] as const),
    ];
    await db.batch([
      db.prepare("DELETE FROM insights_app_daily WHERE app_id IN (SELECT id FROM apps WHERE publisher_slug = ?)").bind(slug),
      ...[...rows(x, X), ...rows(y, Y)].map(([app, day, views]) => db.prepare("INSERT INTO insights_app_daily (app_id, day, views) VALUES (?, ?, ?)").bind(app, day, views)),
    ]);
    const sam = new Jar();
    await logIn(world, sam, USERS.sam.email);
    const get = async (path: string) => {
      const res = await visit(world, sam, path);
      expect(res.status, path).toBe(200);
      return res.text();
    };

    // An app: the window's total minus its shown days; the window before minus its shown days.
    const appPage = parse(await get(`/admin/insights/apps/${x}?days=7`));
    const appDays = csvRows(await get(`/admin/insights/csv?page=app&id=${x}&chart=views&days=7`));
    const shownX = X.current.map((_, i) => appDays.get(dayBack(6 - i))![0]!);
    expect(shownX[2]).toBe("fewer than 5");
    const views = figure(appPage, "Page views");
    expect(
      candidates(
        views.value,
        shownX.filter((_, i) => i !== 2),
      ),
      `Page views: ${views.value}`,
    ).toBe(4);
    const before = /\((?:window before: )?([^)]*)\)\s*$/.exec(views.note)?.[1] ?? "";
    const month = csvRows(await get(`/admin/insights/csv?page=app&id=${x}&chart=views&days=30`));
    const shownBefore = X.before.map((_, i) => month.get(dayBack(13 - i))![0]!);
    expect(shownBefore[1]).toBe("fewer than 5");
    expect(
      candidates(
        before,
        shownBefore.filter((_, i) => i !== 1),
      ),
      `window before: ${before}`,
    ).toBe(4);
    // The change against the window before is no way around it: no percentage of exact figures.
    expect(views.note).not.toMatch(/%/);

    // The chart's legend and its summary (the SVG's description), and the funnel's CSV.
    const legend = textOf(appPage.find("#chart-views ul"));
    const legendTotal = /Views: (\S+(?: than 5)?) \(window before: ([^)]*)\)/.exec(legend);
    expect(legendTotal, legend).toBeTruthy();
    expect(
      candidates(
        legendTotal![1]!,
        shownX.filter((_, i) => i !== 2),
      ),
    ).toBe(4);
    expect(
      candidates(
        legendTotal![2]!,
        shownBefore.filter((_, i) => i !== 1),
      ),
    ).toBe(4);
    const summary = /Views: (.+) in total/.exec(textOf(appPage.find("#chart-views-summary")));
    expect(
      candidates(
        summary![1]!,
        shownX.filter((_, i) => i !== 2),
      ),
    ).toBe(4);
    const funnel = csvRows(await get(`/admin/insights/csv?page=app&id=${x}&chart=funnel&days=7`));
    expect(
      candidates(
        funnel.get("Viewed")![0]!,
        shownX.filter((_, i) => i !== 2),
      ),
    ).toBe(4);
    expect(
      candidates(
        funnel.get("Viewed")![1]!,
        shownBefore.filter((_, i) => i !== 1),
      ),
    ).toBe(4);

    // Between windows: the 30 days' total minus the 7 days' total and the other shown days.
    const monthPage = parse(await get(`/admin/insights/apps/${x}?days=30`));
    const monthViews = figure(monthPage, "Page views").value;
    const others = [...month].filter(([day]) => /^\d{4}-/.test(day) && day < dayBack(6) && day !== dayBack(12)).map(([, cells]) => cells[0]!);
    expect(candidates(monthViews, [views.value, ...others]), `30 days: ${monthViews}`).toBeGreaterThan(1);

    // The publisher: its total minus the other app's total and the app's shown days.
    const publisherPage = parse(await get(`/admin/insights/publishers/${slug}?days=7`));
    const publisherViews = figure(publisherPage, "Page views").value;
    const appRow = (id: string) => publisherPage.all("tr").find((tr) => tr.querySelector(`a[href^="/admin/insights/apps/${id}?"]`));
    const yTotal = textOf(appRow(y)!.querySelectorAll("td")[0]);
    const xTotal = textOf(appRow(x)!.querySelectorAll("td")[0]);
    expect(yTotal).toBe("69");
    expect(
      candidates(
        xTotal,
        shownX.filter((_, i) => i !== 2),
      ),
      `the app's row: ${xTotal}`,
    ).toBe(4);
    expect(candidates(publisherViews, [yTotal, ...shownX.filter((_, i) => i !== 2)]), `publisher: ${publisherViews}`).toBe(4);
    // A publisher's day minus its apps' days: the third day is 3 + 10, and 10 is shown.
    const publisherDays = csvRows(await get(`/admin/insights/csv?page=publisher&id=${slug}&chart=views&days=7`));
    const yDays = csvRows(await get(`/admin/insights/csv?page=app&id=${y}&chart=views&days=7`));
    const third = publisherDays.get(dayBack(4))![0]!;
    expect(candidates(third, [yDays.get(dayBack(4))![0]!]), `the publisher's third day: ${third}`).toBe(4);
  });
});

/** A table's rows (first cell's text, then the other cells' texts) by its caption, or by its first column's heading. */
function tableRows(p: Page, which: { caption: string } | { firstHeading: string }): string[][] {
  const table = p
    .all("table")
    .find((t) => ("caption" in which ? textOf(t.querySelector("caption")).startsWith(which.caption) : textOf(t.querySelector("thead th")) === which.firstHeading));
  expect(table, JSON.stringify(which)).toBeTruthy();
  return table!
    .querySelectorAll("tbody tr")
    .map((tr) => tr.querySelectorAll("th, td").map((cell) => textOf(cell)))
    .filter((cells) => cells.length > 1);
}

describe("no order or membership gives a hidden figure away (issue 40 item 1, second review M1, L7)", () => {
  // A: six shown days summing to 20 and a hidden 3 ("21–24", really 23); the window before an exact
  // 22. B: an exact 22, and 10 before. Ordered by the real sums, A above B says A > 22, so the hidden
  // day is 3 or 4; A among the gainers says it is more than 2.
  const A = { current: [5, 5, 5, 5, 0, 0, 3], before: [22, 0, 0, 0, 0, 0, 0] };
  const B = { current: [22, 0, 0, 0, 0, 0, 0], before: [10, 0, 0, 0, 0, 0, 0] };

  it("ranks a publisher's apps and picks the movers by what they show", async () => {
    const { slug, x, y } = publisherWithTwoApps();
    const db = world.app.db;
    const rows = (app: string, series: typeof A) => [
      ...series.current.map((views, i) => [app, dayBack(6 - i), views] as const),
      ...series.before.map((views, i) => [app, dayBack(13 - i), views] as const),
    ];
    // Every app's views go, so the movers are these two only.
    await db.batch([
      db.prepare("DELETE FROM insights_app_daily"),
      ...[...rows(x, A), ...rows(y, B)].map(([app, day, views]) => db.prepare("INSERT INTO insights_app_daily (app_id, day, views) VALUES (?, ?, ?)").bind(app, day, views)),
    ]);
    const sam = new Jar();
    await logIn(world, sam, USERS.sam.email);
    const get = async (path: string) => parse(await (await visit(world, sam, path)).text());
    const nameOf = (id: string) => world.app.catalogue.apps.find((a) => a.id === id)!.name;

    const yourApps = tableRows(await get(`/admin/insights/publishers/${slug}?days=7`), { caption: "Each app in this window" });
    const order = yourApps.map((r) => r[0]);
    expect(yourApps.find((r) => r[0] === nameOf(x))?.[1]).toBe("21–24");
    expect(yourApps.find((r) => r[0] === nameOf(y))?.[1]).toBe("22");
    // Ranked by the low end shown (21 against 22): B first, whatever A's hidden day is.
    expect(order.indexOf(nameOf(y)), order.join(" | ")).toBeLessThan(order.indexOf(nameOf(x)));

    const market = await get("/admin/insights?days=7");
    const gained = tableRows(market, { caption: "Most gained" }).map((r) => r[0]);
    const lost = tableRows(market, { caption: "Most lost" }).map((r) => r[0]);
    expect(gained).toContain(nameOf(y));
    // "21–24" against "22": the shown figures say neither a gain nor a loss, so A is in neither list.
    expect(gained).not.toContain(nameOf(x));
    expect(lost).not.toContain(nameOf(x));
  });

  it("lists and ranks search queries by what they show", async () => {
    const db = world.app.db;
    const FIVE_BROWSERS = 0b11111;
    const cells: [string, string, number, number][] = [
      // query, day, searches, results
      ["hidden pair", dayBack(1), 2, 0],
      ["hidden pair", dayBack(2), 3, 0],
      ["ranked p", dayBack(1), 20, 3],
      ["ranked p", dayBack(2), 3, 3],
      ["ranked q", dayBack(1), 22, 3],
    ];
    await db.batch([
      db.prepare("DELETE FROM insights_search_daily"),
      ...cells.map(([query, day, searches, results]) =>
        db
          .prepare("INSERT INTO insights_search_daily (day, query, searches, results, opens, browsers) VALUES (?, ?, ?, ?, 0, ?)")
          .bind(day, query, searches, results, FIVE_BROWSERS),
      ),
    ]);
    const sam = new Jar();
    await logIn(world, sam, USERS.sam.email);
    const p = parse(await (await visit(world, sam, "/admin/search-insights?days=7")).text());
    const top = tableRows(p, { caption: "The most searched queries" });
    expect(top.find((r) => r[0] === "ranked p")?.[1]).toBe("21–24");
    const order = top.map((r) => r[0]);
    expect(order.indexOf("ranked q"), order.join(" | ")).toBeLessThan(order.indexOf("ranked p"));
    // "2–8" found nothing: listed because the real sum is 5 or more, it would say 5–8.
    expect(top.find((r) => r[0] === "hidden pair")?.[1]).toBe("2–8");
    expect(tableRows(p, { caption: "Searched queries that found nothing" }).map((r) => r[0])).not.toContain("hidden pair");
  });

  it("lists the searches that led to an app by their shown opens, and decides the average rating on the shown count", async () => {
    const { x } = publisherWithTwoApps();
    const db = world.app.db;
    const opens: [string, string, number][] = [
      ["qa", dayBack(1), 2],
      ["qa", dayBack(2), 3],
      ["qb", dayBack(1), 20],
      ["qb", dayBack(2), 3],
      ["qc", dayBack(1), 22],
    ];
    await db.batch([
      db.prepare("DELETE FROM insights_app_search_daily WHERE app_id = ?").bind(x),
      db.prepare("DELETE FROM insights_app_daily WHERE app_id = ?").bind(x),
      ...opens.map(([query, day, n]) => db.prepare("INSERT INTO insights_app_search_daily (app_id, day, query, opens) VALUES (?, ?, ?, ?)").bind(x, day, query, n)),
      // Ratings: 5 on one day, 2 (hidden) on another: "7 ratings" would need the hidden day.
      db.prepare("INSERT INTO insights_app_daily (app_id, day, ratings, rating_sum) VALUES (?, ?, 5, 20)").bind(x, dayBack(3)),
      db.prepare("INSERT INTO insights_app_daily (app_id, day, ratings, rating_sum) VALUES (?, ?, 2, 10)").bind(x, dayBack(4)),
    ]);
    const sam = new Jar();
    await logIn(world, sam, USERS.sam.email);
    const p = parse(await (await visit(world, sam, `/admin/insights/apps/${x}?days=7`)).text());
    const led = tableRows(p, { firstHeading: "Search" }).map((r) => r[0]);
    // qa's cells are 2 and 3: listed, it would say they add up to 5 or more.
    expect(led).not.toContain("qa");
    // qb shows its days of 5 or more (20) and ranks under qc's 22.
    expect(led, led.join(" | ")).toEqual(["qc", "qb"]);
    // 5 + "fewer than 5" ratings: the count shown is "6–9", so no average (it would narrow the count).
    expect(figure(p, "Average rating").value).toBe("not shown");
  });
});
