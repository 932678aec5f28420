// `npm run bench -- --profile=<target id>`: a CPU profile of the Worker while one client runs that
// target, taken through workerd's inspector (V8's sampling profiler over the DevTools protocol).
// Writes .bench/<id>.cpuprofile (open it in Chrome DevTools' Performance panel) and prints where the
// time goes: by function (self time) and by the source module it comes from. Profiling slows the
// Worker: read the shares, not the milliseconds. The startup scenario attributes its profiles the same way.
import { existsSync, readFileSync, writeFileSync } from "node:fs";

type CallFrame = { functionName: string; url: string; lineNumber: number; columnNumber?: number };
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

/** A source map's parts that attribution needs (version 3, as esbuild writes it). */
export type SourceMap = { sources: string[]; mappings: string };

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
const BASE64_VALUE = new Map([...BASE64].map((c, i) => [c, i]));

/**
 * A source map's mappings, decoded: for each generated line, its segments as flat triples
 * (generated column, source index, original line), in column order. Segments without a source
 * (one field) are skipped.
 */
export function decodeMappings(mappings: string): Int32Array[] {
  const lines: Int32Array[] = [];
  let source = 0;
  let originalLine = 0;
  for (const line of mappings.split(";")) {
    const out: number[] = [];
    let column = 0;
    for (const segment of line.split(",")) {
      if (!segment) continue;
      const fields: number[] = [];
      let value = 0;
      let shift = 0;
      for (const char of segment) {
        const digit = BASE64_VALUE.get(char);
        if (digit === undefined) throw new Error(`source map: bad mappings character ${JSON.stringify(char)}`);
        value += (digit & 31) << shift;
        if (digit & 32) {
          shift += 5;
          continue;
        }
        fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
        value = 0;
        shift = 0;
      }
      column += fields[0] ?? 0;
      // (the original column, fields[3], is not needed: attribution is by file and line)
      if (fields.length < 4) continue;
      source += fields[1] ?? 0;
      originalLine += fields[2] ?? 0;
      out.push(column, source, originalLine);
    }
    lines.push(Int32Array.from(out));
  }
  return lines;
}

/** The `// path` marks esbuild writes before each module of an unminified bundle: each line's module. */
function marks(lines: string[]): (string | null)[] {
  let current: string | null = null;
  return lines.map((line) => {
    const mark = line.match(/^\/\/ ((?:node_modules|app|workers|build)\/\S+|server-[a-z-]+:\S+)$/);
    if (mark) current = mark[1] ?? null;
    return current;
  });
}

/**
 * Which source module a position (0-based line and column, as a CPU profile's call frames give
 * them) of the Worker bundle comes from.
 *
 * With the bundle's source map (`map`; what `wrangler deploy` writes beside a minified bundle and
 * uploads), the position maps to a source file; the Remix server build inside the bundle
 * (build/index.js, unminified, which wrangler bundles again) maps to a line of build/index.js, and
 * that line's module is the one its `// path` marks name (`innerFile`).
 *
 * Without a map (an unminified bundle), esbuild's `// path` marks in the bundle name the module,
 * and build/index.js's part (whose marks were lost in the second bundling, and whose names were
 * renamed: `d` became `d22`) is aligned with build/index.js line by line, in order, comparing each
 * line without digits and spaces.
 */
export function moduleLookup(options: { bundleText: string; map?: SourceMap | null; innerFile: string }): (line: number, column: number) => string | null {
  const inner = existsSync(options.innerFile) ? readFileSync(options.innerFile, "utf8").split("\n") : [];
  const innerModules = marks(inner);
  const { map } = options;
  if (map) {
    const lines = decodeMappings(map.mappings);
    const sources = map.sources.map((s) => s.replace(/^(\.\.\/)+/, ""));
    return (line, column) => {
      const segments = lines[line];
      if (!segments || segments.length === 0) return null;
      // The last segment at or before the column (a function's frame points at its start).
      let lo = 0;
      let hi = segments.length / 3 - 1;
      // Before the line's first mapped column is generated code of no source (esbuild's runtime
      // helpers, such as `__require`, whose self time includes compiling the module it calls).
      if (column < (segments[0] ?? 0)) return null;
      let found = 0;
      while (lo <= hi) {
        const mid = (lo + hi) >> 1;
        if ((segments[mid * 3] ?? 0) <= column) {
          found = mid;
          lo = mid + 1;
        } else hi = mid - 1;
      }
      const source = sources[segments[found * 3 + 1] ?? -1] ?? null;
      if (source === "build/index.js" || source?.endsWith("/build/index.js")) return innerModules[segments[found * 3 + 2] ?? -1] ?? "build/index.js";
      return source;
    };
  }
  const bundle = options.bundleText.split("\n");
  const modules = marks(bundle);
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

/**
 * Where one or more profiles' time went (several runs of the same bundle add up: at ~1 ms a sample,
 * one startup gives a few dozen): self time by module and by function, inclusive time by function.
 * Only frames of the bundle (a script whose address ends with `bundleName`) are looked up; another
 * script's (the profiler's own entry module) is named by its address. A frame at line -1 is the bundle's own top level (its compilation, and the evaluation of every
 * module that esbuild hoisted into it): it has no position to attribute.
 */
export function summarizeProfile(profiles: CpuProfile | CpuProfile[], lookup: (line: number, column: number) => string | null, top: number, bundleName = "app.js"): string {
  const add = (map: Map<string, number>, key: string, micros: number) => map.set(key, (map.get(key) ?? 0) + micros);
  const byFunction = new Map<string, number>();
  const byModule = new Map<string, number>();
  /** Inclusive: the time of every sample with the function on its stack (counted once per sample). */
  const inclusive = new Map<string, number>();
  let total = 0;
  const label = (frame: CallFrame) => {
    const module = !frame.url
      ? `(${frame.functionName || "program"})`
      : !frame.url.endsWith(bundleName)
        ? `(${frame.url.split("/").pop()})`
        : frame.lineNumber < 0
          ? "(bundle top level: compile, hoisted modules)"
          : moduleName(lookup(frame.lineNumber, frame.columnNumber ?? 0));
    return { module, name: `${frame.functionName || "(anonymous)"}  ${module}` };
  };
  for (const profile of Array.isArray(profiles) ? profiles : [profiles]) {
    const byNode = new Map(profile.nodes.map((n) => [n.id, n]));
    const parentOf = new Map<number, number>();
    for (const n of profile.nodes) for (const child of n.children ?? []) parentOf.set(child, n.id);
    const self = new Map<number, number>();
    for (const [i, id] of profile.samples.entries()) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
    for (const [id, micros] of self) {
      const node = byNode.get(id);
      if (!node) continue;
      total += micros;
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
 * `bundleText` is the Worker bundle that runs (`map` its source map), `innerFile` the Remix server
 * build inside it.
 */
export async function profileWorker(options: {
  inspectorPort: number;
  workerName: string;
  run: () => Promise<unknown>;
  out: string;
  bundleText: string;
  /** The bundle's source map (dist/app.js.map), when it has one. */
  map?: SourceMap | null;
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
    return summarizeProfile(profile, moduleLookup(options), options.top ?? 25);
  } finally {
    session.close();
  }
}
