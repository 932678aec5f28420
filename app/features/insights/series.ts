// The arithmetic of the insights pages (docs/decisions/038): windows of 7, 30 or 90 UTC days and
// the window before, daily rows filled with zeros, totals and their change, the below-5 rule, and
// CSV. Pure, so the unit tests pin it down.
import { formatCount } from "~/lib/format-number";

export const WINDOWS = [7, 30, 90] as const;
export type WindowDays = (typeof WINDOWS)[number];
export const DEFAULT_WINDOW: WindowDays = 30;

/** The ?days= of an insights page: 7, 30 or 90; anything else is the default. */
export function parseWindow(value: string | null | undefined): WindowDays {
  const n = Number(value);
  return (WINDOWS as readonly number[]).includes(n) ? (n as WindowDays) : DEFAULT_WINDOW;
}

const DAY_MS = 86_400_000;
export const dayString = (ms: number) => new Date(ms).toISOString().slice(0, 10);

export type Window = {
  days: WindowDays;
  /** The window's days, oldest first, ending today (UTC). */
  current: string[];
  /** The same number of days just before it. */
  previous: string[];
  /** The first day of `previous`: the oldest row a page reads. */
  from: string;
  to: string;
};

export function windowOf(days: WindowDays, now: Date): Window {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  const list = (offset: number) => Array.from({ length: days }, (_, i) => dayString(today - (offset + days - 1 - i) * DAY_MS));
  const current = list(0);
  const previous = list(days);
  return { days, current, previous, from: previous[0]!, to: current[days - 1]! };
}

/** One measure of daily rows, as values for `days` (a day without a row is 0). */
export function column<R extends { day: string }>(rows: readonly R[], days: readonly string[], value: (row: R) => number): number[] {
  const byDay = new Map(rows.map((r) => [r.day, value(r)]));
  return days.map((d) => byDay.get(d) ?? 0);
}

export const sum = (values: readonly number[]) => values.reduce((a, v) => a + v, 0);

/**
 * Daily counts below this are shown as "fewer than 5" (issue 30 item 5): with one to four, a
 * reader who knows who used the app that day could pick the person out. Zero picks out nobody and
 * shows as 0.
 */
export const SMALL_COUNT = 5;
export const FEWER_THAN = `fewer than ${SMALL_COUNT}`;

export const isSmall = (n: number) => n > 0 && n < SMALL_COUNT;

/** A count as a page or a CSV shows it: the number, or "fewer than 5" for 1 to 4. */
export const shownCount = (n: number): string => (isSmall(n) ? FEWER_THAN : formatCount(n));

/**
 * A figure made of counted parts (issue 40 item 1; docs/decisions/038 "Figures made of parts"): a
 * window's total of daily cells, a publisher's day of its apps' cells, a funnel step of two measures.
 * A part of 1 to 4 is hidden ("fewer than 5"), so the figure keeps apart what it may show: `exact`,
 * the sum of the parts shown exactly, and `hidden`, how many parts are hidden. It is then shown as the
 * range those shown parts already allow (each hidden part 1 to 4): a function of shown figures only,
 * so no subtraction, between any of them, gives a hidden part back. Rounding would not do: with the
 * shown days exact, a rounded total pins the hidden day at the edges of its step.
 */
export type Figure = { exact: number; hidden: number };

/** One cell of a rollup (an app's, a query's or the marketplace's count of one day) as a part. */
export const cellOf = (n: number): Figure => (isSmall(n) ? { exact: 0, hidden: 1 } : { exact: n, hidden: 0 });

/** A count of the hub's own work (no person in it): always exact. */
export const exactly = (n: number): Figure => ({ exact: n, hidden: 0 });

export const totalOf = (parts: readonly Figure[]): Figure => parts.reduce((a, p) => ({ exact: a.exact + p.exact, hidden: a.hidden + p.hidden }), { exact: 0, hidden: 0 });

