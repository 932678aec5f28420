// `node scripts/build-worker.ts [dir] [--config=file --out=name]`: the Worker a deploy uploads, in two
// steps (docs/decisions/051). `--config` names another wrangler config than dir's wrangler.toml (the
// front Worker's, build/front/wrangler.json: docs/decisions/057) and `--out` the bundle's name in
// dist/ (default app: dist/app.js).
//   1. wrangler bundles `main` (build/index.js: the Remix build, whose entry is workers/app.ts, with
//      the packages it imports) as it always did, but unminified:
//      `wrangler deploy --dry-run --minify=false --outdir build/worker`.
//   2. esbuild minifies that finished bundle into dist/app.js, with a source map chained through
//      X, so the map still names the
//      sources (workers/*, build/index.js, node_modules/*).
// Why not wrangler's `minify = true`: esbuild minifying *while* bundling writes every CommonJS module
// as an arrow function passed to its wrapper (`X((e,t)=>{…})`), which V8 compiles more eagerly than
// the method form (`__commonJS({"path"(exports, module){…}})`) that a finished bundle keeps when it is
// minified afterwards: the same size, 9–12 % less compile + evaluate CPU (decision 045, remeasured in
// 051). [env.production] and [env.staging] deploy dist/app.js as it is (`no_bundle = true`);
// `npm run dev` ([env.development]) still bundles build/index.js itself, unminified.
// `dir` (default: the current directory) holds the wrangler.toml; the bench builds its floor with it too.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { parseArgs } from "node:util";

const { values, positionals } = parseArgs({ allowPositionals: true, options: { config: { type: "string" }, out: { type: "string", default: "app" } } });
const dir = path.resolve(positionals[0] ?? ".");
const { config, out: name } = values;
const unminified = path.join(dir, "build/worker", name);
const out = path.join(dir, "dist");

// The esbuild that wrangler itself bundles with (its pinned dependency): the same parser and printer
// as wrangler's own minifier. The root node_modules/esbuild is @remix-run/dev's much older one.
const requireFromWrangler = createRequire(createRequire(import.meta.url).resolve("wrangler/package.json"));
const esbuild = requireFromWrangler("esbuild") as typeof import("esbuild");

rmSync(unminified, { recursive: true, force: true });
// `--env=""`: the top level, whose bundling settings (main, alias, keep_names) every deployed
// environment inherits; it needs no bindings to bundle.
const bundled = spawnSync("npx", ["wrangler", "deploy", "--dry-run", "--env=", "--minify=false", "--outdir", unminified, ...(config ? ["-c", config] : [])], {
  cwd: dir,
  stdio: ["ignore", "ignore", "inherit"],
  env: { ...process.env, WRANGLER_SEND_METRICS: "false" },
});
if (bundled.status !== 0) throw new Error(`build-worker: wrangler bundling failed in ${dir} (${bundled.signal ?? `exit ${bundled.status}`})`);
// wrangler names its output after `main` (build/index.js, the Remix build with the Worker as its entry).
const entry = path.join(unminified, "index.js");
if (!existsSync(entry)) throw new Error(`build-worker: wrangler wrote no ${entry} (is \`main\` build/index.js?)`);

// Only this bundle's files: dist/ holds both Workers' (npm run build makes app, then front).
for (const file of [`${name}.js`, `${name}.js.map`]) rmSync(path.join(out, file), { force: true });
mkdirSync(out, { recursive: true });
await esbuild.build({
  entryPoints: [entry],
  outfile: path.join(out, `${name}.js`),
  // One finished ES module in, one out: nothing left to resolve (its only imports are `cloudflare:*`
  // and `node:*` built-ins, which stay as they are without bundling).
  bundle: false,
  format: "esm",
  platform: "neutral",
  // wrangler's own target for Workers: nothing is lowered that was not already.
  target: "es2022",
  minify: true,
  // As wrangler.toml's keep_names = false (decision 045): no `__name(fn, "fn")` calls.
  keepNames: false,
  // `linked`: dist/app.js ends with `//# sourceMappingURL=app.js.map`, which wrangler reads to upload
  // the map (upload_source_maps) and the bench reads to attribute profiles.
  sourcemap: "linked",
  // Licence comments kept, at the end of the file, as wrangler's minified bundle had them.
  legalComments: "eof",
  logLevel: "warning",
});

// esbuild copies the input map's `sources` as they are, but they are relative to build/worker/ (or to
// its `sourceRoot`), and the new map sits in dist/: rebase them, so the map names
// `../build/index.js`, `../node_modules/…` as seen from dist/ (the bench's profile attribution
// and Cloudflare's stack traces read them).
type SourceMapFile = { sources: string[]; sourceRoot?: string };
const inputMap = JSON.parse(readFileSync(`${entry}.map`, "utf8")) as SourceMapFile;
const inputRoot = path.resolve(unminified, inputMap.sourceRoot ?? "");
const known = new Set(inputMap.sources);
const outputMapFile = path.join(out, `${name}.js.map`);
const outputMap = JSON.parse(readFileSync(outputMapFile, "utf8")) as SourceMapFile;
outputMap.sources = outputMap.sources.map((s) => (known.has(s) ? path.relative(out, path.resolve(inputRoot, s)) : s));
delete outputMap.sourceRoot;
writeFileSync(outputMapFile, JSON.stringify(outputMap));
