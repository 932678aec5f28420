// The one chart of the insights pages (issues 30 and 28; docs/decisions/038): a line chart of daily
// values or a bar chart of a few categories, rendered on the server to SVG that reads without
// JavaScript. A `.server` module rendered to an HTML string by the loader, so none of it is in the
// browser's bundle (0 KB of JavaScript). Each chart is a <figure> with a heading, the SVG (role img,
// named by its title and a one-line summary), a legend, the window's totals against the window
// before, a data table for screen readers and a CSV download link. Values of 1 to 4 of a counted
// measure are drawn in the "fewer than 5" band and written as "fewer than 5" (issue 30 item 5).
import { renderToStaticMarkup } from "react-dom/server";
import { cellOf, csvFigure, drawnFigure, exactly, FEWER_THAN, niceTicks, shortDay, shownFigure, SMALL_COUNT, totalOf, type Figure } from "~/features/insights/series";
import { formatCount } from "~/lib/format-number";
import { visuallyHidden } from "../../../styles/global.css";
import * as s from "./Chart.css";

export type ChartSeries = {
  label: string;
  /**
   * One per label; null is "not shown" (an average of fewer than 5 ratings): a gap in the line. A
   * number is one rollup cell; a Figure a value made of several (a publisher's day of its apps).
   */
  values: (number | Figure | null)[];
  /** The window before's total (or average), for the comparison under the chart. */
  previous?: number | Figure | null;
};

export type ChartData = {
  /** A slug: the figure's id and the CSV's chart name. */
  id: string;
  title: string;
  description?: string;
  /** The x axis: UTC days (YYYY-MM-DD) for a line chart, category names for a bar chart. */
  labels: string[];
  kind: "line" | "bar";
  series: ChartSeries[];
  /** What the y axis counts ("views per day"). */
  unit: string;
  /** Counts of people's actions: 1 to 4 show as "fewer than 5". False for averages and hours. */
  small: boolean;
  /** The series' window totals are sums (counts); false: averages, shown as they are. */
  summed?: boolean;
  csvHref: string;
};

/** Line colours (≥ 3:1 against white, as graphics need) and dash patterns, so colour is not the only cue. */
const COLOURS = ["#0B5CAD", "#B54708", "#067647", "#6941C6"];
const DASHES = ["", "6 4", "2 3", "10 3 2 3"];

const W = 640;
const H = 240;
const M = { top: 16, right: 16, bottom: 36, left: 52 };
const PLOT_W = W - M.left - M.right;
const PLOT_H = H - M.top - M.bottom;

type Value = number | Figure | null;
/**
 * A value as a Figure (series.ts, the one rule of issue 40 item 1): a counted cell is hidden at 1 to
 * 4; an operational count is exact. Totals are Figures added up, so a hidden day stays hidden in them.
 */
const figureOf = (v: number | Figure, small: boolean): Figure => (typeof v === "number" ? (small ? cellOf(v) : exactly(v)) : v);
/** Where a value is drawn: a hidden one in the middle of the "fewer than 5" band (or of its range), never at its value. */
const drawn = (v: number | Figure, small: boolean) => (small ? drawnFigure(figureOf(v, small)) : typeof v === "number" ? v : drawnFigure(v));
const isHidden = (v: Value, small: boolean) => v !== null && small && figureOf(v, small).hidden > 0;

/** A value as the CSV carries it: plain digits, for spreadsheets (the below-5 rule applied). */
const csvValue = (v: Value, small: boolean) => (v === null ? "not shown" : small || typeof v !== "number" ? csvFigure(figureOf(v, small)) : String(Math.round(v * 10) / 10));
/** A value as the page shows it: thousands grouped, as everywhere on the hub ("23,912"). */
export const shownValue = (v: Value, small: boolean) => {
  if (v === null) return "not shown";
  if (small || typeof v !== "number") return shownFigure(figureOf(v, small));
  const rounded = Math.round(v * 10) / 10;
  return Number.isSafeInteger(rounded) ? formatCount(rounded) : String(rounded);
};
/** A series' window total: its values' Figures added up (a total with a hidden day is a range). */
const totalValue = (values: readonly Value[], small: boolean): Figure => totalOf(values.filter((v): v is number | Figure => v !== null).map((v) => figureOf(v, small)));

