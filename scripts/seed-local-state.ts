// Seeds a local state for `wrangler dev --env development` in one process: the D1 migrations, the
// catalogue file, the content seed files, 90 days of insights and the demo publisher members, each
// step as its own script does it (scripts/lib/local-seed.ts), on a state opened once. Each script
// opening the state started workerd again: four starts of a few seconds each for every fresh state
// (`npm run setup`, the e2e servers, the soak's). Run by scripts/seed-local.mjs (decision 048).
//
//   node scripts/seed-local-state.ts <catalogue.json> [--persist-to DIR]
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { type CatalogueFile, CatalogueImportError, validateCatalogue } from "../app/models/catalogue-record.ts";
import { ContentLoadError, readContentDir, validateContent, type ValidEntry } from "./lib/content-load.ts";
import { applyLocalMigrations, openLocalState } from "./lib/local-d1.ts";
import { describeInsights, importCatalogueLocally, loadContentLocally, SeedRefusal, seedInsightsLocally, seedPublisherMembersLocally } from "./lib/local-seed.ts";

const root = path.resolve(import.meta.dirname, "..");
const { positionals, values } = parseArgs({ allowPositionals: true, options: { "persist-to": { type: "string" } } });
if (positionals.length !== 1) {
  process.stderr.write("usage: node scripts/seed-local-state.ts <catalogue.json> [--persist-to DIR]\n");
  process.exit(1);
}
/** A refusal is a message for a person, not a stack trace; nothing was written. */
function refused(error: unknown): never {
  if (error instanceof SeedRefusal || error instanceof ContentLoadError || error instanceof CatalogueImportError) {
    process.stderr.write(`seed-local: refused, nothing more written. ${error.message}\n`);
    process.exit(1);
  }
  throw error;
}

const file = path.resolve(positionals[0]!);
const text = readFileSync(file, "utf8");
// Both validated before anything is written, as their own scripts do.
let catalogue: CatalogueFile;
let entries: ValidEntry[];
try {
  catalogue = validateCatalogue(JSON.parse(text));
  entries = validateContent(readContentDir(path.join(root, "content")));
} catch (error) {
  refused(error);
}

/** Runs one step, saying what it did and how long it took, in seed-local's words. */
async function step<T>(label: string, work: () => Promise<T>, say: (result: T) => string): Promise<void> {
  const started = Date.now();
  const result = await work();
  console.log(`seed-local: ${label}: ${say(result)}, done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

const config = path.join(root, "wrangler.toml");
const started = Date.now();
const state = await openLocalState({ config, environment: "development", persistTo: values["persist-to"] && path.resolve(values["persist-to"]) });
console.log(`seed-local: opened the local state in ${((Date.now() - started) / 1000).toFixed(1)} s`);
try {
  await step(
    "applying D1 migrations",
    () => applyLocalMigrations(state.db, { config, environment: "development" }),
    (applied) => (applied.length ? `applied ${applied.length}` : "none to apply"),
  );
  await step(
    "importing the catalogue",
    () => importCatalogueLocally(state, catalogue, text),
    (version) => `${catalogue.apps.length} apps, catalogue version ${version}`,
  );
  // Content entries (home, announcement, collections…) name catalogue apps, so they load after it.
  await step(
    "loading content",
    () => loadContentLocally(state, entries),
    (version) => `${entries.length} entries, content version ${version}`,
  );
  // Insights (docs/decisions/038): the publishers' and hub admins' insights pages have charts to show.
  await step("generating 90 days of insights", () => seedInsightsLocally(state, catalogue), describeInsights);
  // Demo publisher members (issue 30): the console shows something after `npm run setup`.
  await step(
    "adding demo publisher members",
    () => seedPublisherMembersLocally(state, catalogue),
    (members) => members.map(([slug, email]) => `${email} → ${slug}`).join(", "),
  );
} catch (error) {
  refused(error);
} finally {
  await state.dispose();
}
