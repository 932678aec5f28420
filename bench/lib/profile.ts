// `npm run bench -- --profile=<target id>`: a CPU profile of the Worker while one client runs that
// target, taken through workerd's inspector (V8's sampling profiler over the DevTools protocol).
// Writes .bench/<id>.cpuprofile (open it in Chrome DevTools' Performance panel) and prints where the
// time goes: by function (self time) and by the source module it comes from. Profiling slows the
// Worker: read the shares, not the milliseconds. The startup scenario attributes its profiles the same way.
import { existsSync, readFileSync, writeFileSync } from "node:fs";

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
export type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };

/** One DevTools-protocol session with the Worker's isolate (Node's built-in WebSocket). */
async function connect(inspectorPort: number, workerName: string) {
  const targets = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json`)).json()) as { id?: string; title?: string; webSocketDebuggerUrl: string }[];
  const target = targets.find((t) => String(t.id ?? "").endsWith(workerName) || String(t.title ?? "").includes(workerName)) ?? targets[0];
  if (!target) throw new Error(`profile: no inspector target on port ${inspectorPort}`);
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.addEventListener("open", resolve, { once: true });
    socket.addEventListener("error", () => reject(new Error("profile: inspector connection failed")), { once: true });
  });
  let nextId = 1;
  const waiting = new Map<number, { resolve: (value: unknown) => void; reject: (error: Error) => void }>();
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data)) as { id: number; error?: { message: string }; result?: unknown };
    const done = waiting.get(message.id);
    if (!done) return;
    waiting.delete(message.id);
    if (message.error) done.reject(new Error(`profile: ${message.error.message}`));
    else done.resolve(message.result);
  });
  const send = (method: string, params: Record<string, unknown> = {}) =>
    new Promise<unknown>((resolve, reject) => {
      const id = nextId++;
      waiting.set(id, { resolve, reject });
      socket.send(JSON.stringify({ id, method, params }));
    });
  return { send, close: () => socket.close() };
}

/**
 * Which source module a line of the Worker bundle comes from. The bundle is not minified, and
 * esbuild marks each module with a `// path` comment; the Remix server build inside it
 * (build/index.js) lost its own marks when wrangler bundled it again (and had names renamed: `d`
 * became `d22`), so its lines are aligned with build/index.js, where the marks are: in order,
 * comparing each line without digits and spaces.
 */
export function moduleLookup(bundleText: string, innerFile: string): (line: number) => string | null {
  const marks = (lines: string[]) => {
    let current: string | null = null;
    return lines.map((line) => {
      const mark = line.match(/^\/\/ ((?:node_modules|app|workers|build)\/\S+)$/);
      if (mark) current = mark[1] ?? null;
      return current;
    });
  };
  const bundle = bundleText.split("\n");
  const modules = marks(bundle);
  const inner = existsSync(innerFile) ? readFileSync(innerFile, "utf8").split("\n") : [];
  const innerModules = marks(inner);
  const plain = (line: string) => line.replace(/[\d\s]/g, "");
  const innerPlain = inner.map(plain);
  let at = 0;
  bundle.forEach((line, i) => {
    if (modules[i] !== "build/index.js") return;
    const text = plain(line);
    if (text.length >= 8) {
      const found = innerPlain.indexOf(text, at);
      // A line esbuild printed differently is skipped; a match far ahead is a repeated line.
      if (found !== -1 && found - at < 2_000) at = found;
    }
    modules[i] = innerModules[at] ?? "build/index.js";
  });
  return (line) => modules[line] ?? null;
}

/** A readable module name: the npm package, or the app's own file. */
function moduleName(source: string | null): string {
  if (!source) return "(no source)";
  const pkg = source.match(/node_modules\/((?:@[^/]+\/)?[^/]+)/);
  if (pkg?.[1]) return pkg[1];
  return source.replace(/^(\.\.\/)+/, "").replace(/^webpack:\/\//, "");
}

/** Where a profile's time went: self time by module and by function, inclusive time by function. */
export function summarizeProfile(profile: CpuProfile, lookup: (line: number) => string | null, top: number): string {
  const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
  const parentOf = new Map<number, number>();
  for (const n of profile.nodes) for (const child of n.children ?? []) parentOf.set(child, n.id);
  const self = new Map<number, number>();
  for (const [i, id] of profile.samples.entries()) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const label = (frame: CallFrame) => {
    const module = frame.url ? moduleName(lookup(frame.lineNumber)) : `(${frame.functionName || "program"})`;
    return { module, name: `${frame.functionName || "(anonymous)"}  ${module}` };
  };
  const add = (map: Map<string, number>, key: string, micros: number) => map.set(key, (map.get(key) ?? 0) + micros);
  const byFunction = new Map<string, number>();
  const byModule = new Map<string, number>();
  /** Inclusive: the time of every sample with the function on its stack (counted once per sample). */
  const inclusive = new Map<string, number>();
  for (const [id, micros] of self) {
    const node = byNode.get(id);
    if (!node) continue;
    const { module, name } = label(node.callFrame);
    add(byFunction, name, micros);
    add(byModule, module, micros);
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const frame = byNode.get(at)?.callFrame;
      if (!frame?.url) continue;
      const key = label(frame).name;
      if (!seen.has(key)) add(inclusive, key, micros);
      seen.add(key);
    }
  }
  const rows = (map: Map<string, number>) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => `  ${((micros / total) * 100).toFixed(1).padStart(5)}%  ${name}`);
  return [
    `self time by module (${(total / 1000).toFixed(0)} ms sampled):`,
    ...rows(byModule),
    "self time by function:",
    ...rows(byFunction),
    "inclusive time by function (synchronous callers only: an await ends the stack):",
    ...rows(inclusive),
  ].join("\n");
}

/**
 * Profiles the Worker while `run()` runs; writes `out` and returns the printed summary.
 * `bundleText` is the Worker bundle that runs, `innerFile` the Remix server build inside it.
 */
export async function profileWorker(options: {
  inspectorPort: number;
  workerName: string;
  run: () => Promise<unknown>;
  out: string;
  bundleText: string;
  innerFile: string;
  top?: number;
}): Promise<string> {
  const session = await connect(options.inspectorPort, options.workerName);
  try {
    await session.send("Profiler.enable");
    await session.send("Profiler.setSamplingInterval", { interval: 100 });
    await session.send("Profiler.start");
    await options.run();
    const { profile } = (await session.send("Profiler.stop")) as { profile: CpuProfile };
    writeFileSync(options.out, JSON.stringify(profile));
    return summarizeProfile(profile, moduleLookup(options.bundleText, options.innerFile), options.top ?? 25);
  } finally {
    session.close();
  }
}
