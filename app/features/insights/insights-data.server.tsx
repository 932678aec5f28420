// What each insights page shows (docs/decisions/038), built from the rollups: the charts (shared
// chart, app/components/charts) and the tables beside them, as server-rendered HTML sections. The
// same builders answer the pages and their CSV downloads, so a CSV always holds what its chart shows.
import { renderToStaticMarkup } from "react-dom/server";
import { chartHtml, type ChartData } from "~/components/charts/Chart.server";
import type { Db } from "~/models/db.server";
import {
  appDays,
  marketDays,
  movers,
  publisherApps,
  publisherDays,
  queryDays,
  queryLists,
  reviewBacklog,
  searchesLeadingTo,
  type AppDay,
  type MarketDay,
  type AppFacts,
  type LeadingSearch,
  type QueryTotals,
} from "./read.server";
import { APP_MEASURES, type AppMeasure } from "./events";
import { formatCount } from "~/lib/format-number";
import { averageOf, cellOf, column, exactly, FEWER_THAN, figureChange, figureRatio, shownFigure, SMALL_COUNT, sum, totalOf, type Figure, type Window } from "./series";
import * as s from "./InsightsSections.css";

export type Section = { id: string; title: string; html: string };

/**
 * Rendered pages, by what they are made of: the HTML is a pure function of the rollup rows, the
 * window and the addresses, so the same rows are not rendered twice in an isolate (a reload, a
 * second window, the CSV of a chart just seen). Rows that changed (new events) make a new key.
 */
const rendered = new Map<string, Built>();
const RENDERED_MAX = 64;

async function memoised(parts: unknown, build: () => Built): Promise<Built> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(JSON.stringify(parts)));
  const key = btoa(String.fromCharCode(...new Uint8Array(digest)));
  const hit = rendered.get(key);
  if (hit) return hit;
  const built = build();
  if (rendered.size >= RENDERED_MAX) rendered.delete(rendered.keys().next().value as string);
  rendered.set(key, built);
  return built;
}
export type Built = { sections: Section[]; charts: ChartData[] };

/** Builds a CSV address for one chart of this page and window. */
export type CsvHref = (chart: string) => string;

const line = (
  w: Window,
  csv: CsvHref,
  id: string,
  title: string,
  unit: string,
  series: { label: string; values: (number | Figure | null)[]; previous?: number | Figure }[],
  extra: Partial<ChartData> = {},
): ChartData => ({ id, title, unit, labels: w.current, kind: "line", series, small: true, csvHref: csv(id), ...extra });

