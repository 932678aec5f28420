// Closed-loop load: C clients, each sending its next request as soon as the previous answer's body
// is read, for a given time. The bench's scenarios use it for throughput and latency.
//
// The clients run in a worker thread of their own (load-client.ts), not in the caller's thread: the
// bench's main thread holds hundreds of MB (Miniflare, the generated catalogue), and every major
// garbage collection of that heap stopped the clock-holding client for 10–50 ms, about once a
// second. That pause was the 1-client p99 of every target, the static file's included
// (docs/decisions/053). A worker thread has its own V8 heap and collects it on its own.
import { Worker } from "node:worker_threads";
import { latencies, type Latencies } from "./stats.ts";

/** What the edge cache must have said: "HIT", or "none" (no X-Edge-Cache header: not cacheable). */
export type EdgeExpectation = "HIT" | "none";

/** What one load target asks: its paths in turn, with these headers; `edgeCache` names a wrong answer. */
export type LoadTarget = {
  id: string;
  paths: readonly string[];
  headers: Readonly<Record<string, string>>;
  edgeCache?: EdgeExpectation;
};

export type PhaseResult = { latencies: number[]; errors: number; failed: number; bytes: number; seconds: number; firstProblem: string | null };

export type LoadSummary = Latencies & { rps: number; avgBytes: number; errors: number; failed: number; firstProblem: string | null };

/** One phase as the client thread gets it (plain data: it crosses a thread). */
export type PhaseRequest = { origin: string; target: LoadTarget; concurrency: number; ms: number; maxRequests: number };

/** Single requests, one after another, each timed alone (a new catalogue version's first requests). */
export type EachRequest = { origin: string; paths: readonly string[]; headers: Readonly<Record<string, string>> };

/** One timed answer of `each`. */
export type Timed = { path: string; ms: number; status: number };

/** What the client thread is asked to do. */
export type ClientJob = { kind: "phase"; request: PhaseRequest } | { kind: "each"; request: EachRequest };

/** Why an answer is wrong for its target, or null. */
export function problemOf(status: number, edgeCacheHeader: string | null, expect: EdgeExpectation | undefined): string | null {
  if (status !== 200) return `status ${status}`;
  if (expect === "HIT" && edgeCacheHeader !== "HIT") return `X-Edge-Cache: ${edgeCacheHeader ?? "(none)"}, expected HIT`;
  if (expect === "none" && edgeCacheHeader !== null) return `X-Edge-Cache: ${edgeCacheHeader}, expected none (uncached)`;
  return null;
}

/**
 * A client address for request number `n`, in 198.18.0.0/15 (the range set aside for benchmarks).
 * The load's clients count through the upper half of 198.18.0.0/16 and `address()` callers through
 * the lower half, so a phase and a scenario's own requests never share an address.
 */
export function benchAddress(n: number, { range = 18, half = 0 }: { range?: number; half?: 0 | 1 } = {}): string {
  const i = (n & 0x7fff) | (half << 15);
  return `198.${range}.${i >> 8}.${i & 255}`;
}

/**
 * A load generator against `origin`. Every request comes from its own client address (in
 * CF-Connecting-IP): a load stands for many people at once, and the per-address abuse limits must
 * not turn it into one 429ing client.
 */
export function loadGenerator(origin: string, { maxRequests = Number.POSITIVE_INFINITY } = {}) {
  let addressCounter = 0;
  const address = (range = 18) => benchAddress(addressCounter++, { range });
  let client: Worker | null = null;
  let nextId = 0;
  const waiting = new Map<number, { resolve: (r: unknown) => void; reject: (e: Error) => void }>();
  const thread = () => {
    if (client) return client;
    const worker = new Worker(new URL("./load-client.ts", import.meta.url));
    worker.on("message", ({ id, result, error }: { id: number; result?: unknown; error?: string }) => {
      const done = waiting.get(id);
      waiting.delete(id);
      if (waiting.size === 0) worker.unref();
      if (error || !result) done?.reject(new Error(`load client: ${error ?? "no result"}`));
      else done?.resolve(result);
    });
    worker.on("error", (error: unknown) => {
      for (const done of waiting.values()) done.reject(error instanceof Error ? error : new Error(String(error)));
      waiting.clear();
      client = null;
    });
    worker.unref();
    client = worker;
    return worker;
  };

  const ask = <T>(job: ClientJob): Promise<T> => {
    const worker = thread();
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      waiting.set(id, { resolve: resolve as (r: unknown) => void, reject });
      // Held while a job runs, let go between them: the thread never keeps a finished run alive.
      worker.ref();
      worker.postMessage({ id, job });
    });
  };

  /** One closed-loop phase: `concurrency` clients for `ms` (or maxRequests); the target's paths in turn. */
  function phase(target: LoadTarget, concurrency: number, ms: number): Promise<PhaseResult> {
    // Only the fields a client needs cross the thread (a scenario's target carries more).
    const request: PhaseRequest = {
      origin,
      target: { id: target.id, paths: [...target.paths], headers: { ...target.headers }, ...(target.edgeCache ? { edgeCache: target.edgeCache } : {}) },
      concurrency,
      ms,
      maxRequests,
    };
    return ask<PhaseResult>({ kind: "phase", request });
  }

  /** Each path once, in order, each timed alone from the client thread (its own client address). */
  function each(paths: readonly string[], headers: Readonly<Record<string, string>>): Promise<Timed[]> {
    return ask<Timed[]>({ kind: "each", request: { origin, paths: [...paths], headers: { ...headers } } });
  }

  return { phase, each, address };
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
