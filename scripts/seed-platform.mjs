// Seeds the platform emulator's local D1 (workers/platform/) for `wrangler dev`.
//
//   node scripts/seed-platform.mjs [--reset] [--persist-to DIR] [--catalogue FILE]
//
// --reset        delete that state's D1 first (a fresh database)
// --persist-to   wrangler state folder (default .wrangler/platform-state)
// --catalogue    the catalogue whose bots and integrations become platform identities and OAuth
//                applications (default seed/generated/catalogue.json; when that file does not
//                exist yet, the same 400-app catalogue is generated in memory)
//
// Applies the emulator's migrations, then loads the demo world built by workers/platform/seed.ts
// (the same statements the test harness and POST /_emulator/reset use). Seeding again without
// --reset restores the demo state (it empties the tables the API changes).
//
// Runs the TypeScript modules with this Node when it strips types (Node 24 through npm/npx),
// otherwise re-runs itself with the project's own Node (the npm "node" package).
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, rmSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [major, minor] = process.versions.node.split(".").map(Number);
if (!(major > 22 || (major === 22 && minor >= 18))) {
  const local = path.join(root, "node_modules/node/bin/node");
  if (!existsSync(local)) {
    console.error(`seed-platform: Node ${process.versions.node} cannot run TypeScript; run it through npm or npx (Node 24).`);
    process.exit(1);
  }
  const result = spawnSync(local, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: "inherit" });
  process.exit(result.status ?? 1);
}

const { values } = parseArgs({
  options: {
    reset: { type: "boolean", default: false },
    "persist-to": { type: "string", default: ".wrangler/platform-state" },
    catalogue: { type: "string" },
  },
});
const persistDir = path.resolve(root, values["persist-to"]);
const config = path.join(root, "workers/platform/wrangler.toml");
// getPlatformProxy reads the config like wrangler does: no account lookups, no metrics.
process.env.CLOUDFLARE_CF_FETCH_ENABLED = "false";
process.env.WRANGLER_SEND_METRICS = "false";

if (values.reset) {
  const target = path.join(persistDir, "v3/d1");
  if (existsSync(target)) {
    rmSync(target, { recursive: true, force: true });
    console.log(`seed-platform: removed ${path.relative(root, target) || target}`);
  }
}

const { referenceFromCatalogue, seedStatements } = await import("../workers/platform/seed.ts");

let catalogue;
const catalogueFile = path.resolve(root, values.catalogue ?? "seed/generated/catalogue.json");
if (existsSync(catalogueFile)) {
  catalogue = JSON.parse(readFileSync(catalogueFile, "utf8"));
  console.log(`seed-platform: catalogue ${path.relative(root, catalogueFile)}`);
} else if (values.catalogue) {
  console.error(`seed-platform: ${catalogueFile} does not exist`);
  process.exit(1);
} else {
  const { generateCatalogue } = await import("./lib/catalogue-generator.ts");
  catalogue = generateCatalogue({ apps: 400, seed: 1 });
  console.log("seed-platform: catalogue generated in memory (400 apps, seed 1)");
}

// In-process, on the state wrangler dev serves (scripts/lib/local-d1.ts): one start of workerd
// instead of one per migration and one more for the seed.
const { applyLocalMigrations, openLocalState, runBatch } = await import("./lib/local-d1.ts");
const state = await openLocalState({ config, persistTo: persistDir });
try {
  let started = Date.now();
  const applied = await applyLocalMigrations(state.db, { config });
  console.log(`seed-platform: applied ${applied.length} platform migrations in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const reference = referenceFromCatalogue(catalogue);
  started = Date.now();
  await runBatch(state.db, seedStatements(reference));
  console.log(
    `seed-platform: loaded the demo seed (${reference.bots.length} bots, ${reference.applications.length} integrations) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
} finally {
  await state.dispose();
}
console.log(`seed-platform: platform emulator database ready in ${path.relative(root, persistDir)}`);
