// The figures of the bench and the soak: percentiles and latency summaries, one definition for both.

/**
 * The p-th percentile of an ascending list: the nearest-rank method (the smallest value with at
 * least p % of the values at or below it), so every percentile is a measured value. NaN when empty.
 */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] ?? Number.NaN;
}

/** An ascending copy (the input is left as it was). */
export const ascending = (values: Iterable<number>): number[] => [...values].sort((a, b) => a - b);

/** The middle value (the mean of the two middle ones for an even count); NaN when empty. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = ascending(values);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? Number.NaN) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

export const mean = (values: readonly number[]): number => (values.length ? values.reduce((a, b) => a + b, 0) / values.length : Number.NaN);

export type Latencies = { requests: number; min: number; p50: number; p90: number; p95: number; p99: number; max: number };

/** Count, min, p50, p90, p95, p99 and max of some latencies (ms), in any order. */
export function latencies(values: Iterable<number>): Latencies {
  const sorted = ascending(values);
  return {
    requests: sorted.length,
    min: sorted[0] ?? Number.NaN,
    p50: percentile(sorted, 50),
    p90: percentile(sorted, 90),
    p95: percentile(sorted, 95),
    p99: percentile(sorted, 99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
  };
}
