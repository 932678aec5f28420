// Closed-loop load: C clients, each sending its next request as soon as the previous answer's body
// is read, for a given time. The bench's scenarios use it for throughput and latency.
import { latencies, type Latencies } from "./stats.ts";

/** What one load target asks: its paths in turn, with these headers; `check` names a wrong answer. */
export type LoadTarget = {
  id: string;
  paths: readonly string[];
  headers: Readonly<Record<string, string>>;
  check?: (res: Response) => string | null;
};

export type PhaseResult = { latencies: number[]; errors: number; failed: number; bytes: number; seconds: number; firstProblem: string | null };

export type LoadSummary = Latencies & { rps: number; avgBytes: number; errors: number; failed: number; firstProblem: string | null };

/**
 * A load generator against `origin`. Every request comes from its own client address
 * (198.18.0.0/15, the range set aside for benchmarks, in CF-Connecting-IP): a load stands for many
 * people at once, and the per-address abuse limits must not turn it into one 429ing client.
 */
export function loadGenerator(origin: string, { maxRequests = Number.POSITIVE_INFINITY } = {}) {
  const cursor = new Map<string, number>();
  let addressCounter = 0;
  const address = (range = 18) => {
    const i = addressCounter++ & 0xffff;
    return `198.${range}.${i >> 8}.${i & 255}`;
  };

  /** One closed-loop phase: `concurrency` clients for `ms` (or maxRequests); the target's paths in turn. */
  async function phase(target: LoadTarget, concurrency: number, ms: number): Promise<PhaseResult> {
    const end = performance.now() + ms;
    const out: PhaseResult = { latencies: [], errors: 0, failed: 0, bytes: 0, seconds: 0, firstProblem: null };
    const client = async () => {
      while (performance.now() < end && out.latencies.length < maxRequests) {
        const i = cursor.get(target.id) ?? 0;
        cursor.set(target.id, i + 1);
        const started = performance.now();
        try {
          const headers = { ...target.headers, "CF-Connecting-IP": address() };
          const res = await fetch(`${origin}${target.paths[i % target.paths.length]}`, { headers, redirect: "manual" });
          const body = await res.arrayBuffer();
          out.latencies.push(performance.now() - started);
          out.bytes += body.byteLength;
          const problem = res.status !== 200 ? `status ${res.status}` : (target.check?.(res) ?? null);
          if (problem) {
            out.failed++;
            out.firstProblem ??= problem;
          }
        } catch (error) {
          out.errors++;
          out.firstProblem ??= String(error);
        }
      }
    };
    const started = performance.now();
    await Promise.all(Array.from({ length: concurrency }, client));
    out.seconds = (performance.now() - started) / 1000;
    return out;
  }

  return { phase, address };
}

/** Latency and throughput over the phases of one target. */
export function summarizePhases(phases: readonly PhaseResult[]): LoadSummary {
  const all = phases.flatMap((p) => p.latencies);
  const seconds = phases.reduce((a, p) => a + p.seconds, 0);
  const figures = latencies(all);
  return {
    ...figures,
    rps: seconds > 0 ? figures.requests / seconds : Number.NaN,
    avgBytes: figures.requests ? phases.reduce((a, p) => a + p.bytes, 0) / figures.requests : 0,
    errors: phases.reduce((a, p) => a + p.errors, 0),
    failed: phases.reduce((a, p) => a + p.failed, 0),
    firstProblem: phases.find((p) => p.firstProblem)?.firstProblem ?? null,
  };
}