/** The least and the most the figure can be, given its shown parts. */
export const rangeOf = (f: Figure): [number, number] => [f.exact + f.hidden, f.exact + (SMALL_COUNT - 1) * f.hidden];

function figureText(f: Figure, count: (n: number) => string): string {
  if (f.hidden === 0) return count(f.exact);
  const [lo, hi] = rangeOf(f);
  return hi < SMALL_COUNT ? FEWER_THAN : `${count(lo)}–${count(hi)}`;
}

/** A figure as a page shows it: "88", "fewer than 5" or "85–88" (thousands grouped). */
export const shownFigure = (f: Figure): string => figureText(f, formatCount);
/** A figure as a CSV carries it: plain digits, "fewer than 5" or "85–88". */
export const csvFigure = (f: Figure): string => figureText(f, String);
/** Where a chart draws it: its value, or the middle of what it can be (a hidden one in the "fewer than 5" band). */
export const drawnFigure = (f: Figure): number => {
  const [lo, hi] = rangeOf(f);
  return f.hidden === 0 ? f.exact : hi < SMALL_COUNT ? SMALL_COUNT / 2 : (lo + hi) / 2;
};

/**
 * The change against the window before, only between exact figures: a percentage of a range is a
 * narrower range (a percentage with an exact window before gives an exact total back).
 */
export const figureChange = (current: Figure, previous: Figure): string =>
  current.hidden || previous.hidden ? "change not shown (days of fewer than 5)" : changeText(change(current.exact, previous.exact));

/** A ratio of two figures ("25 %"), only when both are exact and at least 5; else "–". */
export const figureRatio = (part: Figure, whole: Figure): string =>
  part.hidden || whole.hidden || part.exact < SMALL_COUNT || whole.exact < SMALL_COUNT ? "–" : percentOf(part.exact, whole.exact);

export type Change = { current: number; previous: number /** Percent change, null when the previous window had none. */; percent: number | null };

export function change(current: number, previous: number): Change {
  return { current, previous, percent: previous === 0 ? null : Math.round(((current - previous) / previous) * 1000) / 10 };
}

/** "+12.5 %", "−3 %", "new" (nothing before), "no change". */
export function changeText(c: Change): string {
  if (c.percent === null) return c.current === 0 ? "no change" : "new in this window";
  if (c.percent === 0) return "no change";
  return `${c.percent > 0 ? "+" : "−"}${Math.abs(c.percent)} %`;
}

/** A ratio as a percentage with one decimal ("12.5 %"), or "–" when the base is 0. */
export const percentOf = (part: number, whole: number) => (whole > 0 ? `${Math.round((part / whole) * 1000) / 10} %` : "–");

/**
 * The average of a sum over a count, to one decimal; null when the count is below 5 (an average of
 * one rating is that person's rating).
 */
export const averageOf = (total: number, count: number): number | null => (count >= SMALL_COUNT ? Math.round((total / count) * 10) / 10 : null);

/** One CSV field (RFC 4180), with a leading =, +, - or @ defused so a spreadsheet reads text, not a formula. */
export function csvField(value: string | number): string {
  let text = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export const toCsv = (rows: readonly (readonly (string | number)[])[]) => `${rows.map((r) => r.map(csvField).join(",")).join("\r\n")}\r\n`;

/** Up to `count` evenly spread tick values from 0 to a round maximum at or above `max`. */
export function niceTicks(max: number, count = 4): number[] {
  if (max <= 0) return [0, 1];
  const rough = max / count;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= rough) ?? 10 * magnitude;
  const top = Math.ceil(max / step) * step;
  const ticks: number[] = [];
  for (let v = 0; v <= top + step / 2; v += step) ticks.push(Math.round(v * 1000) / 1000);
  return ticks;
}

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
/** "2026-11-27" → "27 Nov". */
export const shortDay = (day: string) => `${Number(day.slice(8, 10))} ${MONTHS[Number(day.slice(5, 7)) - 1] ?? ""}`;
