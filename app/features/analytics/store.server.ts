// The analytics sink's storage: counts per UTC day and event name in D1 (migration 0007).
import type { AnalyticsEventName } from "./events";

export const utcDay = (now: Date) => now.toISOString().slice(0, 10);

/** Adds the events to today's counts: one upsert per distinct name, all in one batch. */
export async function recordCounts(db: D1Database, names: AnalyticsEventName[], now = new Date()): Promise<void> {
  const counts = new Map<string, number>();
  for (const n of names) counts.set(n, (counts.get(n) ?? 0) + 1);
  const day = utcDay(now);
  await db.batch(
    [...counts].map(([name, count]) =>
      db
        .prepare("INSERT INTO analytics_daily (day, name, count) VALUES (?1, ?2, ?3) ON CONFLICT (day, name) DO UPDATE SET count = count + excluded.count")
        .bind(day, name, count),
    ),
  );
}

export type DailyCounts = { day: string; events: Record<string, number>; total: number };

/** The last `days` UTC days that have any events, newest first. */
export async function readCounts(db: D1Database, days: number, now = new Date()): Promise<DailyCounts[]> {
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
