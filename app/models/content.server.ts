// Reads content entries (migrations/0006_content.sql) from D1, validating each body again against its
// type's schema (app/models/content.ts), and resolves the app keys entries name to catalogue apps.
//
// Exports:
//   getContent(db, type)                 the single entry of a type (key "main"), or null
//   getContentEntry(db, type, key)       one entry by type and key, or null
//   getContentEntries(db, type)          every entry of a type, in file order (CMS modals)
//   resolveAppKeys(db, keys, options)    catalogue apps for a list of keys, in the keys' order
//   getHomeApps(db, options)             /api/fetch-home-apps: { webexSolutionsApps, recentApps, homeEntry, sliders }
//   getCollectionApps(db, type, options) a collection entry and its apps, or null
//   ContentError                         thrown when a stored body no longer fits its schema
// "Empty" entries (isEmptyContent in content.ts) are returned as they are; routes decide to 404.
import type { Db } from "./db.server";
import { DEFAULT_SORT } from "~/lib/sort";
import { listAppItems, SUMMARY_COLUMNS, toSummary, trustConditions, type AppRow, type TrustFilters } from "./catalogue.server";
import { contentBodySchemas, MAIN_KEY, type CollectionContentType, type ContentBody, type ContentEntry, type ContentType, type HomeSlider } from "./content";
import type { AppStatus, AppType } from "./enums";
import type { AppSummary } from "./types";

export class ContentError extends Error {
  override name = "ContentError";
}

type EntryRow = { type: string; key: string; version: number; body: string; updated_at: string };

function toEntry<T extends ContentType>(type: T, row: EntryRow): ContentEntry<T> {
  let json: unknown;
  try {
    json = JSON.parse(row.body);
  } catch {
    throw new ContentError(`content ${type}/${row.key}: body is not JSON`);
  }
  // Stored bodies were valid when loaded; a schema that changed since then must not reach a page.
  const parsed = contentBodySchemas[type].safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new ContentError(`content ${type}/${row.key}: ${issue.path.join(".") || "(body)"}: ${issue.message}`);
  }
  return { type, key: row.key, version: row.version, updatedAt: row.updated_at, body: parsed.data as ContentBody<T> };
}

const COLUMNS = "type, key, version, body, updated_at";

export async function getContentEntry<T extends ContentType>(db: Db, type: T, key: string): Promise<ContentEntry<T> | null> {
  const row = await db.prepare(`SELECT ${COLUMNS} FROM content_entries WHERE type = ? AND key = ?`).bind(type, key).first<EntryRow>();
  return row ? toEntry(type, row) : null;
}

/** The single entry of a type: the one under "main", which every single-entry type uses. */
export function getContent<T extends ContentType>(db: Db, type: T): Promise<ContentEntry<T> | null> {
  return getContentEntry(db, type, MAIN_KEY);
}

export async function getContentEntries<T extends ContentType>(db: Db, type: T): Promise<ContentEntry<T>[]> {
  const { results } = await db.prepare(`SELECT ${COLUMNS} FROM content_entries WHERE type = ? ORDER BY position, key`).bind(type).all<EntryRow>();
  return results.map((row) => toEntry(type, row));
}

export type ResolveOptions = {
  /** App types hidden by the portal config (hiddenAppTypes in catalogue-service.server.ts). */
  excludeTypes?: readonly AppType[];
  /** Which statuses count; collections show published apps only, coming soon shows both. */
  statuses?: readonly AppStatus[];
  /** A list page's filters (app/lib/list-filters.ts): the catalogue's own conditions, so they mean the same here. */
  filters?: TrustFilters;
};

/**
 * Catalogue apps for keys (friendlyId, else id, as /applications/{appId} matches), in the keys'
 * order, skipping keys the catalogue does not have (content may name an app before it is imported)
 * and repeated keys. The keys travel as one JSON parameter, so any number fits D1's 100-parameter
 * limit, and the lookups use the apps table's unique indexes on friendly_id and id.
 */
export async function resolveAppKeys(db: Db, keys: readonly string[], options: ResolveOptions = {}): Promise<AppSummary[]> {
  if (keys.length === 0) return [];
  // Without filters: listed apps only (deprecated ones are left out of lists unless asked).
  const trust = trustConditions(options.filters ?? {});
  const { results } = await db
    .prepare(
      `SELECT ${SUMMARY_COLUMNS}
       FROM json_each(?) k
       JOIN apps a ON a.seq = coalesce((SELECT seq FROM apps WHERE friendly_id = k.value), (SELECT seq FROM apps WHERE id = k.value))
       WHERE a.status IN (SELECT value FROM json_each(?)) AND a.type NOT IN (SELECT value FROM json_each(?)) AND ${trust.conditions.join(" AND ")}
       ORDER BY k.key`,
    )
    .bind(JSON.stringify(keys), JSON.stringify(options.statuses ?? ["published"]), JSON.stringify(options.excludeTypes ?? []), ...trust.params)
    .all<AppRow>();
  const seen = new Set<string>();
  const out: AppSummary[] = [];
  for (const row of results) {
    if (seen.has(row.id)) continue;
    seen.add(row.id);
    out.push(toSummary(row));
  }
  return out;
}

export type HomeSliderWithApps = HomeSlider & { items: AppSummary[] };
export type HomeApps = {
  /** The featured slide apps (spec §2.5), resolved from the home entry. */
  webexSolutionsApps: AppSummary[];
  /** The newest published apps, as many as the entry's recentAppsLimit. */
  recentApps: AppSummary[];
  /** The home entry as stored (sliders with their app keys). */
  homeEntry: ContentEntry<"home">;
  /** The entry's sliders with their apps resolved (hidden types and unknown keys dropped). */
  sliders: HomeSliderWithApps[];
};

/** Everything the home page needs from content, or null when there is no home entry. */
export async function getHomeApps(db: Db, options: { excludeTypes?: readonly AppType[] } = {}): Promise<HomeApps | null> {
  const homeEntry = await getContent(db, "home");
  if (!homeEntry) return null;
  const excludeTypes = options.excludeTypes ?? [];
  const home = homeEntry.body;
  const [webexSolutionsApps, recentApps, ...sliderApps] = await Promise.all([
    resolveAppKeys(db, home.featuredApps, { excludeTypes }),
    home.recentAppsLimit > 0 ? listAppItems(db, { sort: DEFAULT_SORT, excludeTypes }, { offset: 0, limit: home.recentAppsLimit }) : Promise.resolve([]),
    // The coming-soon slider shows apps that are not published yet.
    ...home.sliders.map((slider) => resolveAppKeys(db, slider.apps, { excludeTypes, statuses: slider.id === "coming-soon" ? ["coming_soon", "published"] : ["published"] })),
  ]);
  return {
    webexSolutionsApps,
    recentApps,
    homeEntry,
    sliders: home.sliders.map((slider, i) => ({ ...slider, items: sliderApps[i]! })),
  };
}

/** A collection entry with its published apps in curated order, or null without an entry. */
export async function getCollectionApps(
  db: Db,
  type: CollectionContentType,
  options: { excludeTypes?: readonly AppType[]; filters?: TrustFilters } = {},
): Promise<{ entry: ContentEntry<CollectionContentType>; items: AppSummary[] } | null> {
  const entry = await getContent(db, type);
  if (!entry) return null;
  return { entry, items: await resolveAppKeys(db, entry.body.apps, { excludeTypes: options.excludeTypes, filters: options.filters }) };
}
