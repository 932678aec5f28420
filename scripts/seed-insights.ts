// Fills the local insights rollups with 90 days of plausible events for the catalogue's apps
// (scripts/lib/insights-generator.ts; docs/decisions/038), so the insights pages show real-looking
// charts after `npm run setup`. Local development only; replaces what the rollups held.
//
//   node scripts/seed-insights.ts <catalogue.json> [--days 90] [--seed 1] [--persist-to DIR]
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import type { CatalogueFile } from "../app/models/catalogue-record.ts";
import { openLocalState } from "./lib/local-d1.ts";
import { describeInsights, seedInsightsLocally } from "./lib/local-seed.ts";

const root = path.resolve(import.meta.dirname, "..");
const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: { days: { type: "string", default: "90" }, seed: { type: "string", default: "1" }, "persist-to": { type: "string" } },
});
if (positionals.length !== 1) {
  process.stderr.write("usage: node scripts/seed-insights.ts <catalogue.json> [--days 90] [--seed 1] [--persist-to DIR]\n");
  process.exit(1);
}
const catalogue = JSON.parse(readFileSync(path.resolve(positionals[0]!), "utf8")) as CatalogueFile;
const started = Date.now();
// In-process, on wrangler dev's own state (scripts/lib/local-d1.ts), in one batch.
const state = await openLocalState({
  config: path.join(root, "wrangler.toml"),
  environment: "development",
  persistTo: values["persist-to"] && path.resolve(values["persist-to"]),
});
try {
  const seeded = await seedInsightsLocally(state, catalogue, { days: Number(values.days), seed: Number(values.seed) });
  console.log(`seed-insights: ${describeInsights(seeded)}, in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} finally {
  await state.dispose();
}
