// Is it maintained? (issue 15) Every app has a freshness status, from its latest release and
// whether its publisher deprecated it: active (a release in the last 6 months), maintained (in the
// last 18 months), stale (no release in 18 months) or deprecated. Computed against today, so it is
// never stored: the catalogue stores the latest release date and the deprecation.

export const FRESHNESS = ["active", "maintained", "stale", "deprecated"] as const;
export type Freshness = (typeof FRESHNESS)[number];
export const FRESHNESS_LABELS: Record<Freshness, string> = {
  active: "Active",
  maintained: "Maintained",
  stale: "Stale",
  deprecated: "Deprecated",
};
export const FRESHNESS_DESCRIPTIONS: Record<Freshness, string> = {
  active: "A release in the last 6 months",
  maintained: "A release in the last 18 months",
  stale: "No release in 18 months",
  deprecated: "No longer supported by its publisher",
};

export const ACTIVE_MONTHS = 6;
export const STALE_MONTHS = 18;

/** The start of the UTC day `months` calendar months before `now`, as ISO 8601 (SQL compares these). */
export function monthsBefore(now: Date, months: number): string {
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, now.getUTCDate()));
  return d.toISOString();
}

/** The release dates that divide active from maintained, and maintained from stale. */
export function freshnessCutoffs(now: Date): { active: string; stale: string } {
  return { active: monthsBefore(now, ACTIVE_MONTHS), stale: monthsBefore(now, STALE_MONTHS) };
}

export function freshnessOf(app: { lastReleaseAt: string; deprecated: boolean }, now: Date): Freshness {
  if (app.deprecated) return "deprecated";
  const cut = freshnessCutoffs(now);
  if (app.lastReleaseAt >= cut.active) return "active";
  if (app.lastReleaseAt >= cut.stale) return "maintained";
  return "stale";
}

/** Whole days from an ISO date to `now` (never negative). */
export function daysSince(iso: string, now: Date): number {
  return Math.max(0, Math.floor((now.getTime() - Date.parse(iso)) / 86_400_000));
}

/** 'Updated today', 'Updated 1 day ago', 'Updated N days ago'. */
export function updatedAgo(iso: string, now: Date): string {
  const days = daysSince(iso, now);
  return days === 0 ? "Updated today" : `Updated ${days} ${days === 1 ? "day" : "days"} ago`;
}
