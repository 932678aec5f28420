// The frame of every insights page (./insights-page.server.ts): title, links up, tabs, the window
// links (7, 30, 90 days: plain links, no JavaScript needed), what the counts are and why small ones
// are hidden, and the sections. The sections' charts and tables are HTML rendered on the server
// (app/components/charts/Chart.server.tsx), placed as they are: none of their code is in the browser.
// The server-rendered sections' styles: their components are `.server` modules, outside the
// browser's build, so their stylesheets are brought into the CSS bundle from here.
import "~/components/charts/Chart.css";
import "./InsightsSections.css";
import { Island } from "~/components/Island";
import { useKeptForDocument } from "~/lib/server-render";
import { formatDate } from "~/lib/format-date";
import { FEWER_THAN } from "./series";
import type { InsightsPageData } from "./insights-page.server";
import * as s from "./InsightsPage.css";

/** "November 27, 2026": the hub's one long date (~/lib/format-date), without an Intl formatter per call. */
const longDay = (day: string) => formatDate(`${day}T00:00:00Z`);

/**
 * The sections' HTML is kept for the document's render only (docs/decisions/023): sent once, as
 * HTML in Islands the browser keeps, not a second time as loader data. A `.data` answer (a
 * client-side navigation) carries it instead, and the Island renders it from there.
 */
export const INSIGHTS_KEPT = "insights-sections";

export function InsightsPage({ data }: { data: InsightsPageData }) {
  const Title = data.nested ? "h2" : "h1";
  const kept = useKeptForDocument<InsightsPageData["sections"]>(INSIGHTS_KEPT);
  return (
    <div className={data.nested ? s.nestedPage : s.page}>
      <div className={s.head}>
        {data.up.length ? (
          <nav aria-label="Up">
            <ul className={s.up}>
              {data.up.map((u) => (
                <li key={u.href}>
                  <a href={u.href}>← {u.label}</a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <Title className={data.nested ? s.nestedTitle : s.title}>{data.title}</Title>
        <p className={s.lead}>{data.lead}</p>
        {data.tabs.length ? (
          <nav aria-label="Insights pages">
            <ul className={s.links}>
              {data.tabs.map((t) => (
                <li key={t.href}>
                  <a className={s.link} href={t.href} aria-current={t.current ? "page" : undefined}>
                    {t.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <div className={s.bar}>
          <nav aria-label="Window">
            <ul className={s.links}>
              {data.windows.map((w) => (
                <li key={w.days}>
                  <a className={s.link} href={w.href} aria-current={w.current ? "true" : undefined}>
                    Last {w.days} days
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <p className={s.range}>
            {longDay(data.range.from)} to {longDay(data.range.to)} (UTC), compared with {longDay(data.range.previousFrom)} to {longDay(data.range.previousTo)}
          </p>
        </div>
        <p className={s.note} id="insights-privacy">
          <strong>What is counted.</strong> Counts of people's visits and steps come only from browsers whose person allowed performance analytics and that do not send Global
          Privacy Control. The daily tables behind this page hold no person, no address and no cookie: only apps, search words and counts per day. Any daily count from 1 to 4 shows
          as “{FEWER_THAN}” (and is drawn in the shaded band), so that no single person can be picked out; a total that includes such a count shows the range it can be in
          (“85–88”), so no subtraction gives it away; a search is listed only once at least 5 different browsers made it in the window.
        </p>
      </div>
      {data.sections.map((section) => (
        <section key={section.id} className={s.section} aria-labelledby={`insights-${section.id}`}>
          <h2 className={s.sectionTitle} id={`insights-${section.id}`}>
            {section.title}
          </h2>
          {/* Server-rendered charts and tables (no script in them: React text and SVG only). */}
          <Island
            id={`insights-body-${section.id}`}
            html={typeof document === "undefined" ? (kept?.find((k) => k.id === section.id)?.html ?? section.html) : undefined}
            // biome-ignore lint/security/noDangerouslySetInnerHtml: our own server's markup, rendered by React from numbers and escaped text
            fallback={<div dangerouslySetInnerHTML={{ __html: section.html }} />}
          />
        </section>
      ))}
    </div>
  );
}
