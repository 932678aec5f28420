// The load's clients, in a worker thread of their own (see load.ts for why): it gets one phase at a
// time as plain data, runs it closed-loop, and posts the figures back. It imports nothing but
// load.ts's pure helpers, so its heap holds little more than the phase's own latencies.
import { parentPort } from "node:worker_threads";
import { benchAddress, type ClientJob, type EachRequest, type PhaseRequest, type PhaseResult, problemOf, type Timed } from "./load.ts";

if (!parentPort) throw new Error("load-client.ts runs as a worker thread (load.ts starts it)");
const port = parentPort;

/** Each target's next path, across phases: a target's paths are asked in turn over the whole run. */
const cursor = new Map<string, number>();
let requests = 0;

async function run({ origin, target, concurrency, ms, maxRequests }: PhaseRequest): Promise<PhaseResult> {
  const end = performance.now() + ms;
  const out: PhaseResult = { latencies: [], errors: 0, failed: 0, bytes: 0, seconds: 0, firstProblem: null };
  const client = async () => {
    while (performance.now() < end && out.latencies.length < maxRequests) {
      const i = cursor.get(target.id) ?? 0;
      cursor.set(target.id, i + 1);
      const headers = { ...target.headers, "CF-Connecting-IP": benchAddress(requests++, { half: 1 }) };
      const started = performance.now();
      try {
        const res = await fetch(`${origin}${target.paths[i % target.paths.length]}`, { headers, redirect: "manual" });
        const body = await res.arrayBuffer();
        out.latencies.push(performance.now() - started);
        out.bytes += body.byteLength;
        const problem = problemOf(res.status, res.headers.get("X-Edge-Cache"), target.edgeCache);
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

async function each({ origin, paths, headers }: EachRequest): Promise<Timed[]> {
  const out: Timed[] = [];
  for (const path of paths) {
    const started = performance.now();
    const res = await fetch(`${origin}${path}`, { headers: { ...headers, "CF-Connecting-IP": benchAddress(requests++, { half: 1 }) }, redirect: "manual" });
    await res.arrayBuffer();
    out.push({ path, ms: performance.now() - started, status: res.status });
  }
  return out;
}

port.on("message", ({ id, job }: { id: number; job: ClientJob }) => {
  (job.kind === "phase" ? run(job.request) : each(job.request)).then(
    (result) => port.postMessage({ id, result }),
    (error: unknown) => port.postMessage({ id, error: String(error) }),
  );
});