function Table({ caption, head, rows }: { caption: string; head: string[]; rows: (string | { text: string; href: string })[][] }) {
  return (
    // Scrolls sideways inside its own frame on a narrow phone (focusable, so keyboards can scroll it).
    // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is focusable so it can be scrolled by keyboard
    <div className={s.tableScroll} tabIndex={0}>
      <table className={s.table}>
        <caption className={s.tableCaption}>{caption}</caption>
        <thead>
          <tr>
            {head.map((h) => (
              <th scope="col" key={h}>
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={head.length}>Nothing to show in this window.</td>
            </tr>
          ) : (
            rows.map((r, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: rows have no identity beyond their place
              <tr key={i}>
                {r.map((cell, j) =>
                  j === 0 ? (
                    <th scope="row" key={typeof cell === "string" ? cell : cell.href}>
                      {typeof cell === "string" ? cell : <a href={cell.href}>{cell.text}</a>}
                    </th>
                  ) : (
                    // biome-ignore lint/suspicious/noArrayIndexKey: a cell's place is its column
                    <td key={j}>{typeof cell === "string" ? cell : <a href={cell.href}>{cell.text}</a>}</td>
                  ),
                )}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}

function Figures({ items }: { items: { label: string; value: string; note?: string }[] }) {
  return (
    <dl className={s.figures}>
      {items.map((f) => (
        <div key={f.label} className={s.figure}>
          <dt className={s.figureLabel}>{f.label}</dt>
          <dd className={s.figureValue}>{f.value}</dd>
          {f.note ? <dd className={s.figureNote}>{f.note}</dd> : null}
        </div>
      ))}
    </dl>
  );
}

const html = (...parts: (string | JSX.Element)[]) => parts.map((p) => (typeof p === "string" ? p : renderToStaticMarkup(p))).join("");
const grid = (...charts: string[]) => `<div class="${s.grid}">${charts.join("")}</div>`;

type CountedDay = { day: string; hidden?: Partial<Record<string, number>> } & Record<AppMeasure, number>;
/**
 * A day's count of a measure as a Figure (series.ts, issue 40 item 1): one rollup cell (an app's or
 * the marketplace's day), or a publisher's day of its apps' cells with the hidden ones counted apart.
 */
const part =
  (m: AppMeasure | "ratings") =>
  (d: CountedDay & { ratings?: number }): Figure => {
    const value = m === "ratings" ? (d.ratings ?? 0) : d[m];
    return d.hidden ? { exact: value, hidden: d.hidden[m] ?? 0 } : cellOf(value);
  };
const parts = Object.fromEntries([...APP_MEASURES, "ratings"].map((m) => [m, part(m as AppMeasure)])) as Record<AppMeasure | "ratings", (d: CountedDay) => Figure>;
const both = (a: (d: CountedDay) => Figure, b: (d: CountedDay) => Figure) => (d: CountedDay) => totalOf([a(d), b(d)]);

/**
 * A page's days as the charts read them: Figures per day of the window (`cur`) and their totals over
 * the window and the window before, so a total with a hidden day in it is never exact; `num` reads a
 * count of the hub's own work (the review queue, deliveries), shown exactly.
 */
function windowed<D extends { day: string }>(days: readonly D[], w: Window) {
  const byDay = new Map(days.map((d) => [d.day, d]));
  const on = (list: readonly string[], pick: (d: D) => Figure) => list.map((day) => (byDay.has(day) ? pick(byDay.get(day)!) : exactly(0)));
  return {
    cur: (pick: (d: D) => Figure) => on(w.current, pick),
    total: (pick: (d: D) => Figure) => totalOf(on(w.current, pick)),
    prevTotal: (pick: (d: D) => Figure) => totalOf(on(w.previous, pick)),
    num: (pick: (d: D) => number) => column(days, w.current, pick),
    prevNum: (pick: (d: D) => number) => sum(column(days, w.previous, pick)),
  };
}

/** The funnel's steps per day: viewed, an add or connect started, one done. */
const FUNNEL_STEPS = [parts.views, both(parts.add_starts, parts.connect_starts), both(parts.adds, parts.connects)] as const;

/** The funnel's totals of the window and of the window before: [viewed, started, added] each. */
function funnelTotals<D extends CountedDay>(days: readonly D[], w: Window) {
  const { total, prevTotal } = windowed(days, w);
  return { current: FUNNEL_STEPS.map((step) => total(step)) as [Figure, Figure, Figure], previous: FUNNEL_STEPS.map((step) => prevTotal(step)) as [Figure, Figure, Figure] };
}

/** The funnel as a bar chart of the two windows' totals. */
const funnelBars = (csv: CsvHref, title: string, description: string, totals: ReturnType<typeof funnelTotals>): ChartData => ({
  id: "funnel",
  title,
  description,
  labels: ["Viewed", "Started", "Added"],
  kind: "bar",
  unit: "people's steps",
  series: [
    { label: "This window", values: totals.current },
    { label: "Window before", values: totals.previous },
  ],
  small: true,
  csvHref: csv("funnel"),
});

/** The page's first section: its figures for the window. */
const summarySection = (items: { label: string; value: string; note?: string }[]): Section => ({ id: "summary", title: "In this window", html: html(<Figures items={items} />) });

/** A total as a page shows it, with the change against the window before (only between exact totals). */
const totalWithChange = (current: Figure, previous: Figure) => ({
  value: shownFigure(current),
  note:
    current.hidden || previous.hidden
      ? `${figureChange(current, previous)} (window before: ${shownFigure(previous)})`
      : current.exact < 5 && previous.exact < 5
        ? `window before: ${shownFigure(previous)}`
        : `${figureChange(current, previous)} against the window before (${shownFigure(previous)})`,
});

/** An app's or a publisher's insights (issue 30 item 3). */
export function scopeSections(days: AppDay[], w: Window, csv: CsvHref, searches: LeadingSearch[], rating: { average: number | null; count: number } | null): Built {
  const { cur, prevTotal, num, prevNum } = windowed(days, w);
  const steps = funnelTotals(days, w);
  const [[v, , ad], [pv, , pad]] = [steps.current, steps.previous];
  // The averages are of published reviews' stars (public content); the counts of ratings are
  // Figures like every other count. An average is shown only beside an exact count of at least 5
  // (issue 40, second review L7): decided on the real count, "6–9 ratings" with an average said the
  // count was 5 or more, and any average narrows a count it is not shown with (4.3 is no sum over 5).
  const ratings = cur(parts.ratings);
  const prevRatings = prevTotal(parts.ratings);
  const shownAverage = (count: Figure, total: number, all: number) => (count.hidden === 0 && count.exact >= SMALL_COUNT ? averageOf(total, all) : null);
  const prevAverage = shownAverage(
    prevRatings,
    prevNum((d) => d.rating_sum),
    prevNum((d) => d.rating_count),
  );
  const average = shownAverage(totalOf(ratings), sum(num((d) => d.rating_sum)), sum(num((d) => d.rating_count)));

  const charts: ChartData[] = [
    line(w, csv, "views", "Page views", "app page views per day", [{ label: "Views", values: cur(parts.views), previous: pv }]),
    funnelBars(csv, "Viewed → started → added", "Totals of the window and the window before. Started: an add to a space or a connect begun; added: done.", steps),
    line(w, csv, "adds", "Adds and connects", "adds and connects per day", [
      { label: "Add started", values: cur(parts.add_starts), previous: prevTotal(parts.add_starts) },
      { label: "Added", values: cur(parts.adds), previous: prevTotal(parts.adds) },
      { label: "Connect started", values: cur(parts.connect_starts), previous: prevTotal(parts.connect_starts) },
      { label: "Connected", values: cur(parts.connects), previous: prevTotal(parts.connects) },
    ]),
    line(w, csv, "follows", "Follows and unfollows", "follows per day", [
      { label: "Follows", values: cur(parts.follows), previous: prevTotal(parts.follows) },
      { label: "Unfollows", values: cur(parts.unfollows), previous: prevTotal(parts.unfollows) },
    ]),
    line(w, csv, "ratings", "Ratings", "ratings per day", [{ label: "Ratings", values: ratings, previous: prevRatings }], {
      description: `Average of the window's ratings: ${average ?? "not shown (fewer than 5 ratings, or a day of fewer than 5)"}; the window before: ${prevAverage ?? "not shown"}.`,
    }),
    line(w, csv, "searches", "Opened from a search", "app pages opened from search results per day", [
      { label: "Opened from a search", values: cur(parts.search_opens), previous: prevTotal(parts.search_opens) },
    ]),
  ];
  const [viewsChart, funnelChart, addsChart, followsChart, ratingsChart, searchChart] = charts.map(chartHtml) as [string, string, string, string, string, string];
  const sections: Section[] = [
    summarySection([
      { label: "Page views", ...totalWithChange(v, pv) },
      { label: "Adds and connects", ...totalWithChange(ad, pad) },
      { label: "Viewed to added", value: figureRatio(ad, v), note: "of the window's views" },
      {
        label: "Average rating",
        value: average === null ? "not shown" : `${average} of 5`,
        note: [
          average === null
            ? `${shownFigure(totalOf(ratings))} ratings in this window (an average needs at least 5, none on a day of ${FEWER_THAN})`
            : `from ${shownFigure(totalOf(ratings))} ratings in this window`,
          rating && rating.average !== null && rating.count >= 5 ? `all time: ${Math.round(rating.average * 10) / 10} of 5 from ${rating.count}` : null,
        ]
          .filter(Boolean)
          .join("; "),
      },
    ]),
    { id: "views", title: "Views and the funnel", html: grid(viewsChart, funnelChart) },
    { id: "adds", title: "Adds, connects and follows", html: grid(addsChart, followsChart) },
    {
      id: "ratings-searches",
      title: "Ratings and searches",
      html: grid(
        ratingsChart,
        `<div class="${s.stack}">${searchChart}` +
          html(
            <Table
              caption="The searches that led here: opens on the days a search led here 5 times or more (days of fewer than 5 are left out)"
              head={["Search", "Opened", "Window before"]}
              rows={searches.map((q) => [q.query, formatCount(q.opens), formatCount(q.previous)])}
            />,
          ) +
          "</div>",
      ),
    },
  ];
  return { sections, charts };
}

const hours = (seconds: number, decisions: number) => (decisions ? Math.round((seconds / decisions / 3600) * 10) / 10 : null);

/** The marketplace team's page (issue 30 item 4). */
export async function marketplaceInsights(db: Db, w: Window, csv: CsvHref, appHref: (appId: string) => string): Promise<Built> {
  const [days, moved, backlog] = await Promise.all([marketDays(db, w), movers(db, w), reviewBacklog(db)]);
  const { cur, num, prevNum } = windowed(days, w);
  const steps = funnelTotals(days, w);
  const [[v, , ad], [pv, , pad]] = [steps.current, steps.previous];
  const decisions = sum(num((d) => d.decisions));
  const decisionSeconds = sum(num((d) => d.decision_seconds));
  const prevDecisions = prevNum((d) => d.decisions);
  const charts: ChartData[] = [
    funnelBars(csv, "Viewed → started → added, the whole marketplace", "Totals of the window and the window before.", steps),
    line(w, csv, "funnel-daily", "The funnel by day", "steps per day", [
      ...(["Viewed", "Started", "Added"] as const).map((label, i) => ({ label, values: cur(FUNNEL_STEPS[i]!), previous: steps.previous[i] })),
    ]),
    line(
      w,
      csv,
      "reviews",
      "Review queue: received and decided",
      "submissions per day",
      [
        { label: "Received", values: num((d) => d.submissions), previous: prevNum((d) => d.submissions) },
        { label: "Decided", values: num((d) => d.decisions), previous: prevDecisions },
        { label: "Approved", values: num((d) => d.approvals), previous: prevNum((d) => d.approvals) },
      ],
      { small: false },
    ),
    line(
      w,
      csv,
      "decision-time",
      "Time to a decision",
      "average hours from submission to decision, by the day of the decision",
      [
        {
          label: "Average hours",
          values: days.length ? w.current.map((day) => days.find((d) => d.day === day)).map((d) => (d ? hours(d.decision_seconds, d.decisions) : null)) : w.current.map(() => null),
        },
      ],
      { small: false, summed: false },
    ),
    line(
      w,
      csv,
      "deliveries",
      "Update deliveries and dead letters",
      "messages to followers per day",
      [
        { label: "Posted", values: num((d) => d.deliveries_sent), previous: prevNum((d) => d.deliveries_sent) },
        { label: "Dead letters", values: num((d) => d.dead_letters), previous: prevNum((d) => d.dead_letters) },
      ],
      { small: false },
    ),
  ];
  const [funnel, funnelDaily, reviews, decisionTime, deliveries] = charts.map(chartHtml) as [string, string, string, string, string];
  const moverRows = (list: typeof moved.gainers) =>
    list.map((m) => [{ text: m.name, href: appHref(m.appId) }, shownFigure(m.shown.current), shownFigure(m.shown.previous), figureChange(m.shown.current, m.shown.previous)]);
  const avg = hours(decisionSeconds, decisions);
  const prevAvg = hours(
    prevNum((d) => d.decision_seconds),
    prevDecisions,
  );
  const sections: Section[] = [
    summarySection([
      { label: "App page views", ...totalWithChange(v, pv) },
      { label: "Adds and connects", ...totalWithChange(ad, pad) },
      { label: "Viewed to added", value: figureRatio(ad, v), note: `window before: ${figureRatio(pad, pv)}` },
      { label: "Waiting for review now", value: String(backlog.pending), note: backlog.oldest ? `oldest since ${backlog.oldest.slice(0, 10)}` : "none waiting" },
      {
        label: "Time to a decision",
        value: avg === null ? "–" : `${avg} h`,
        note: `average of ${decisions} decisions; window before: ${prevAvg === null ? "–" : `${prevAvg} h`}`,
      },
    ]),
    { id: "funnel", title: "The marketplace's funnel", html: grid(funnel, funnelDaily) },
    {
      id: "movers",
      title: "Apps that gain and lose the most",
      html: `<div class="${s.grid}">${html(
        <Table caption="Most gained: page views against the window before" head={["App", "Views", "Window before", "Change"]} rows={moverRows(moved.gainers)} />,
        <Table caption="Most lost: page views against the window before" head={["App", "Views", "Window before", "Change"]} rows={moverRows(moved.losers)} />,
      )}</div>`,
    },
    { id: "reviews", title: "The review queue", html: grid(reviews, decisionTime) },
    { id: "deliveries", title: "Updates to followers", html: grid(deliveries) },
  ];
  return { sections, charts };
}

/** Top search queries per day: one series per query (at most 4 on a chart; the table lists 10). */
function querySeries(rows: Awaited<ReturnType<typeof queryDays>>, w: Window, list: QueryTotals[], pick: (r: { searches: number; opens: number; results: number }) => number) {
  // One query's day is one rollup cell: the chart shows 1 to 4 as "fewer than 5", and the tables'
  // totals are Figures of the same cells (read.server.ts queryLists).
  return list.slice(0, 4).map((q) => ({
    label: `“${q.query}”`,
    values: column(
      rows.filter((r) => r.query === q.query),
      w.current,
      pick,
    ),
  }));
}

/** Hub admins' search insights (issue 28 item 8). */
export async function searchInsights(db: Db, w: Window, csv: CsvHref): Promise<Built> {
  const [days, lists] = await Promise.all([marketDays(db, w), queryLists(db, w)]);
  const rows = await queryDays(db, w, [...new Set([...lists.top, ...lists.empty, ...lists.unopened].slice(0, 30).map((q) => q.query))]);
  const { cur, total, prevTotal } = windowed(days, w);
  const [searched, empty, opened] = [(d: MarketDay) => cellOf(d.searches), (d: MarketDay) => cellOf(d.searches_empty), parts.search_opens];
  const searches = total(searched);
  const charts: ChartData[] = [
    line(w, csv, "searches", "Searches", "searches per day", [
      { label: "Searches", values: cur(searched), previous: prevTotal(searched) },
      { label: "Found nothing", values: cur(empty), previous: prevTotal(empty) },
      { label: "A result opened", values: cur(opened), previous: prevTotal(opened) },
    ]),
    line(
      w,
      csv,
      "top-queries",
      "Top queries",
      "searches per day of the most searched queries",
      querySeries(rows, w, lists.top, (r) => r.searches),
    ),
    line(
      w,
      csv,
      "no-results",
      "Queries with no results",
      "searches per day that found nothing",
      querySeries(rows, w, lists.empty, (r) => (r.results === 0 ? r.searches : 0)),
    ),
    line(
      w,
      csv,
      "no-opens",
      "Queries whose results nobody opens",
      "searches per day of queries with no result opened",
      querySeries(rows, w, lists.unopened, (r) => r.searches),
    ),
  ];
  const [all, top, emptyChart, unopened] = charts.map(chartHtml) as [string, string, string, string];
  const queryTable = (caption: string, list: QueryTotals[], third: [string, (q: QueryTotals) => string]) =>
    html(<Table caption={caption} head={["Query", "Searches", third[0]]} rows={list.map((q) => [q.query, shownFigure(q.shown.searches), third[1](q)])} />);
  const sections: Section[] = [
    summarySection([
      {
        label: "Searches",
        ...totalWithChange(searches, prevTotal(searched)),
      },
      { label: "Found nothing", value: figureRatio(total(empty), searches), note: "of the window's searches" },
      { label: "A result opened", value: figureRatio(total(opened), searches), note: "opens per search" },
    ]),
    { id: "searches", title: "Searches by day", html: grid(all) },
    {
      id: "top",
      title: "Top queries",
      html: grid(top, queryTable("The most searched queries", lists.top, ["Opened", (q) => shownFigure(q.shown.opens)])),
    },
    {
      id: "empty",
      title: "Queries with no results",
      html: grid(emptyChart, queryTable("Searched queries that found nothing", lists.empty, ["Found nothing", (q) => shownFigure(q.shown.empty)])),
    },
    {
      id: "unopened",
      title: "Queries whose results nobody opens",
      html: grid(unopened, queryTable("Queries with results that nobody opened", lists.unopened, ["Apps found", (q) => String(q.results)])),
    },
  ];
  return { sections, charts };
}

export async function appInsights(db: Db, app: AppFacts, w: Window, csv: CsvHref): Promise<Built> {
  const [days, searches] = await Promise.all([appDays(db, app.id, w), searchesLeadingTo(db, { appId: app.id }, w)]);
  const rating = { average: app.ratingAvg, count: app.ratingCount };
  return memoised(["app", days, searches, rating, w.days, w.to, csv("")], () => scopeSections(days, w, csv, searches, rating));
}

export async function publisherInsights(db: Db, slug: string, w: Window, csv: CsvHref, appHref: (appId: string) => string): Promise<Built> {
  const [days, searches, apps] = await Promise.all([publisherDays(db, slug, w), searchesLeadingTo(db, { publisher: slug }, w), publisherApps(db, slug, w)]);
  return memoised(["publisher", days, searches, apps, w.days, w.to, csv(""), appHref("")], () => publisherBuilt(days, w, csv, searches, apps, appHref));
}

function publisherBuilt(
  days: AppDay[],
  w: Window,
  csv: CsvHref,
  searches: LeadingSearch[],
  apps: Awaited<ReturnType<typeof publisherApps>>,
  appHref: (appId: string) => string,
): Built {
  const built = scopeSections(days, w, csv, searches, null);
  built.sections.splice(1, 0, {
    id: "apps",
    title: "Your apps",
    html: html(
      <Table
        caption="Each app in this window"
        head={["App", "Views", "Views before", "Adds and connects", "Follows"]}
        rows={apps.map((a) => [
          { text: a.name, href: appHref(a.appId) },
          shownFigure(a.views),
          shownFigure(a.previousViews),
          shownFigure(totalOf([a.adds, a.connects])),
          shownFigure(a.follows),
        ])}
      />,
    ),
  });
  return built;
}
