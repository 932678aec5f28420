// Loads the content seed files (content/*.json) into the local D1 database and bumps the content
// version in KV, so cached pages and APIs show the change.
//
//   npm run content:load                         (= node scripts/load-content.ts)
//   node scripts/load-content.ts [--dir content] [--env development|staging|production] [--remote] [--dry-run] [--persist-to DIR]
//
// Local development state by default; a deployed environment's D1 and KV with --env … --remote.
//
// Every file is validated first; on a bad file, entry or field (or a changed entry whose version was
// not raised) nothing is written and the exit code is 1. The SQL runs as one batch: through wrangler
// for a remote target, in-process for the local state (scripts/lib/local-d1.ts).
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { statementsToSqlFile } from "./lib/catalogue-sql.ts";
import {
  checkVersions,
  CONTENT_VERSION_KEY,
  ContentLoadError,
  contentStatements,
  contentVersion,
  readContentDir,
  validateContent,
  type StoredEntry,
  type ValidEntry,
} from "./lib/content-load.ts";
import { openLocalState } from "./lib/local-d1.ts";
import { CONTENT_UNREADABLE, loadContentLocally, SeedRefusal, STORED_CONTENT_SQL } from "./lib/local-seed.ts";
import { shellLine, TARGET_OPTIONS, TargetError, wranglerTarget, type WranglerTarget } from "./lib/wrangler-target.ts";

const root = path.resolve(import.meta.dirname, "..");

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
  throw new Error(message); // not reached (process.exit is not typed `never` under this tsconfig)
}

function wrangler(args: string[], capture = false): string {
  if (target.dryRun) {
    console.log(`load-content: --dry-run, would run: ${shellLine(args)}`);
    return "";
  }
  const result = spawnSync("npx", ["wrangler", ...args], {
    cwd: root,
    stdio: capture ? ["inherit", "pipe", "pipe"] : "inherit",
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", CI: "true" },
  });
  if (result.error) fail(`load-content: could not run wrangler: ${result.error.message}`);
  if (result.status !== 0) {
    if (capture) process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
    fail(`load-content: \`wrangler ${args.join(" ")}\` failed with ${result.signal ?? `exit code ${result.status}`}`);
  }
  return result.stdout ?? "";
}

const { values } = parseArgs({ options: { dir: { type: "string", default: "content" }, ...TARGET_OPTIONS } });
const dir = path.resolve(root, values.dir);
let target: WranglerTarget;
try {
  target = wranglerTarget(values, (p) => path.resolve(p));
} catch (error) {
  if (error instanceof TargetError) fail(`load-content: ${error.message}`);
  throw error;
}

let entries: ValidEntry[];
try {
  entries = validateContent(readContentDir(dir));
} catch (error) {
  if (error instanceof ContentLoadError) fail(`load-content: refused, nothing written. ${error.message}`);
  throw error;
}

const local =
  target.remote || target.dryRun
    ? null
    : await openLocalState({ config: path.join(root, "wrangler.toml"), environment: target.env, persistTo: values["persist-to"] && path.resolve(values["persist-to"]) });
const version = contentVersion(entries);
try {
  if (local) {
    try {
      await loadContentLocally(local, entries);
    } catch (error) {
      if (error instanceof SeedRefusal) fail(error.message);
      if (error instanceof ContentLoadError) fail(`load-content: refused, nothing written. ${error.message}`);
      throw error;
    }
  } else {
    // The stored versions, so a changed entry whose version was not raised is refused.
    let stored: StoredEntry[] = [];
    const out = wrangler(["d1", "execute", "DB", ...target.args, "--json", "--command", STORED_CONTENT_SQL], true);
    // A dry run reads nothing, so it checks the files alone (the real run still compares versions).
    if (!target.dryRun) {
      try {
        const parsed = JSON.parse(out.slice(out.indexOf("["))) as { results: StoredEntry[] }[];
        stored = parsed[0]?.results ?? [];
      } catch {
        fail(CONTENT_UNREADABLE);
      }
    }
    try {
      checkVersions(entries, stored);
    } catch (error) {
      if (error instanceof ContentLoadError) fail(`load-content: refused, nothing written. ${error.message}`);
      throw error;
    }
    const tmp = mkdtempSync(path.join(tmpdir(), "content-load-"));
    try {
      const sqlFile = path.join(tmp, "content.sql");
      writeFileSync(sqlFile, statementsToSqlFile(contentStatements(entries, new Date().toISOString())));
      wrangler(["d1", "execute", "DB", ...target.args, "--yes", "--file", sqlFile], true);
    } finally {
      // A dry run keeps the SQL it would have run, so it can be read (or run by hand).
      if (!target.dryRun) rmSync(tmp, { recursive: true, force: true });
    }
    wrangler(["kv", "key", "put", "--binding", "KV", CONTENT_VERSION_KEY, version, ...target.args], true);
  }
} finally {
  await local?.dispose();
}
const types = new Set(entries.map((e) => e.type));
console.log(
  `load-content: ${entries.length} entries of ${types.size} types from ${path.relative(process.cwd(), dir) || dir} ${target.dryRun ? "checked (dry run) for" : "loaded into"} the ${target.describe} D1; content version ${version}`,
);
