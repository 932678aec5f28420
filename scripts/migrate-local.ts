// Applies the D1 migrations not yet applied to a local state, in-process, recording them as
// `wrangler d1 migrations apply --local` does (scripts/lib/local-d1.ts says why not through it).
//
//   node scripts/migrate-local.ts [--config wrangler.toml] [--env development] [--persist-to DIR]
import path from "node:path";
import { parseArgs } from "node:util";
import { applyLocalMigrations, openLocalState } from "./lib/local-d1.ts";

const root = path.resolve(import.meta.dirname, "..");
const { values } = parseArgs({
  options: { config: { type: "string", default: "wrangler.toml" }, env: { type: "string" }, "persist-to": { type: "string" } },
});
const config = path.resolve(root, values.config);
const state = await openLocalState({ config, environment: values.env, persistTo: values["persist-to"] && path.resolve(values["persist-to"]) });
try {
  const applied = await applyLocalMigrations(state.db, { config, environment: values.env });
  console.log(`migrate-local: ${applied.length ? `applied ${applied.join(", ")}` : "no migrations to apply"}`);
} finally {
  await state.dispose();
}