function summary(chart: ChartData): string {
  const parts = chart.series.map((line) => {
    const known = line.values.filter((v) => v !== null);
    if (chart.summed === false) return `${line.label}: ${known.length} of ${line.values.length} ${chart.kind === "line" ? "days" : "steps"} with a value`;
    return `${line.label}: ${shownValue(totalValue(line.values, chart.small), chart.small)} in total`;
  });
  const span = chart.kind === "line" && chart.labels.length ? `, ${shortDay(chart.labels[0]!)} to ${shortDay(chart.labels[chart.labels.length - 1]!)}` : "";
  return `${chart.kind === "line" ? "Line" : "Bar"} chart of ${chart.unit}${span}. ${parts.join("; ")}.`;
}

function Axes({ ticks, y, labels, x }: { ticks: number[]; y: (v: number) => number; labels: string[]; x: (i: number) => number }) {
  const every = Math.max(1, Math.ceil(labels.length / 6));
  return (
    <g>
      {ticks.map((t) => (
        <g key={t}>
          <line className={t === 0 ? s.axisLine : s.gridLine} x1={M.left} x2={W - M.right} y1={y(t)} y2={y(t)} />
          <text className={s.axisText} x={M.left - 8} y={y(t) + 4} textAnchor="end">
            {shownValue(t, false)}
          </text>
        </g>
      ))}
      {labels.map((label, i) =>
        i % every === 0 || i === labels.length - 1 ? (
          <text key={label} className={s.axisText} x={x(i)} y={H - M.bottom + 18} textAnchor={i === 0 ? "start" : i === labels.length - 1 ? "end" : "middle"}>
            {/^\d{4}-\d{2}-\d{2}$/.test(label) ? shortDay(label) : label}
          </text>
        ) : null,
      )}
    </g>
  );
}

