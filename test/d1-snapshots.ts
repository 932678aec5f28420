// A migrated and seeded D1 is the same for most test files: the integration harness imports the
// same 400-app catalogue into each file's Worker, and the platform harness seeds the same demo
// world, each after two dozen migrations. That took 4–8 s of CPU per file, on two cores, for
// 50-odd files. Instead each distinct seed is built once, under .wrangler/test-snapshots/<key>/
// (key: a hash of the migrations and of everything seeded), and every Miniflare starts from its
// own copy of it as its persistence root (Miniflare's resourcePersistencePath), so no file sees
// another's writes. A change to a migration or to the seed changes the key, so a stale snapshot
// is never used.
import { createHash } from "node:crypto";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { realNow } from "./test-clock.ts";

const root = fileURLToPath(new URL("..", import.meta.url));
const SNAPSHOTS = join(root, ".wrangler", "test-snapshots");
/**
 * A snapshot is used for this long after it was made, then made again: seeds may hold times
 * relative to when they ran (SQL's 'now', token expiries), which must not age across days. Its age
 * is read on the tests' clock (test/test-clock.ts): a snapshot seeded at a shifted moment is as
 * wrong for a run at the machine's time as one seeded weeks ago, either way round.
 */
const MAX_AGE_MS = 6 * 3600 * 1000;

/** When a snapshot was seeded, on the clock of the run that seeded it (its .complete file). */
function seededAt(template: string): number {
  const path = join(template, ".complete");
  return existsSync(path) ? Date.parse(readFileSync(path, "utf8")) : Number.NaN;
}

/** A snapshot that is missing, half-made or seeded too long before (or after) this run's clock. */
const isStale = (template: string) => !(Math.abs(Date.now() - seededAt(template)) <= MAX_AGE_MS);

/** A folder's .sql files, in order, as one string: part of a snapshot's key. */
export function migrationsText(dir: string): string {
  return readdirSync(dir)
    .filter((f) => f.endsWith(".sql"))
    .sort()
    .map((f) => `-- ${f}\n${readFileSync(join(dir, f), "utf8")}`)
    .join("\n");
}

export function snapshotKey(kind: string, ...parts: unknown[]): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(typeof part === "string" ? part : JSON.stringify(part)).update("\0");
  return `${kind}-${hash.digest("hex").slice(0, 24)}`;
}

export type PersistenceCopy = { path: string; remove: () => void };

/**
 * A fresh persistence root copied from snapshot `key`. The first time, `build` makes the snapshot
 * in an empty folder (it starts a Miniflare there, migrates, seeds and disposes it); two test
 * workers building the same key at once each build, and the first rename wins.
 */
export async function persistenceFrom(key: string, build: (persistencePath: string) => Promise<void>): Promise<PersistenceCopy> {
  const template = join(SNAPSHOTS, key);
  if (existsSync(template) && isStale(template)) rmSync(template, { recursive: true, force: true });
  if (!existsSync(template)) {
    mkdirSync(SNAPSHOTS, { recursive: true });
    pruneStale();
    const staging = mkdtempSync(join(SNAPSHOTS, `.staging-${key}-`));
    try {
      await build(staging);
      writeFileSync(join(staging, ".complete"), new Date().toISOString());
      renameSync(staging, template);
    } catch (error) {
      rmSync(staging, { recursive: true, force: true });
      // Another worker renamed its copy first: use that one. Anything else is a real failure.
      if (!existsSync(join(template, ".complete"))) throw error;
    }
  }
  const copy = mkdtempSync(join(tmpdir(), "apphub-d1-"));
  cpSync(template, copy, { recursive: true });
  return { path: copy, remove: () => rmSync(copy, { recursive: true, force: true }) };
}

/**
 * Removes snapshots past their age, and staging folders a killed run left behind: those by the
 * machine's clock (their modification time), since a test worker may be building one right now.
 */
function pruneStale(): void {
  const now = realNow();
  for (const name of readdirSync(SNAPSHOTS)) {
    const path = join(SNAPSHOTS, name);
    // Test files prune in parallel: another one may have removed this entry since readdirSync.
    const stat = statSync(path, { throwIfNoEntry: false });
    if (!stat) continue;
    const stale = name.startsWith(".staging-") ? now - stat.mtimeMs > MAX_AGE_MS : isStale(path);
    if (stale) rmSync(path, { recursive: true, force: true });
  }
}
