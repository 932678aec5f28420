// Local targets (the state `wrangler dev --persist-to DIR` serves) are written in-process through
// wrangler's getPlatformProxy: the very D1 and KV files wrangler dev reads (DIR/v3), without a
// wrangler process per migration, statement file and KV put. Each of those started workerd anew
// (about 2–4 s apiece), so seeding the e2e servers and the soak's took a minute or more of CPU;
// now each script opens the state once. Remote targets and --dry-run keep the wrangler commands
// (scripts/lib/wrangler-target.ts), which are what a deploy runs.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { getPlatformProxy, unstable_readConfig, unstable_splitSqlQuery } from "wrangler";
import { mergedStatements, type SqlStatement } from "./catalogue-sql.ts";

export type LocalState = {
  db: D1Database;
  /** The KV namespace bound as KV, where the config has one. */
  kv: KVNamespace | null;
  dispose: () => Promise<void>;
};

/**
 * Opens the local state of one wrangler config and environment. `persistTo` is the folder given to
 * `wrangler dev --persist-to`; without it, wrangler's default (.wrangler/state beside the config).
 */
export async function openLocalState(options: { config: string; environment?: string; persistTo?: string }): Promise<LocalState> {
  const persistTo = options.persistTo ?? path.join(path.dirname(options.config), ".wrangler/state");
  const proxy = await getPlatformProxy<{ DB: D1Database; KV?: KVNamespace }>({
    configPath: options.config,
    ...(options.environment ? { environment: options.environment } : {}),
    // wrangler dev keeps its state under <persist-to>/v3; getPlatformProxy takes that folder itself.
    persist: { path: path.join(persistTo, "v3") },
  });
  return { db: proxy.env.DB, kv: proxy.env.KV ?? null, dispose: () => proxy.dispose() };
}

/**
 * One batch: one transaction, so a failing statement leaves nothing of it written. The statements
 * are merged as for `wrangler d1 execute --file` (parameters inlined, INSERTs of one table joined):
 * tens of thousands of one-row INSERTs (90 days of insights) take minutes one by one, seconds so.
 */
export async function runBatch(db: D1Database, statements: readonly SqlStatement[]): Promise<void> {
  if (statements.length > 0) await db.batch(mergedStatements(statements).map((sql) => db.prepare(sql)));
}

/**
 * Applies the config's D1 migrations that are not applied yet, each with its row in the migrations
 * table, exactly as `wrangler d1 migrations apply --local` records them (same table, same columns),
 * so wrangler's own command later sees them as applied. Returns the names applied.
 */
export async function applyLocalMigrations(db: D1Database, options: { config: string; environment?: string }): Promise<string[]> {
  const config = unstable_readConfig({ config: options.config, ...(options.environment ? { env: options.environment } : {}) }, { hideWarnings: true });
  const database = (config.d1_databases as { binding: string; migrations_table?: string; migrations_dir?: string }[]).find((d) => d.binding === "DB");
  if (!database) throw new Error(`${options.config} has no D1 database bound as DB`);
  const table = database.migrations_table ?? "d1_migrations";
  const dir = path.resolve(path.dirname(options.config), database.migrations_dir ?? "migrations");
  await db
    .prepare(
      `CREATE TABLE IF NOT EXISTS ${table}(
		id         INTEGER PRIMARY KEY AUTOINCREMENT,
		name       TEXT UNIQUE,
		applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL
)`,
    )
    .run();
  const applied = new Set((await db.prepare(`SELECT name FROM ${table}`).all<{ name: string }>()).results.map((r) => r.name));
  const pending = readdirSync(dir)
    .filter((f) => f.endsWith(".sql") && !applied.has(f))
    .sort();
  for (const name of pending) {
    // As written (comments and all), the file's statements and its row in one transaction.
    const statements = unstable_splitSqlQuery(readFileSync(path.join(dir, name), "utf8")).map((sql) => db.prepare(sql));
    await db.batch([...statements, db.prepare(`INSERT INTO ${table} (name) VALUES (?)`).bind(name)]);
  }
  return pending;
}