function Plot({ chart, titleId, descId }: { chart: ChartData; titleId: string; descId: string }) {
  const all = chart.series.flatMap((l) => l.values).filter((v): v is number | Figure => v !== null);
  const ticks = niceTicks(Math.max(chart.small ? SMALL_COUNT * 2 : 1, ...all.map((v) => drawn(v, chart.small))));
  const top = ticks[ticks.length - 1]!;
  const y = (v: number) => M.top + PLOT_H - (v / top) * PLOT_H;
  const n = chart.labels.length;
  const band = all.some((v) => isHidden(v, chart.small));
  if (chart.kind === "bar") {
    const slot = PLOT_W / Math.max(1, n);
    const groups = chart.series.length;
    const barW = Math.min(56, (slot * 0.7) / groups);
    const x = (i: number) => M.left + slot * i + slot / 2;
    return (
      <svg className={s.svg} viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${titleId} ${descId}`}>
        <title>{chart.title}</title>
        {band ? <rect className={s.smallBand} x={M.left} y={y(SMALL_COUNT)} width={PLOT_W} height={y(0) - y(SMALL_COUNT)} /> : null}
        <Axes ticks={ticks} y={y} labels={chart.labels} x={x} />
        {chart.series.map((line, g) =>
          line.values.map((v, i) => {
            if (v === null) return null;
            const left = x(i) - (barW * groups) / 2 + barW * g;
            const shown = drawn(v, chart.small);
            return (
              <g key={`${line.label}-${chart.labels[i]}`}>
                <rect x={left} y={y(shown)} width={barW - 2} height={Math.max(0, y(0) - y(shown))} fill={COLOURS[g % COLOURS.length]} />
                <text className={s.axisText} x={left + (barW - 2) / 2} y={y(shown) - 4} textAnchor="middle">
                  {shownValue(v, chart.small) === FEWER_THAN ? "< 5" : shownValue(v, chart.small)}
                </text>
              </g>
            );
          }),
        )}
      </svg>
    );
  }
  const x = (i: number) => M.left + (n <= 1 ? PLOT_W / 2 : (PLOT_W * i) / (n - 1));
  return (
    <svg className={s.svg} viewBox={`0 0 ${W} ${H}`} role="img" aria-labelledby={`${titleId} ${descId}`}>
      <title>{chart.title}</title>
      {band ? (
        <g>
          <rect className={s.smallBand} x={M.left} y={y(SMALL_COUNT)} width={PLOT_W} height={y(0) - y(SMALL_COUNT)} />
          <text className={s.axisText} x={W - M.right - 4} y={y(SMALL_COUNT) - 4} textAnchor="end">
            shaded: {FEWER_THAN}
          </text>
        </g>
      ) : null}
      <Axes ticks={ticks} y={y} labels={chart.labels} x={x} />
      {chart.series.map((line, g) => {
        // A path per run of known values: a null is a gap, not a zero.
        let d = "";
        let pen = false;
        line.values.forEach((v, i) => {
          if (v === null) {
            pen = false;
            return;
          }
          d += `${pen ? "L" : "M"}${x(i).toFixed(1)} ${y(drawn(v, chart.small)).toFixed(1)} `;
          pen = true;
        });
        const colour = COLOURS[g % COLOURS.length];
        return (
          <g key={line.label}>
            <path d={d.trim()} fill="none" stroke={colour} strokeWidth={2.5} strokeDasharray={DASHES[g % DASHES.length] || undefined} strokeLinejoin="round" />
            {n <= 31
              ? line.values.map((v, i) =>
                  v === null ? null : (
                    <circle
                      key={chart.labels[i]}
                      cx={x(i)}
                      cy={y(drawn(v, chart.small))}
                      r={3}
                      fill={isHidden(v, chart.small) ? "#FFFFFF" : colour}
                      stroke={colour}
                      strokeWidth={1.5}
                    />
                  ),
                )
              : null}
          </g>
        );
      })}
    </svg>
  );
}

function ChartFigure({ chart }: { chart: ChartData }) {
  const titleId = `chart-${chart.id}-title`;
  const descId = `chart-${chart.id}-summary`;
  const isDays = chart.kind === "line";
  return (
    <figure className={s.figure} id={`chart-${chart.id}`}>
      <figcaption className={s.caption}>
        <h3 className={s.title} id={titleId}>
          {chart.title}
        </h3>
        {chart.description ? <p className={s.description}>{chart.description}</p> : null}
      </figcaption>
      {/* Focusable: on a narrow phone it scrolls sideways, and keyboards must reach that too. */}
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region is focusable so it can be scrolled by keyboard */}
      <div className={s.scroller} tabIndex={0}>
        <Plot chart={chart} titleId={titleId} descId={descId} />
      </div>
      <p className={s.scrollHint} aria-hidden="true">
        Scroll sideways to see the whole chart.
      </p>
      <p className={visuallyHidden} id={descId}>
        {summary(chart)}
      </p>
      {chart.series.length > 1 || chart.series[0]?.previous !== undefined ? (
        <ul className={s.totals}>
          {chart.series.map((line, g) => (
            <li key={line.label} className={s.legendItem}>
              <span className={s.swatch[`s${g % 4}` as keyof typeof s.swatch]} aria-hidden="true" />
              <span>
                {line.label}
                {line.previous !== undefined && chart.summed !== false ? (
                  <>
                    : <span className={s.totalValue}>{shownValue(totalValue(line.values, chart.small), chart.small)}</span>{" "}
                    <span className={s.muted}>(window before: {shownValue(line.previous ?? null, chart.small)})</span>
                  </>
                ) : null}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
      {/* Hidden by its wrapper: a table never shrinks to the 1 px that hides it, and would widen the page. */}
      <div className={visuallyHidden}>
        <table className={s.table}>
          <caption>{chart.title}: the numbers</caption>
          <thead>
            <tr>
              <th scope="col">{isDays ? "Day" : "Step"}</th>
              {chart.series.map((line) => (
                <th scope="col" key={line.label}>
                  {line.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {chart.labels.map((label, i) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {chart.series.map((line) => (
                  <td key={line.label}>{shownValue(line.values[i] ?? null, chart.small)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <a className={s.csv} href={chart.csvHref} download={`${chart.id}.csv`}>
        Download “{chart.title}” as CSV
      </a>
    </figure>
  );
}

/** The chart's HTML, for the page to place as it is (no React in the browser). */
export const chartHtml = (chart: ChartData): string => renderToStaticMarkup(<ChartFigure chart={chart} />);

/** The chart's numbers as CSV rows: the header, then one row per day or step (the below-5 rule applied). */
export function chartCsvRows(chart: ChartData): (string | number)[][] {
  return [
    [chart.kind === "line" ? "day" : "step", ...chart.series.map((l) => l.label)],
    ...chart.labels.map((label, i) => [label, ...chart.series.map((l) => csvValue(l.values[i] ?? null, chart.small))]),
  ];
}
