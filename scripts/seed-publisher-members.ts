// The demo world's publisher members (issue 30; scripts/demo-publisher-members.mjs says who), added
// to the local state as a hub admin would link them, in-process (scripts/lib/local-d1.ts).
//
//   node scripts/seed-publisher-members.ts <catalogue.json> [--persist-to DIR]
import { readFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import type { CatalogueFile } from "../app/models/catalogue-record.ts";
import { openLocalState } from "./lib/local-d1.ts";
import { seedPublisherMembersLocally } from "./lib/local-seed.ts";

const root = path.resolve(import.meta.dirname, "..");
const { positionals, values } = parseArgs({ allowPositionals: true, options: { "persist-to": { type: "string" } } });
if (positionals.length !== 1) {
  process.stderr.write("usage: node scripts/seed-publisher-members.ts <catalogue.json> [--persist-to DIR]\n");
  process.exit(1);
}
const catalogue = JSON.parse(readFileSync(path.resolve(positionals[0]!), "utf8")) as CatalogueFile;
const state = await openLocalState({
  config: path.join(root, "wrangler.toml"),
  environment: "development",
  persistTo: values["persist-to"] && path.resolve(values["persist-to"]),
});
try {
  const members = await seedPublisherMembersLocally(state, catalogue);
  console.log(`seed-publisher-members: ${members.map(([slug, email]) => `${email} → ${slug}`).join(", ")}`);
} finally {
  await state.dispose();
}
