// Imports a catalogue file into D1 and bumps the catalogue version in KV: the local development
// state by default, a deployed environment's with --env production --remote (README "Deploy").
//
//   node scripts/import-catalogue.ts <file.json> [--env development|staging|production] [--remote] [--dry-run] [--persist-to DIR] [--discard-publications]
//
// The whole file is validated first; on a bad record nothing is written and the exit code is 1.
// The file replaces the catalogue, so an import would undo what hub admins approved in the review
// queue since the last import (issue 16): it refuses while there is any, unless told to discard them.
// The SQL runs as one batch (one transaction), so a failing import keeps the old data: through
// wrangler for a remote target, in-process for the local state (scripts/lib/local-d1.ts).
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { type CatalogueFile, CatalogueImportError, validateCatalogue } from "../app/models/catalogue-record.ts";
import { catalogueStatements, statementsToSqlFile } from "./lib/catalogue-sql.ts";
import { openLocalState, type LocalState } from "./lib/local-d1.ts";
import { catalogueVersion, importCatalogueLocally, PUBLICATIONS_SQL, publicationsRefusal, SeedRefusal } from "./lib/local-seed.ts";
import { shellLine, TARGET_OPTIONS, TARGET_USAGE, TargetError, wranglerTarget, type WranglerTarget } from "./lib/wrangler-target.ts";

const root = path.resolve(import.meta.dirname, "..");

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
  throw new Error(message); // not reached (process.exit is not typed `never` under this tsconfig)
}

/**
 * Runs `npx wrangler ...`. Outside a terminal `wrangler d1 execute` prints the result of every
 * statement as JSON (thousands of lines for a big catalogue), so with `quietJson` its stdout is
 * captured and only the lines before that JSON are shown, unless the command fails.
 */
function run(args: string[], { quietJson = false } = {}): void {
  if (target.dryRun) {
    console.log(`import-catalogue: --dry-run, would run: ${shellLine(args)}`);
    return;
  }
  const result = spawnSync("npx", ["wrangler", ...args], {
    cwd: root,
    stdio: quietJson ? ["inherit", "pipe", "inherit"] : "inherit",
    encoding: "utf8",
    maxBuffer: 1024 * 1024 * 1024,
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false" },
  });
  if (result.error) fail(`import-catalogue: could not run wrangler: ${result.error.message}`);
  if (quietJson && result.stdout) {
    const lines = result.stdout.split("\n");
    const json = lines.findIndex((line) => line === "[" || line === "{");
    process.stdout.write(result.status === 0 && json >= 0 ? `${lines.slice(0, json).join("\n")}\n` : result.stdout);
  }
  if (result.status !== 0) {
    fail(`import-catalogue: \`wrangler ${args.join(" ")}\` failed with ${result.signal ?? `exit code ${result.status}`}`);
  }
}

const { positionals, values } = parseArgs({ allowPositionals: true, options: { ...TARGET_OPTIONS, "discard-publications": { type: "boolean", default: false } } });
if (positionals.length !== 1) fail(`usage: node scripts/import-catalogue.ts <file.json> ${TARGET_USAGE} [--discard-publications]`);
const file = path.resolve(positionals[0]!);
let target: WranglerTarget;
try {
  target = wranglerTarget(values, (p) => path.resolve(p));
} catch (error) {
  if (error instanceof TargetError) fail(`import-catalogue: ${error.message}`);
  throw error;
}

let text: string;
try {
  text = readFileSync(file, "utf8");
} catch (error) {
  fail(`import-catalogue: cannot read ${file}: ${(error as Error).message}`);
}
let json: unknown;
try {
  json = JSON.parse(text);
} catch (error) {
  fail(`${path.relative(process.cwd(), file)}: not valid JSON: ${(error as Error).message}`);
}
let catalogue: CatalogueFile;
try {
  catalogue = validateCatalogue(json);
} catch (error) {
  if (error instanceof CatalogueImportError) fail(`${path.relative(process.cwd(), file)}: ${error.message}`);
  throw error;
}

/** The local state, opened once, when the target is this machine's (not remote, not a dry run). */
const local: LocalState | null =
  target.remote || target.dryRun
    ? null
    : await openLocalState({ config: path.join(root, "wrangler.toml"), environment: target.env, persistTo: values["persist-to"] && path.resolve(values["persist-to"]) });

/** Publications approved since the last import in a remote D1, read through wrangler. */
function remotePublicationsSinceLastImport(): number {
  const result = spawnSync("npx", ["wrangler", "d1", "execute", "DB", ...target.args, "--json", "--command", PUBLICATIONS_SQL], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false" },
  });
  if (result.status !== 0) {
    if (/no such table: submissions/.test(`${result.stdout}${result.stderr}`)) return 0;
    fail(`import-catalogue: could not check for publications approved since the last import:\n${result.stderr || result.stdout}`);
  }
  const parsed = JSON.parse(result.stdout) as { results: { n: number }[] }[];
  return parsed[0]?.results[0]?.n ?? 0;
}

try {
  const started = performance.now();
  let version: string;
  if (local) {
    console.log(`import-catalogue: ${catalogue.apps.length} apps, ${catalogue.categories.length} categories into the ${target.describe} D1`);
    try {
      version = await importCatalogueLocally(local, catalogue, text, { discardPublications: values["discard-publications"], describe: target.describe });
    } catch (error) {
      if (error instanceof SeedRefusal) fail(error.message);
      throw error;
    }
  } else {
    if (!target.dryRun && !values["discard-publications"]) {
      const publications = remotePublicationsSinceLastImport();
      if (publications > 0) fail(publicationsRefusal(publications, target.describe).message);
    }
    version = catalogueVersion(catalogue, text);
    const sql = statementsToSqlFile(catalogueStatements(catalogue));
    const dir = mkdtempSync(path.join(tmpdir(), "catalogue-import-"));
    const sqlFile = path.join(dir, "catalogue.sql");
    try {
      writeFileSync(sqlFile, sql);
      console.log(
        `import-catalogue: ${catalogue.apps.length} apps, ${catalogue.categories.length} categories ` +
          `(${(sql.length / 1024 / 1024).toFixed(1)} MB of SQL) into the ${target.describe} D1`,
      );
      run(["d1", "execute", "DB", ...target.args, "--yes", "--file", sqlFile], { quietJson: true });
    } finally {
      // A dry run keeps the SQL it would have run, so it can be read (or run by hand).
      if (!target.dryRun) rmSync(dir, { recursive: true, force: true });
    }
    run(["kv", "key", "put", "--binding", "KV", "catalogue-version", version, ...target.args]);
  }
  console.log(`import-catalogue: catalogue version ${version} (${((performance.now() - started) / 1000).toFixed(1)} s)`);
} finally {
  await local?.dispose();
}
