// The catalogue as routes see it (docs/decisions/017): `context.catalogue`, built once per request by
// the Worker (workers/app.ts). It binds what every catalogue read needs and a route could forget:
// the request's D1 session, the app types the portal config hides (a read without them leaks hidden
// apps) and the catalogue version (the key of the per-version memo, catalogue-memo.server.ts).
// The SQL stays in catalogue.server.ts and content.server.ts; this only calls it.
import type { PortalConfig } from "~/lib/config.server";
import {
  countApps,
  findAppsByClientIds,
  findBot,
  findCategoriesByApiId,
  findCategoriesBySlug,
  getAppDetail,
  getPublisher,
  listPublishers,
  listAppItems,
  listApps,
  listAppUrls,
  listCategories,
  listSearchTerms,
  suggestApps,
  type AppQuery,
  type TextMatch,
  type TrustFilters,
} from "./catalogue.server";
import { getCollectionApps, getContent, getContentEntries, getContentEntry, getHomeApps, resolveAppKeys, type ResolveOptions } from "./content.server";
import type { CollectionContentType, ContentType } from "./content";
import type { Db } from "./db.server";
import { embeddedAppAllowed } from "./embedded-access.server";
import { type SharedStore, sharedSearchTerms } from "./search-terms-store.server";
import type { AppType } from "./enums";
import type { Category } from "./types";

/** A catalogue query as routes give it: the hidden types are the catalogue's business. */
export type CatalogueQuery = Omit<AppQuery, "excludeTypes">;
export type PageRange = { offset: number; limit: number };

/** App types hidden everywhere while their portal setting is off. */
export function hiddenAppTypes(config: Pick<PortalConfig, "embeddedApps" | "serviceApps">): AppType[] {
  const hidden: AppType[] = [];
  if (!config.embeddedApps) hidden.push("embeddedApp");
  if (!config.serviceApps) hidden.push("serviceApp");
  return hidden;
}

/** The catalogue version the Worker hands over when KV could not be read. */
export const UNAVAILABLE_VERSION = "unavailable";

export function createCatalogue(options: {
  db: Db;
  config: Pick<PortalConfig, "embeddedApps" | "serviceApps">;
  version: string;
  /** Where answers made once per catalogue version are shared between isolates (KV), if anywhere. */
  shared?: SharedStore;
}) {
  const { db, version } = options;
  // Without a readable version (KV down: workers/app.ts says "unavailable") nothing is remembered:
  // a memo under a key that no import moves would outlive the next catalogue change.
  const memoVersion = version === UNAVAILABLE_VERSION ? undefined : version;
  const hiddenTypes: readonly AppType[] = hiddenAppTypes(options.config);
  const visible = (query: CatalogueQuery): AppQuery => ({ ...query, excludeTypes: hiddenTypes });
  const isHidden = (type: AppType) => hiddenTypes.includes(type);
  return {
    /** The catalogue version (edge-cache keys and the per-version memo carry it). */
    version,
    hiddenTypes,
    isHidden,
    /** A page of apps and the total (the total remembered per version). */
    list: (query: CatalogueQuery, page: PageRange) => listApps(db, visible(query), page, memoVersion),
    /** How many match, to a bound (COUNT_BOUND, or `reach` + 1 for a deep page): equal to the bound means "at least". */
    count: (query: CatalogueQuery, reach = 0) => countApps(db, visible(query), memoVersion, reach),
    /** A page of apps without the total. */
    listItems: (query: CatalogueQuery, page: PageRange) => listAppItems(db, visible(query), page),
    /** The typeahead's SQL (one statement, not remembered: app/features/search/suggest-answer.server.ts keeps the finished answer). */
    suggest: (text: string, match?: TextMatch) => suggestApps(db, text, hiddenTypes, match),
    /**
     * The FTS index's terms per column (search's vocabulary, built once per version by
     * app/features/search). With `sharedAs` (a key naming the catalogue version) they are shared
     * between isolates through KV: read there first, stored there after a read of the index.
     */
    searchTerms: (sharedAs?: string) => (sharedAs && options.shared ? sharedSearchTerms(options.shared, sharedAs, () => listSearchTerms(db)) : listSearchTerms(db)),
    /** The version the per-version memo uses, or undefined when none may be kept (KV unreadable). */
    memoVersion,
    categories: () => listCategories(db, memoVersion),
    categoriesBySlug: (slug: string, categoryType?: Category["categoryType"]) => findCategoriesBySlug(db, slug, categoryType),
    categoriesByApiId: (apiId: string) => findCategoriesByApiId(db, apiId),
    /** The app whose friendlyId (or id) is `appId`, or null when there is none or its type is hidden. */
    app: async (appId: string) => {
      const app = await getAppDetail(db, appId);
      return app && !isHidden(app.type) ? app : null;
    },
    /** A publisher by slug (issue 15), or null. */
    publisher: (slug: string) => getPublisher(db, slug),
    publishers: () => listPublishers(db),
    /** Every published, visible app's address key and last change (the sitemap). */
    appUrls: () => listAppUrls(db, hiddenTypes),
    /** Apps by OAuth client id (integrations: never a hidden type). */
    appsByClientIds: (clientIds: readonly string[]) => findAppsByClientIds(db, clientIds),
    /** A published bot by app key or bot e-mail. */
    bot: (by: { appId?: string; botEmail?: string }) => findBot(db, by),
    /** The home entry's apps, or null without a home entry. */
    home: () => getHomeApps(db, { excludeTypes: hiddenTypes }),
    collection: (type: CollectionContentType, filters?: TrustFilters) => getCollectionApps(db, type, { excludeTypes: hiddenTypes, filters }),
    /** Apps named by content entries, in the keys' order. */
    resolveApps: (keys: readonly string[], options: Omit<ResolveOptions, "excludeTypes"> = {}) => resolveAppKeys(db, keys, { ...options, excludeTypes: hiddenTypes }),
    content: <T extends ContentType>(type: T) => getContent(db, type),
    contentEntry: <T extends ContentType>(type: T, key: string) => getContentEntry(db, type, key),
    contentEntries: <T extends ContentType>(type: T) => getContentEntries(db, type),
    /** Whether an organisation (its uuid) may use an embedded app (docs/decisions/011). */
    embeddedAppAllowed: (orgUuid: string, appId: string) => embeddedAppAllowed(db, orgUuid, appId),
  };
}

export type Catalogue = ReturnType<typeof createCatalogue>;
