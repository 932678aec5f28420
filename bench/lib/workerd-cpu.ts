// `node bench/lib/workerd-cpu.ts <file.bundle>`: the CPU time workerd itself spends on one Worker
// upload (the output of `wrangler deploy --dry-run --outfile`), printed as JSON:
//   - loadMs: loading the Worker, above what an empty Worker's load costs in the same run. workerd
//     compiles every ES module of the upload here, imported or not (docs/decisions/051), before any
//     request; `wrangler check startup` does not see it (its profiler starts after the load).
//   - firstRequestMs: the first request, which imports the main module (as `wrangler check
//     startup`'s own entry does): evaluating it, and compiling the functions that run.
// Measured as the on-CPU time of every thread of the workerd process (Linux /proc/<pid>/task/*/
// schedstat, nanoseconds), so time the process spends waiting for a core on a busy machine is not
// counted, where the profiler's wall-clock samples are. Bindings are left out: loading and importing
// the main module does not touch `env`. The startup scenario runs it on every bundle in every turn.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import { Miniflare } from "miniflare";
import { bundleFiles } from "./bundle-files.ts";

type ModuleType = "esm" | "cjs" | "text" | "data" | "wasm";
type WorkerModule = { type: ModuleType; contents: string | Uint8Array<ArrayBuffer> };

/** The upload's part types (wrangler's multipart form) as Miniflare 5's module types. */
const MODULE_TYPES: Record<string, ModuleType> = {
  "application/javascript+module": "esm",
  "application/javascript": "cjs",
  "text/plain": "text",
  "application/octet-stream": "data",
  "application/wasm": "wasm",
};

/** This process's descendants (Miniflare starts workerd as a child). */
function descendants(pid: number): number[] {
  let out = "";
  try {
    out = execFileSync("ps", ["-o", "pid=", "--ppid", String(pid)], { encoding: "utf8" });
  } catch {
    return []; // ps exits 1 when there are none
  }
  const children = out.split(/\s+/).filter(Boolean).map(Number);
  return children.flatMap((child) => [child, ...descendants(child)]);
}

/** On-CPU time so far of every thread of this process's descendants, in ms. */
function childrenCpuMs(): number {
  let nanos = 0;
  for (const pid of descendants(process.pid)) {
    try {
      for (const task of readdirSync(`/proc/${pid}/task`)) nanos += Number(readFileSync(`/proc/${pid}/task/${task}/schedstat`, "utf8").split(" ")[0]);
    } catch {
      // a process or thread that ended meanwhile (npx wrappers): nothing of the Worker's
    }
  }
  return nanos / 1e6;
}

/** workerd's CPU to load `modules` (until Miniflare is ready) and to serve a request that imports `main`. */
async function measure(modules: Record<string, WorkerModule>, main: string, compatibilityDate: string, compatibilityFlags: string[]) {
  // The entry is the same for every upload and, as wrangler's profiler does, imports the main module
  // inside a request, so the load measures compiling and the request evaluating.
  const entry = `bench-entry-${crypto.randomUUID()}.mjs`;
  const contents = `export default { async fetch() { await import(${JSON.stringify(main)}); return new Response("ok"); } };`;
  const before = childrenCpuMs();
  const mf = new Miniflare({
    workers: [
      {
        config: {
          name: "startup",
          compatibilityDate,
          compatibilityFlags,
          manifest: { mainModule: entry, modulesRoot: "/", modules: { [entry]: { type: "esm", contents }, ...modules } },
        },
      },
    ],
  });
  try {
    await mf.ready;
    const loaded = childrenCpuMs();
    const response = await mf.dispatchFetch("http://startup.invalid/");
    await response.text();
    return { loadMs: loaded - before, firstRequestMs: childrenCpuMs() - loaded };
  } finally {
    await mf.dispose();
  }
}

const file = process.argv[2];
if (!file) throw new Error("usage: node bench/lib/workerd-cpu.ts <file.bundle>");
const { parts, metadata } = await bundleFiles(file);
const modules: Record<string, WorkerModule> = {};
for (const [name, part] of parts) {
  if (name === "metadata" || part.type === "application/source-map") continue;
  const type = MODULE_TYPES[part.type];
  if (!type) throw new Error(`workerd-cpu: ${name}: a part of type ${part.type || "(none)"} is not a module this knows`);
  modules[name] = { type, contents: type === "wasm" || type === "data" ? part.bytes : part.text() };
}
const main = metadata.main_module;
if (!main) throw new Error("workerd-cpu: the bundle's metadata names no main_module");
const compatibilityDate = metadata.compatibility_date ?? "2026-07-01";
const flags = metadata.compatibility_flags ?? [];
const empty = await measure({ "empty.mjs": { type: "esm", contents: "export default {};" } }, "empty.mjs", compatibilityDate, flags);
const worker = await measure(modules, main, compatibilityDate, flags);
process.stdout.write(`${JSON.stringify({ loadMs: worker.loadMs - empty.loadMs, firstRequestMs: worker.firstRequestMs })}\n`);
