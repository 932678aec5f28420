// The soak's report: per-kind latencies and statuses, printed as a table and written as JSON.
import type { KindStats } from "./http.ts";
import { percentile } from "../harness/stats.ts";

type StatusClass = "2xx" | "3xx" | "4xx" | "429" | "5xx" | "error";
const classOf = (status: number): StatusClass => (status === 0 ? "error" : status === 429 ? "429" : status >= 500 ? "5xx" : status >= 400 ? "4xx" : status >= 300 ? "3xx" : "2xx");
const noClasses = (): Record<StatusClass, number> => ({ "2xx": 0, "3xx": 0, "4xx": 0, "429": 0, "5xx": 0, error: 0 });

export type KindRow = {
  kind: string;
  requests: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  statuses: Record<number, number>;
  classes: Record<StatusClass, number>;
};
export type Summary = ReturnType<typeof summarize>;

export function summarize(bucket: Map<string, KindStats>) {
  const rows: KindRow[] = [];
  const all: number[] = [];
  const classes = noClasses();
  const limited: Record<string, number> = {};
  for (const [kind, s] of [...bucket].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = [...s.latencies].sort((a, b) => a - b);
    all.push(...s.latencies);
    const c = noClasses();
    for (const [status, n] of s.statuses) {
      c[classOf(status)] += n;
      classes[classOf(status)] += n;
    }
    if (c["429"]) limited[kind] = c["429"];
    rows.push({
      kind,
      requests: sorted.length,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      max: sorted[sorted.length - 1] ?? Number.NaN,
      statuses: Object.fromEntries(s.statuses),
      classes: c,
    });
  }
  all.sort((a, b) => a - b);
  return { rows, total: all.length, p50: percentile(all, 50), p95: percentile(all, 95), p99: percentile(all, 99), max: all[all.length - 1] ?? Number.NaN, classes, limited };
}
