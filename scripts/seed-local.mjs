// Seeds the local D1 database (and the KV catalogue and content versions) for `wrangler dev` and the tests.
//
//   npm run db:seed                 apply migrations, generate and import 400 apps (seed 1), load content/,
//                                   90 days of insights and the demo publisher members, in one process
//                                   (scripts/seed-local-state.ts)
//   npm run db:reset                the same, after deleting the local D1 and KV state
//   node scripts/seed-local.mjs [--reset] [--persist-to DIR] [--port N] [--platform-origin URL]
//
// --port: the port the Worker will serve on (default 8787), where the seed's few http:// logos
// point so the image proxy fetches them from that same server.
// --platform-origin: the platform emulator (default http://127.0.0.1:8788): integrations' Connect
// goes to its demo vendor pages (docs/decisions/016).
//
// Runs the TypeScript scripts with this Node (24 through npm, which strips types natively).
import { spawnSync } from "node:child_process";
import { existsSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const { values } = parseArgs({
  options: {
    reset: { type: "boolean", default: false },
    "persist-to": { type: "string" },
    port: { type: "string", default: "8787" },
    "platform-origin": { type: "string", default: "http://127.0.0.1:8788" },
  },
});
const persistDir = path.resolve(root, values["persist-to"] ?? ".wrangler/state");
const persistArgs = values["persist-to"] ? ["--persist-to", persistDir] : [];
if (!/^http:\/\/(127\.0\.0\.1|localhost):\d{2,5}$/.test(values["platform-origin"]))
  throw new Error(`--platform-origin must be http://127.0.0.1:<port>, got "${values["platform-origin"]}"`);
if (!/^\d{2,5}$/.test(values.port)) throw new Error(`--port must be a port number, got "${values.port}"`);
const catalogueFile = path.join(root, `seed/generated/catalogue${values.port === "8787" ? "" : `-${values.port}`}.json`);

/** A Node that runs .ts files: this one if it strips types, else the project's own (npm "node"). */
function tsNode() {
  const [major, minor] = process.versions.node.split(".").map(Number);
  if (major > 22 || (major === 22 && minor >= 18)) return process.execPath;
  const local = path.join(root, "node_modules/node/bin/node");
  if (existsSync(local)) return local;
  console.error(`seed-local: Node ${process.versions.node} cannot run TypeScript; use \`npm run db:seed\` (Node 24).`);
  process.exit(1);
}

function run(label, command, args, env = {}) {
  console.log(`seed-local: ${label}`);
  const started = Date.now();
  const result = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...env } });
  if (result.error) {
    console.error(`seed-local: ${label} failed: ${result.error.message}`);
    process.exit(1);
  }
  if (result.status !== 0) {
    console.error(`seed-local: ${label} failed (${result.signal ?? `exit code ${result.status}`})`);
    process.exit(result.status || 1);
  }
  console.log(`seed-local: ${label}: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

if (values.reset) {
  for (const dir of ["v3/d1", "v3/kv"]) {
    const target = path.join(persistDir, dir);
    if (existsSync(target)) {
      rmSync(target, { recursive: true, force: true });
      console.log(`seed-local: removed ${path.relative(root, target) || target}`);
    }
  }
}

const node = tsNode();
run("generating 400 apps (seed 1)", node, [
  "scripts/generate-catalogue.ts",
  "--apps",
  "400",
  "--seed",
  "1",
  "--out",
  catalogueFile,
  "--http-logo-origin",
  `http://127.0.0.1:${values.port}`,
  "--vendor-origin",
  values["platform-origin"],
]);
// The development environment (wrangler.toml [env.development]): the only one that runs locally.
// One process, the state opened once (scripts/seed-local-state.ts): the migrations (recorded as
// wrangler records them, so `npm run db:migrate` agrees after), the catalogue, the content, 90 days
// of insights (docs/decisions/038) and the demo publisher members (issue 30).
run("seeding the local state", node, ["scripts/seed-local-state.ts", catalogueFile, ...persistArgs], { CLOUDFLARE_CF_FETCH_ENABLED: "false" });
console.log("seed-local: local database ready");
