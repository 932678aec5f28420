// The analytics sink's storage: counts per UTC day and event name in D1 (migration 0007).
import type { Db } from "~/models/db.server";
import { cellOf, csvFigure, FEWER_THAN, totalOf } from "~/features/insights/series";
import type { AnalyticsEventName } from "./events";

export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/**
 * Counts not yet written, per UTC day and event name, in this isolate. A beacon only adds to them;
 * one write at a time per isolate carries everything gathered meanwhile, so a burst of a thousand
 * beacons becomes a handful of D1 writes instead of a thousand (D1 runs one query at a time per
 * database: a write queue would slow every page's reads). The keys are day × known event name, so
 * the map stays tiny whatever arrives.
 */
const pending = new Map<string, number>();
let flushing = false;

const add = (counts: Map<string, number>, key: string, n: number) => counts.set(key, (counts.get(key) ?? 0) + n);

/** One upsert per day and name, all in one batch (one D1 round trip). */
export async function writeCounts(db: Db, counts: ReadonlyMap<string, number>): Promise<void> {
  await db.batch(
    [...counts].map(([key, count]) => {
      const [day, name] = key.split("\u0000");
      return db
        .prepare("INSERT INTO analytics_daily (day, name, count) VALUES (?1, ?2, ?3) ON CONFLICT (day, name) DO UPDATE SET count = count + excluded.count")
        .bind(day, name, count);
    }),
  );
}

async function flush(db: Db): Promise<void> {
  try {
    while (pending.size) {
      const batch = new Map(pending);
      pending.clear();
      try {
        await writeCounts(db, batch);
      } catch (error) {
        // Kept for the next beacon's write; the map cannot grow past day × event name.
        for (const [key, n] of batch) add(pending, key, n);
        throw error;
      }
    }
  } finally {
    flushing = false;
  }
}

/**
 * Adds the events to today's counts. The answer does not wait for D1: when no write is under way in
 * this isolate, one starts in `waitUntil` (after the response) and writes these counts and any that
 * arrive before it ends; otherwise the write under way picks them up. Counts reach D1 within one
 * write's time; an isolate that dies in between loses them (they are aggregate analytics).
 */
export function recordCounts(
  db: Db,
  names: readonly AnalyticsEventName[],
  waitUntil: (promise: Promise<unknown>) => void,
  onError: (error: unknown) => void,
  now = new Date(),
): void {
  const day = utcDay(now);
  for (const name of names) add(pending, `${day}\u0000${name}`, 1);
  if (flushing) return;
  flushing = true;
  waitUntil(flush(db).catch(onError));
}

export type DailyCounts = { day: string; events: Record<string, number>; total: number };

/** The last `days` UTC days that have any events, newest first. */
export async function readCounts(db: Db, days: number, now = new Date()): Promise<DailyCounts[]> {
  const since = utcDay(new Date(now.getTime() - (days - 1) * 86_400_000));
  const { results } = await db
    .prepare("SELECT day, name, count FROM analytics_daily WHERE day >= ?1 ORDER BY day DESC, name")
    .bind(since)
    .all<{ day: string; name: string; count: number }>();
  const byDay = new Map<string, DailyCounts>();
  for (const row of results) {
    const entry = byDay.get(row.day) ?? { day: row.day, events: {}, total: 0 };
    entry.events[row.name] = row.count;
    entry.total += row.count;
    byDay.set(row.day, entry);
  }
  return [...byDay.values()];
}

/** A day of the public summary: each count as the insights pages show it (the floor of decision 038). */
export type FlooredCounts = { day: string; events: Record<string, number | typeof FEWER_THAN>; total: number | string };

/**
 * The counts as `/api/analytics/summary` may publish them, with no login (issue 40, second review
 * L3): a day's count of 1 to 4 is "fewer than 5", and the day's total, a Figure of its events'
 * counts, the range those allow ("13–16") when one is hidden, so the total minus the shown counts
 * gives nothing back. Same shape as before (day, events by name, total); only the values of small
 * counts change from a number to text. Exact counts stay in `analytics_daily` for the operators.
 */
export function flooredCounts(days: readonly DailyCounts[]): FlooredCounts[] {
  return days.map(({ day, events }) => {
    const parts = Object.entries(events).map(([name, n]) => [name, cellOf(n)] as const);
    const total = totalOf(parts.map(([, f]) => f));
    return {
      day,
      events: Object.fromEntries(parts.map(([name, f]) => [name, f.hidden ? FEWER_THAN : f.exact])),
      total: total.hidden ? csvFigure(total) : total.exact,
    };
  });
}
