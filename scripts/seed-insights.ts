// Fills the local insights rollups with 90 days of plausible events for the catalogue's apps
// (scripts/lib/insights-generator.ts; docs/decisions/038), so the insights pages show real-looking
// charts after `npm run setup`. Local development only; replaces what the rollups held.
//
//   node scripts/seed-insights.ts <catalogue.json> [--days 90] [--seed 1] [--persist-to DIR]
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import type { CatalogueFile } from "../app/models/catalogue-record.ts";
import { statementsToSqlFile } from "./lib/catalogue-sql.ts";
import { generateInsights, insightsStatements } from "./lib/insights-generator.ts";

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
const seeded = generateInsights({ apps: catalogue.apps, days: Number(values.days), seed: Number(values.seed) });
const sql = statementsToSqlFile(insightsStatements(seeded));
const dir = mkdtempSync(path.join(tmpdir(), "apphub-insights-"));
const file = path.join(dir, "insights.sql");
writeFileSync(file, sql);
const persist = values["persist-to"] ? ["--persist-to", path.resolve(values["persist-to"])] : [];
const result = spawnSync("npx", ["wrangler", "d1", "execute", "DB", "--env", "development", "--local", ...persist, "--yes", "--file", file], {
  cwd: root,
  stdio: ["inherit", "pipe", "inherit"],
  encoding: "utf8",
  maxBuffer: 256 * 1024 * 1024,
  env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false" },
});
rmSync(dir, { recursive: true, force: true });
if (result.status !== 0) {
  process.stdout.write(result.stdout ?? "");
  process.stderr.write(`seed-insights: wrangler d1 execute failed (${result.signal ?? `exit code ${result.status}`})\n`);
  process.exit(1);
}
console.log(
  `seed-insights: ${seeded.events} events over ${seeded.days.length} days (${seeded.days[0]} to ${seeded.days.at(-1)}) → ${seeded.rollup.apps.size} app-days, ` +
    `${seeded.rollup.searches.size} query-days, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
);
