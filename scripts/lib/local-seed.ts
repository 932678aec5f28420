// The local halves of the seeding scripts, each on a local state that is already open
// (scripts/lib/local-d1.ts): the catalogue import, the content load, the insights and the demo
// publisher members. The scripts (import-catalogue.ts, load-content.ts, seed-insights.ts,
// seed-publisher-members.ts) open the state for one step; scripts/seed-local-state.ts opens it once
// for all of them, so seeding a fresh state starts workerd once, not once per step (decision 048).
import { createHash } from "node:crypto";
import type { CatalogueFile } from "../../app/models/catalogue-record.ts";
import { demoPublisherMembers } from "../demo-publisher-members.mjs";
import { catalogueStatements } from "./catalogue-sql.ts";
import { CONTENT_VERSION_KEY, checkVersions, contentStatements, contentVersion, type StoredEntry, type ValidEntry } from "./content-load.ts";
import { generateInsights, insightsStatements, type InsightsSeed } from "./insights-generator.ts";
import { type LocalState, runBatch } from "./local-d1.ts";

/** A seeding step that refuses (nothing written): its message says what to do. */
export class SeedRefusal extends Error {
  override name = "SeedRefusal";
}

/** Publications approved in the review queue since the last import: a catalogue file does not have them. */
export const PUBLICATIONS_SQL =
  "SELECT count(*) AS n FROM submissions WHERE state = 'approved' AND decided_at > coalesce((SELECT value FROM catalogue_meta WHERE key = 'imported_at'), '')";

export const publicationsRefusal = (publications: number, describe: string) =>
  new SeedRefusal(
    `import-catalogue: the ${describe} D1 holds ${publications} publication(s) approved in the review queue since the last import, ` +
      "which this file would undo. Put them into the catalogue file first (GET /api/apps/{appId} answers each app as it is live), " +
      "or pass --discard-publications to import anyway.",
  );

/** Edge caches key on the catalogue version, so a re-import with different content never serves stale pages. */
export const catalogueVersion = (catalogue: CatalogueFile, text: string) => `${catalogue.version}-${createHash("sha256").update(text).digest("hex").slice(0, 10)}`;

/** The local D1's publications since the last import (none before the submissions table exists). */
export async function localPublicationsSinceLastImport(state: LocalState): Promise<number> {
  try {
    return (await state.db.prepare(PUBLICATIONS_SQL).first<{ n: number }>())?.n ?? 0;
  } catch (error) {
    if (/no such table: submissions/.test(String(error))) return 0;
    throw new SeedRefusal(`import-catalogue: could not check for publications approved since the last import:\n${String(error)}`);
  }
}

/**
 * The catalogue file (validated, and its text for the version) into the local D1 in one batch, then
 * the version into KV. Refuses, writing nothing, while the review queue has published since the
 * last import, unless told to discard those publications. Returns the catalogue version.
 */
export async function importCatalogueLocally(
  state: LocalState,
  catalogue: CatalogueFile,
  text: string,
  { discardPublications = false, describe = "local" }: { discardPublications?: boolean; describe?: string } = {},
): Promise<string> {
  if (!discardPublications) {
    const publications = await localPublicationsSinceLastImport(state);
    if (publications > 0) throw publicationsRefusal(publications, describe);
  }
  const version = catalogueVersion(catalogue, text);
  await runBatch(state.db, catalogueStatements(catalogue));
  await state.kv!.put("catalogue-version", version);
  return version;
}

export const STORED_CONTENT_SQL = "SELECT type, key, version, body FROM content_entries";
export const CONTENT_UNREADABLE = "load-content: could not read the stored content (are the migrations applied? `npm run db:migrate`)";

/**
 * Validated content entries into the local D1 in one batch, then the content version into KV.
 * Refuses (ContentLoadError, nothing written) a changed entry whose version was not raised.
 */
export async function loadContentLocally(state: LocalState, entries: readonly ValidEntry[]): Promise<string> {
  let stored: StoredEntry[];
  try {
    stored = (await state.db.prepare(STORED_CONTENT_SQL).all<StoredEntry>()).results;
  } catch {
    throw new SeedRefusal(CONTENT_UNREADABLE);
  }
  checkVersions(entries, stored);
  const version = contentVersion(entries);
  await runBatch(state.db, contentStatements(entries, new Date().toISOString()));
  await state.kv!.put(CONTENT_VERSION_KEY, version);
  return version;
}

/** 90 days (by default) of plausible insights for the catalogue's apps, replacing the local rollups (decision 038). */
export async function seedInsightsLocally(state: LocalState, catalogue: CatalogueFile, { days = 90, seed = 1 } = {}): Promise<InsightsSeed> {
  const seeded = generateInsights({ apps: catalogue.apps, days, seed });
  await runBatch(state.db, insightsStatements(seeded));
  return seeded;
}

/** One line on what seedInsightsLocally wrote. */
export const describeInsights = (seeded: InsightsSeed) =>
  `${seeded.events} events over ${seeded.days.length} days (${seeded.days[0]} to ${seeded.days.at(-1)}) → ${seeded.rollup.apps.size} app-days, ${seeded.rollup.searches.size} query-days`;

/** The demo world's publisher members (scripts/demo-publisher-members.mjs), linked as a hub admin would. Returns [slug, email] pairs. */
export async function seedPublisherMembersLocally(state: LocalState, catalogue: CatalogueFile): Promise<[string, string][]> {
  const members = demoPublisherMembers(catalogue) as [string, string][];
  const seededAt = new Date().toISOString();
  await runBatch(
    state.db,
    members.map(([slug, email]) => ({
      sql: "INSERT OR IGNORE INTO publisher_members (publisher_slug, email, state, added_by, added_at) VALUES (?, ?, 'active', 'the demo seed', ?)",
      params: [slug, email, seededAt],
    })),
  );
  return members;
}
