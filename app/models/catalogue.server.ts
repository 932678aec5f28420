// The catalogue's SQL, all of it: list, filter, search and read apps and categories from D1.
import type { Db } from "./db.server";
import type { AppContext, AppStatus, AppType, Collection, ProductType } from "./enums";
import type { AppDetail, AppPage, AppSummary, Category, Publisher } from "./types";
import { freshnessCutoffs, freshnessOf, type Freshness } from "./freshness";
import type { PermissionKey } from "./permissions";
import { NO_SECURITY_FACTS, type AiUse, type Certification, type DataRegion, type SecurityFacts } from "./security-facts";
import type { Sort } from "~/lib/sort";
import { toFtsQuery } from "~/lib/fts-query";
import { nameKey } from "~/lib/name-key";
import { recall, recallAnswer, remember, rememberAnswer } from "./catalogue-memo.server";
import { bm25Of, boundedRanking, type Fragment, SEARCH_WEIGHTS, SUGGEST_WEIGHTS } from "./text-ranking.server";

export type AppQuery = {
  status?: AppStatus;
  productTypes?: readonly ProductType[];
  appType?: AppType;
  /** App types hidden by config (embedded/service apps when their setting is off). */
  excludeTypes?: readonly AppType[];
  categoryIds?: readonly string[];
  categoryApiId?: string;
  collection?: Collection;
  isFeatured?: boolean;
  appContext?: AppContext;
  searchQuery?: string;
  /**
   * What `searchQuery` matches, when search planned it (issue 28, app/features/search/query-plan):
   * the FTS5 expression, and stricter ones whose matches rank first, best first. Without it the
   * text's words are matched as typed (app/lib/fts-query.ts).
   */
  textMatch?: TextMatch;
  /** Issue 15's filters. Certifications: the app holds every one named. */
  certifications?: readonly Certification[];
  /** Data regions: the app stores data in at least one of them. */
  dataRegions?: readonly DataRegion[];
  /** AI use: any of these. */
  aiUses?: readonly AiUse[];
  /** Freshness: any of these; naming "deprecated" lists deprecated apps (they are left out otherwise). */
  freshness?: readonly Freshness[];
  /** Lists deprecated apps beside the others (they are left out unless asked). */
  includeDeprecated?: boolean;
  verifiedPublisher?: boolean;
  /** The average rating is at least this (apps without ratings are left out). */
  minRating?: number;
  publisherSlug?: string;
  /** Only these apps (issue 29: "Approved for my organisation"); one JSON parameter, whatever the count. */
  appIds?: readonly string[];
  sort: Sort;
};

export type TextMatch = { expression: string; tiers?: readonly string[] };

export type AppRow = {
  id: string;
  friendly_id: string | null;
  name: string;
  logo: string;
  type: AppType;
  product_type: ProductType;
  company_name: string;
  tagline: string;
  is_featured: number;
  status: AppStatus;
  submitted_at: string;
  rating_avg: number | null;
  rating_count: number;
  last_release_at: string;
  listing: number;
  publisher_verified: number;
  score?: number;
};

export const SUMMARY_COLUMNS =
  "a.id, a.friendly_id, a.name, a.logo, a.type, a.product_type, a.company_name, a.tagline, a.is_featured, a.status, a.submitted_at, a.rating_avg, a.rating_count, a.last_release_at, a.listing, a.publisher_verified";

/** apps.listing: shown in lists, deprecated (shown when asked), removed by a moderator (shown nowhere). */
export const LISTING = { listed: 0, deprecated: 1, removed: 2 } as const;

/** bm25 with search's column weights (./text-ranking.server.ts: the same weights rank above its window). */
const BM25 = bm25Of(SEARCH_WEIGHTS);

/**
 * Relevance, "lower is better" like bm25: an app whose whole name is the typed text comes first,
 * then names that start with it, then the rest, each tier by bm25. The tier offsets dwarf any bm25
 * value (tens at most), so `_score` (its negation) orders the same way the list does. Binds the
 * typed text's name key, its length in characters and the key again. The prefix test is substr(),
 * not LIKE: D1 refuses LIKE patterns longer than 50 bytes ("pattern too complex").
 */
const NAME_TIER = "CASE WHEN a.name_key = ? THEN 20000 WHEN substr(a.name_key, 1, ?) = ? THEN 10000 ELSE 0 END";

/**
 * Issue 28's match levels (the words as typed, their forms, corrections) rank first, then the name
 * tiers, then bm25: ./text-ranking.server.ts builds that order (levels TIER_STEP apart), bounded.
 * Other orders (name, date) keep bm25 and the name tiers as the API's _score.
 */
const relevance = `(${BM25} - ${NAME_TIER})`;
const matchOf = (query: AppQuery) => query.textMatch?.expression ?? toFtsQuery(query.searchQuery ?? "");

/**
 * A text search starts from the FTS matches and probes apps per match for filters, tiers and sort
 * keys. INDEXED BY makes that probe read the covering index apps_search (migration 0004) instead of
 * the table rows, whose later columns sit behind the long description's overflow pages.
 */
const TEXT_FROM = "apps a INDEXED BY apps_search";
const TEXT_JOIN = "JOIN apps_fts ON apps_fts.rowid = a.seq";

function relevanceParams(searchQuery: string): [string, number, string] {
  const key = nameKey(searchQuery);
  return [key, Array.from(key).length, key];
}

/** SQL relevance is "lower is better" (bm25); the API's _score is "higher is better", 3 decimals. */
const apiScore = (sqlScore: number) => Math.round(-sqlScore * 1000) / 1000;

export function toSummary(row: AppRow): AppSummary {
  const summary: AppSummary = {
    id: row.id,
    friendlyId: row.friendly_id,
    name: row.name,
    logo: row.logo,
    type: row.type,
    productType: row.product_type,
    companyName: row.company_name,
    tagline: row.tagline,
    isFeatured: row.is_featured === 1,
    status: row.status,
    submittedAt: row.submitted_at,
    ratingAverage: row.rating_avg === null ? null : Math.round(row.rating_avg * 10) / 10,
    ratingCount: row.rating_count,
    freshness: freshnessOf({ lastReleaseAt: row.last_release_at, deprecated: row.listing === LISTING.deprecated }, new Date()),
    publisherVerified: row.publisher_verified === 1,
  };
  if (typeof row.score === "number") summary._score = apiScore(row.score);
  return summary;
}

const placeholders = (n: number) => Array.from({ length: n }, () => "?").join(", ");

/**
 * A relation filter in one of two shapes. `list`: a correlated EXISTS, so a page walks the sort
 * index and stops after `limit` rows. `count`: `a.seq IN (subquery)`: the subquery's rows are read
 * first (all of them), then apps are probed (apps_status_seq, migration 0002). Counts stop at a
 * bound (issue 31), so they use `count` only for small relations (a category, a collection: a few
 * per cent of the apps, fewer rows than walking apps until 1,001 match) and EXISTS for the large
 * ones (product types, trust facts), whose walk stops after ~1,001 / share rows at any catalogue size.
 */
function relationFilter(purpose: "list" | "count", table: string, column: string, n: number): string {
  return purpose === "list"
    ? `EXISTS (SELECT 1 FROM ${table} r WHERE r.app_seq = a.seq AND r.${column} IN (${placeholders(n)}))`
    : `a.seq IN (SELECT app_seq FROM ${table} WHERE ${column} IN (${placeholders(n)}))`;
}

/** The listing condition: deprecated apps only when asked for, removed ones never. */
function listingCondition(query: TrustFilters): string {
  const deprecatedToo = query.includeDeprecated || query.freshness?.includes("deprecated");
  return deprecatedToo ? `a.listing IN (${LISTING.listed}, ${LISTING.deprecated})` : `a.listing = ${LISTING.listed}`;
}

/** Freshness as conditions on the latest release and deprecation (cutoffs from today). */
function freshnessCondition(freshness: readonly Freshness[], params: unknown[]): string {
  const cut = freshnessCutoffs(new Date());
  const parts = freshness.map((f) => {
    switch (f) {
      case "active":
        params.push(cut.active);
        return `(a.listing = ${LISTING.listed} AND a.last_release_at >= ?)`;
      case "maintained":
        params.push(cut.stale, cut.active);
        return `(a.listing = ${LISTING.listed} AND a.last_release_at >= ? AND a.last_release_at < ?)`;
      case "stale":
        params.push(cut.stale);
        return `(a.listing = ${LISTING.listed} AND a.last_release_at < ?)`;
      default:
        return `a.listing = ${LISTING.deprecated}`;
    }
  });
  return `(${parts.join(" OR ")})`;
}

/** The trust filters of list pages, search and the API (app/lib/list-filters.ts reads them from addresses). */
export type TrustFilters = Pick<AppQuery, "certifications" | "dataRegions" | "aiUses" | "freshness" | "includeDeprecated" | "verifiedPublisher" | "minRating">;

/**
 * The trust filters as conditions on `apps a`, for every list of apps: the catalogue's own queries
 * (below) and the lists content entries name (content.server.ts resolveAppKeys), so a filter means
 * the same SQL everywhere. The listing condition (deprecated apps only when asked) comes with them.
 */
export function trustConditions(filters: TrustFilters, purpose: "list" | "count" = "list"): { conditions: string[]; params: unknown[] } {
  const conditions: string[] = [listingCondition(filters)];
  const params: unknown[] = [];
  // Every certification named: one relation filter each (each an index probe).
  for (const certification of filters.certifications ?? []) {
    conditions.push(relationFilter(purpose, "app_certifications", "certification", 1));
    params.push(certification);
  }
  if (filters.dataRegions?.length) {
    conditions.push(relationFilter(purpose, "app_data_regions", "region", filters.dataRegions.length));
    params.push(...filters.dataRegions);
  }
  if (filters.aiUses?.length) {
    conditions.push(`a.ai_use IN (${placeholders(filters.aiUses.length)})`);
    params.push(...filters.aiUses);
  }
  if (filters.freshness?.length) conditions.push(freshnessCondition(filters.freshness, params));
  if (filters.verifiedPublisher) conditions.push("a.publisher_verified = 1");
  if (filters.minRating !== undefined) {
    conditions.push("a.rating_avg >= ?");
    params.push(filters.minRating);
  }
  return { conditions, params };
}

function whereClause(query: AppQuery, purpose: "list" | "count"): { joins: string; where: string; params: unknown[] } {
  const conditions: string[] = ["a.status = ?"];
  const params: unknown[] = [query.status ?? "published"];
  let joins = "";
  if (query.searchQuery !== undefined) {
    joins = TEXT_JOIN;
    conditions.push("apps_fts MATCH ?");
    params.push(matchOf(query));
  }
  if (query.appType) {
    conditions.push("a.type = ?");
    params.push(query.appType);
  }
  if (query.excludeTypes?.length) {
    conditions.push(`a.type NOT IN (${placeholders(query.excludeTypes.length)})`);
    params.push(...query.excludeTypes);
  }
  if (query.appIds) {
    conditions.push("a.id IN (SELECT value FROM json_each(?))");
    params.push(JSON.stringify(query.appIds));
  }
  if (query.isFeatured !== undefined) {
    conditions.push("a.is_featured = ?");
    params.push(query.isFeatured ? 1 : 0);
  }
  if (query.productTypes?.length) {
    conditions.push(relationFilter("list", "app_product_types", "product_type", query.productTypes.length));
    params.push(...query.productTypes);
  }
  if (query.categoryIds?.length) {
    conditions.push(relationFilter(purpose, "app_categories", "category_id", query.categoryIds.length));
    params.push(...query.categoryIds);
  }
  if (query.categoryApiId) {
    conditions.push(
      purpose === "list"
        ? "EXISTS (SELECT 1 FROM app_categories c JOIN categories k ON k.id = c.category_id WHERE c.app_seq = a.seq AND k.api_id = ?)"
        : "a.seq IN (SELECT c.app_seq FROM categories k JOIN app_categories c ON c.category_id = k.id WHERE k.api_id = ?)",
    );
    params.push(query.categoryApiId);
  }
  if (query.collection) {
    conditions.push(relationFilter(purpose, "collection_apps", "collection", 1));
    params.push(query.collection);
  }
  if (query.appContext) {
    conditions.push("EXISTS (SELECT 1 FROM json_each(a.app_contexts) j WHERE j.value = ?)");
    params.push(query.appContext);
  }
  const trust = trustConditions(query, "list");
  conditions.push(...trust.conditions);
  params.push(...trust.params);
  if (query.publisherSlug !== undefined) {
    conditions.push("a.publisher_slug = ?");
    params.push(query.publisherSlug);
  }
  return { joins, where: conditions.join(" AND "), params };
}

function orderClause(query: AppQuery): string {
  const dir = query.sort.order === "asc" ? "ASC" : "DESC";
  switch (query.sort.key) {
    case "name":
      return `a.name COLLATE NOCASE ${dir}, a.seq ${dir}`;
    case "score":
      // Relevance needs a text query; without one it falls back to newest first.
      return query.searchQuery !== undefined ? `score ASC, a.seq ASC` : "a.submitted_at DESC, a.seq DESC";
    case "date":
      return `a.submitted_at ${dir}, a.seq ${dir}`;
    case "rating":
      // Best rated first; among equal averages, the more reviewed; apps without ratings last (NULL
      // sorts lowest in SQLite). The order of the index apps_status_rating (migration 0013).
      return "a.rating_avg DESC, a.rating_count DESC, a.seq DESC";
  }
}

function listStatement(db: Db, query: AppQuery, page: { offset: number; limit: number }) {
  const { joins, where, params } = whereClause(query, "list");
  const order = orderClause(query);
  const text = query.searchQuery;
  if (text === undefined) {
    return db.prepare(`SELECT ${SUMMARY_COLUMNS} FROM apps a WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?`).bind(...params, page.limit, page.offset);
  }
  if (query.sort.key === "score") {
    // Relevance: ranked within a bound (./text-ranking.server.ts): every match when fewer than the
    // count's bound match, else each level's newest matches and the name matches.
    const filters = whereClause({ ...query, searchQuery: undefined }, "list");
    const ranking = boundedRanking({
      all: matchOf(query),
      tiers: query.textMatch?.tiers ?? [],
      weights: SEARCH_WEIGHTS,
      nameKey: nameKey(text),
      filters: { sql: filters.where, params: filters.params },
      window: countLimit(page.offset + page.limit),
      reach: page.offset + page.limit,
    });
    // Each row also carries how many the ranking holds (`total`): every match that passes the
    // filters while fewer than the window match, else at least the window. That is the bounded
    // count (countStatement) without a second walk of the same matches (docs/decisions/058).
    return db
      .prepare(
        `SELECT ${SUMMARY_COLUMNS}, r.score AS score, r.total AS total FROM (SELECT seq, score, count(*) OVER () AS total FROM (${ranking.sql}) ORDER BY score ASC, seq ASC LIMIT ? OFFSET ?) r ` +
          "JOIN apps a ON a.seq = r.seq ORDER BY r.score ASC, a.seq ASC",
      )
      .bind(...ranking.params, page.limit, page.offset);
  }
  // Other orders (name, date) page the matches on the covering index, then read just that page from the table.
  return db
    .prepare(
      `SELECT ${SUMMARY_COLUMNS}, r.score AS score FROM (
         SELECT a.seq AS seq, ${relevance} AS score FROM ${TEXT_FROM} ${joins} WHERE ${where} ORDER BY ${order} LIMIT ? OFFSET ?
       ) r JOIN apps a ON a.seq = r.seq ORDER BY ${order}`,
    )
    .bind(...relevanceParams(text), ...params, page.limit, page.offset);
}

const isEmptySearch = (query: AppQuery) => query.searchQuery !== undefined && matchOf(query) === "";

/**
 * Counts stop at a bound (issue 31, docs/decisions/042): a count reads at most COUNT_BOUND + 1
 * matching rows (or one more than the page asked for reaches, for deep pages), so its cost does not
 * grow with the catalogue. A count that reached its bound is a lower bound: the list says
 * "1,000+ apps", and "Load more" and paging still work (there are more than the page reaches).
 */
export const COUNT_BOUND = 1000;

/** The rows a count may read for a page reaching `reach` apps deep: enough to know whether more follow. */
export const countLimit = (reach: number): number => Math.max(COUNT_BOUND, reach) + 1;

type RememberedCount = { total: number; limit: number };

/** A remembered count answers a request reaching `reach` when it was exact or counted at least that far. */
function recallCount(catalogueVersion: string | undefined, memoKey: string, reach: number): RememberedCount | undefined {
  const known = recall<RememberedCount>(catalogueVersion, memoKey);
  return known && (known.total < known.limit || known.limit >= countLimit(reach)) ? known : undefined;
}

const pageOf = (items: AppSummary[], count: RememberedCount): AppPage =>
  count.total >= count.limit ? { items, total: count.total, totalCapped: true } : { items, total: count.total };

/**
 * One page of apps and the total that match a query. The total comes from the memo when this
 * catalogue version already counted the same filter; otherwise list and count go to D1 together in
 * one batch. The count stops at its bound (COUNT_BOUND).
 */
export async function listApps(db: Db, query: AppQuery, page: { offset: number; limit: number }, catalogueVersion?: string): Promise<AppPage> {
  if (isEmptySearch(query)) return { items: [], total: 0 };
  // The same page of the same list under the same catalogue version is the same answer.
  const pageKey = `page\u0000${JSON.stringify(query)}\u0000${page.offset}\u0000${page.limit}`;
  const answered = recallAnswer<AppPage>(catalogueVersion, pageKey);
  if (answered) return answered;
  const reach = page.offset + page.limit;
  const count = countStatement(query, reach);
  if (isRanked(query)) return rememberAnswer(catalogueVersion, pageKey, await rankedPage(db, query, page, count, catalogueVersion));
  const known = recallCount(catalogueVersion, count.memoKey, reach);
  if (known !== undefined) {
    const rows = await listStatement(db, query, page).all<AppRow>();
    return rememberAnswer(catalogueVersion, pageKey, pageOf(rows.results.map(toSummary), known));
  }
  const [rows, counted] = await db.batch([listStatement(db, query, page), db.prepare(count.sql).bind(...count.params)]);
  const items = (rows!.results as AppRow[]).map(toSummary);
  const total = (counted!.results[0] as { total: number } | undefined)?.total ?? 0;
  return rememberAnswer(catalogueVersion, pageKey, pageOf(items, remember(catalogueVersion, count.memoKey, { total, limit: count.limit })));
}

/** Relevance order for a text: the ranking (./text-ranking.server.ts) that also tells the count. */
const isRanked = (query: AppQuery) => query.searchQuery !== undefined && query.sort.key === "score";

/**
 * A page of a ranked text search: its rows carry the ranking's size, which is the count to the
 * bound (listStatement), so one statement walks the matches instead of two. A page past the last
 * has no row to carry it: only then is the count asked for.
 */
async function rankedPage(db: Db, query: AppQuery, page: { offset: number; limit: number }, count: ReturnType<typeof countStatement>, catalogueVersion?: string): Promise<AppPage> {
  const rows = (await listStatement(db, query, page).all<AppRow & { total: number }>()).results;
  const pastTheLast = async () => {
    const known = recallCount(catalogueVersion, count.memoKey, page.offset + page.limit);
    if (known) return known.total;
    if (page.offset === 0) return 0;
    const row = await db
      .prepare(count.sql)
      .bind(...count.params)
      .first<{ total: number }>();
    return row?.total ?? 0;
  };
  const counted = rows[0]?.total ?? (await pastTheLast());
  return pageOf(rows.map(toSummary), remember(catalogueVersion, count.memoKey, { total: Math.min(counted, count.limit), limit: count.limit }));
}

/**
 * The count of a query, to a bound: at most `countLimit(reach)` matching rows, large relations as
 * correlated EXISTS (the walk stops at the limit instead of first reading every row of the
 * relation), small ones as IN (see relationFilter). docs/decisions/042 and 046 have the plans.
 * Exported for the tests and the bench (rows read, plans); the app counts with countApps and listApps.
 */
export function countStatement(query: AppQuery, reach: number): { sql: string; params: unknown[]; limit: number; memoKey: string } {
  const limit = countLimit(reach);
  // A count whose query names a relation that holds a minority of the apps (a category, a
  // collection, a certification, data regions) walks that relation's own rows (its primary key)
  // and probes each app (CROSS JOIN keeps that order), instead of walking apps until 1,001 match:
  // when fewer than 1,001 match (a rare combination), nothing stops the walk before its end, and
  // the relation's rows are far fewer than the apps. DISTINCT when several values are named: an
  // app may hold several of them.
  const driver = query.searchQuery === undefined ? relationDriver(query) : null;
  if (driver) {
    const rest = whereClause(driver.rest, "count");
    const distinct = driver.values.length > 1 ? "DISTINCT " : "";
    const sql =
      `SELECT count(*) AS total FROM (SELECT ${distinct}d.app_seq FROM ${driver.table} d CROSS JOIN apps a ON a.seq = d.app_seq ` +
      `WHERE d.${driver.column} IN (${placeholders(driver.values.length)}) AND ${rest.where} LIMIT ?)`;
    const params = [...driver.values, ...rest.params];
    return { sql, params: [...params, limit], limit, memoKey: `total\u0000${sql}\u0000${JSON.stringify(params)}` };
  }
  const counted = whereClause(query, "count");
  const from = query.searchQuery !== undefined ? TEXT_FROM : "apps a";
  const sql = `SELECT count(*) AS total FROM (SELECT 1 FROM ${from} ${counted.joins} WHERE ${counted.where} LIMIT ?)`;
  return { sql, params: [...counted.params, limit], limit, memoKey: `total\u0000${sql}\u0000${JSON.stringify(counted.params)}` };
}

/**
 * The relation a count starts from, and the query without it: the one likely to hold the fewest
 * apps. A category or a collection (a few per cent of the apps each), else the first certification
 * named (each is held by a minority: the facts are declared by publishers, and many declare none),
 * else the data regions. Product types (a third of the apps or more) and the apps' own columns
 * never drive: walking apps finds 1,001 of them quickly. The choice only changes what is read,
 * never the total.
 */
function relationDriver(query: AppQuery): { table: string; column: string; values: readonly string[]; rest: AppQuery } | null {
  if (query.categoryIds?.length) return { table: "app_categories", column: "category_id", values: query.categoryIds, rest: { ...query, categoryIds: undefined } };
  if (query.collection) return { table: "collection_apps", column: "collection", values: [query.collection], rest: { ...query, collection: undefined } };
  const [certification, ...otherCertifications] = query.certifications ?? [];
  if (certification !== undefined) {
    return { table: "app_certifications", column: "certification", values: [certification], rest: { ...query, certifications: otherCertifications } };
  }
  if (query.dataRegions?.length) return { table: "app_data_regions", column: "region", values: query.dataRegions, rest: { ...query, dataRegions: undefined } };
  return null;
}

/**
 * How many apps match a query, without listing any, to a bound: at most `countLimit(reach)` (a
 * result equal to it means "at least that many"). From the memo when this catalogue version has
 * counted the same filter as far (listApps remembers every total it reads), else one count. List
 * routes ask this before a deep page (`reach` = its offset + 1), so a page past the last is refused
 * without its OFFSET query (which walks every row before the offset).
 */
export async function countApps(db: Db, query: AppQuery, catalogueVersion?: string, reach = 0): Promise<number> {
  if (isEmptySearch(query)) return 0;
  const count = countStatement(query, reach);
  const known = recallCount(catalogueVersion, count.memoKey, reach);
  if (known !== undefined) return known.total;
  const row = await db
    .prepare(count.sql)
    .bind(...count.params)
    .first<{ total: number }>();
  return remember(catalogueVersion, count.memoKey, { total: row?.total ?? 0, limit: count.limit }).total;
}

/** One page of apps without the total (home rows, featured apps): one statement, no count. */
export async function listAppItems(db: Db, query: AppQuery, page: { offset: number; limit: number }): Promise<AppSummary[]> {
  if (isEmptySearch(query)) return [];
  return (await listStatement(db, query, page).all<AppRow>()).results.map(toSummary);
}

export const SUGGESTIONS_MAX = 5;
/**
 * The typeahead ranks every match while fewer than this many match, else each level's newest this
 * many and the names that start with the text (./text-ranking.server.ts): it shows 5.
 */
export const SUGGEST_WINDOW = 256;
/** The columns the typeahead matches (FTS5 column filter): names and companies, never descriptions. */
const SUGGEST_COLUMNS = "{name company_name}";
/** Typed text shorter than this (in characters of its name key) is matched as a name prefix only. */
const SHORT_PREFIX = 3;

export type Suggestion = Pick<AppSummary, "id" | "friendlyId" | "name" | "logo" | "companyName" | "type"> & {
  _score: number;
};

/**
 * Three letters and more: ranked over names and companies (bm25 weights 10 and 4), bounded, on the
 * covering index; the table is read for the 6 rows shown only. The stricter levels are tested where
 * the match is (name and company), like the match itself: a description's word neither ranks an
 * app up nor costs a read of every app that has it there.
 */
function suggestStatement(db: Db, columns: string, fts: string, key: string, tiers: readonly string[], filters: Fragment) {
  const ranking = boundedRanking({
    all: `${SUGGEST_COLUMNS} : (${fts})`,
    tiers: tiers.map((tier) => `${SUGGEST_COLUMNS} : (${tier})`),
    weights: SUGGEST_WEIGHTS,
    nameKey: key,
    filters,
    window: SUGGEST_WINDOW,
    reach: SUGGESTIONS_MAX + 1,
  });
  return db
    .prepare(`SELECT ${columns}, r.score AS score FROM (${ranking.sql} ORDER BY score ASC, seq ASC LIMIT ?) r JOIN apps a ON a.seq = r.seq ORDER BY r.score ASC, a.seq ASC`)
    .bind(...ranking.params, SUGGESTIONS_MAX + 1);
}

type SuggestionRow = Pick<AppRow, "id" | "friendly_id" | "name" | "logo" | "company_name" | "type"> & { score: number };

/**
 * Typeahead (spec §5, §9): at most 5 published apps whose name or company matches the typed text
 * (its last word as a prefix), best first, and whether there are more. One or two letters match
 * the start of the name only (A-Z), which is what such a short text can mean usefully. A lean query of its own:
 * only the name and company columns are matched (a description word is no reason to suggest an
 * app by name), only the six columns a row shows are read, and it asks for 6 rows instead of
 * counting, because the box only needs to know whether the total exceeds 5.
 */
export async function suggestApps(db: Db, text: string, excludeTypes: readonly AppType[], match?: TextMatch): Promise<{ items: Suggestion[]; more: boolean }> {
  const fts = match?.expression ?? toFtsQuery(text);
  if (fts === "") return { items: [], more: false };
  const key = nameKey(text);
  const notIn = excludeTypes.length ? ` AND a.type NOT IN (${placeholders(excludeTypes.length)})` : "";
  const columns = "a.id, a.friendly_id, a.name, a.logo, a.company_name, a.type";
  const statement =
    Array.from(key).length < SHORT_PREFIX
      ? // One or two letters: names that start with them, A-Z, straight from apps_status_name_key.
        // Ranking every word of the catalogue that starts with "p" costs ~65 ms at 50,000 apps.
        db
          .prepare(
            `SELECT ${columns}, CASE WHEN a.name_key = ? THEN -20000 ELSE -10000 END AS score FROM apps a
             WHERE a.status = 'published' AND a.listing = ${LISTING.listed} AND a.name_key >= ? AND a.name_key < ?${notIn}
             ORDER BY a.name_key, a.seq LIMIT ?`,
          )
          .bind(key, key, `${key}${String.fromCodePoint(0x10ffff)}`, ...excludeTypes, SUGGESTIONS_MAX + 1)
      : suggestStatement(db, columns, fts, key, match?.tiers ?? [], { sql: `a.status = 'published' AND a.listing = ${LISTING.listed}${notIn}`, params: [...excludeTypes] });
  const { results } = await statement.all<SuggestionRow>();
  return {
    items: results.slice(0, SUGGESTIONS_MAX).map((r) => ({
      id: r.id,
      friendlyId: r.friendly_id,
      name: r.name,
      logo: r.logo,
      companyName: r.company_name,
      type: r.type,
      _score: apiScore(r.score),
    })),
    more: results.length > SUGGESTIONS_MAX,
  };
}

/**
 * The FTS index's vocabulary: every term, the column it is in and how many apps hold it there.
 * Search builds its typo and word-form vocabulary from it once per catalogue version
 * (app/features/search/vocabulary.server.ts). Read from the table the import and approvals write
 * (migration 0030: ~1,300 rows); only when that is empty (a catalogue written by other means, or
 * none) from the index itself (fts5vocab, migration 0022), which walks the whole index.
 */
export async function listSearchTerms(db: Db): Promise<{ term: string; col: string; doc: number }[]> {
  const { results } = await db.prepare("SELECT term, col, doc FROM search_vocabulary").all<{ term: string; col: string; doc: number }>();
  if (results.length > 0) return results;
  return (await db.prepare("SELECT term, col, doc FROM apps_fts_terms").all<{ term: string; col: string; doc: number }>()).results;
}

type CategoryRow = { id: string; api_id: string; slug: string; name: string; category_type: Category["categoryType"] };
const toCategory = (r: CategoryRow): Category => ({
  id: r.id,
  apiId: r.api_id,
  slug: r.slug,
  name: r.name,
  categoryType: r.category_type,
});

/**
 * Every category, by name. Every page needs them (side nav, header drawer), and they change only
 * with the catalogue, so with a catalogue version they are kept per isolate under that version.
 */
export async function listCategories(db: Db, catalogueVersion?: string): Promise<Category[]> {
  const known = recall<Category[]>(catalogueVersion, "categories");
  if (known) return known;
  const { results } = await db.prepare("SELECT id, api_id, slug, name, category_type FROM categories ORDER BY name COLLATE NOCASE, id").all<CategoryRow>();
  return remember(catalogueVersion, "categories", results.map(toCategory));
}

/** Categories with this slug (one per product type that has it), optionally of one type. */
export async function findCategoriesBySlug(db: Db, slug: string, categoryType?: Category["categoryType"]): Promise<Category[]> {
  const sql = categoryType
    ? "SELECT id, api_id, slug, name, category_type FROM categories WHERE slug = ? AND category_type = ?"
    : "SELECT id, api_id, slug, name, category_type FROM categories WHERE slug = ?";
  const stmt = categoryType ? db.prepare(sql).bind(slug, categoryType) : db.prepare(sql).bind(slug);
  return (await stmt.all<CategoryRow>()).results.map(toCategory);
}

export async function findCategoriesByApiId(db: Db, apiId: string): Promise<Category[]> {
  const { results } = await db.prepare("SELECT id, api_id, slug, name, category_type FROM categories WHERE api_id = ?").bind(apiId).all<CategoryRow>();
  return results.map(toCategory);
}

type DetailRow = AppRow & {
  client_id: string | null;
  connect_url: string | null;
  description: string;
  screenshots: string;
  video_url: string | null;
  website_url: string | null;
  support_url: string | null;
  privacy_url: string | null;
  terms_url: string | null;
  requires_admin: number;
  bot_email: string | null;
  updated_at: string;
  app_contexts: string;
  seq: number;
  publisher_slug: string;
  permissions: string;
  security: string;
  replacement_key: string | null;
};

type PublisherRow = {
  slug: string;
  name: string;
  domain: string | null;
  verified_at: string | null;
  about: string | null;
  website_url: string | null;
  support_url: string | null;
  privacy_url: string | null;
  security_contact: string | null;
  location: string | null;
};
const PUBLISHER_COLUMNS = "slug, name, domain, verified_at, about, website_url, support_url, privacy_url, security_contact, location";
const toPublisher = (r: PublisherRow): Publisher => ({
  slug: r.slug,
  name: r.name,
  domain: r.domain,
  verifiedAt: r.verified_at,
  about: r.about,
  websiteUrl: r.website_url,
  supportUrl: r.support_url,
  privacyUrl: r.privacy_url,
  securityContact: r.security_contact,
  location: r.location,
});

/** Spec §2.1: {appId} matches an app's friendlyId, else its id. An app a moderator removed is not found. */
export async function getAppDetail(db: Db, appId: string): Promise<AppDetail | null> {
  const row = await db
    .prepare(
      `SELECT a.*, a.seq FROM apps a WHERE a.friendly_id = ?1
       UNION ALL SELECT a.*, a.seq FROM apps a WHERE a.id = ?1 AND NOT EXISTS (SELECT 1 FROM apps WHERE friendly_id = ?1)
       LIMIT 1`,
    )
    .bind(appId)
    .first<DetailRow>();
  if (!row || row.listing === LISTING.removed) return null;
  const [categories, productTypes, versions, publisher, replacement] = await db.batch([
    db
      .prepare(
        `SELECT k.id, k.api_id, k.slug, k.name, k.category_type FROM app_categories c
         JOIN categories k ON k.id = c.category_id WHERE c.app_seq = ? ORDER BY k.name COLLATE NOCASE`,
      )
      .bind(row.seq),
    db.prepare("SELECT product_type FROM app_product_types WHERE app_seq = ? ORDER BY product_type").bind(row.seq),
    db.prepare("SELECT version, released_at, notes FROM app_versions WHERE app_seq = ? ORDER BY released_at DESC, version DESC").bind(row.seq),
    db.prepare(`SELECT ${PUBLISHER_COLUMNS} FROM publishers WHERE slug = ?`).bind(row.publisher_slug),
    // The replacement, by its key, when it is listed.
    db
      .prepare(`SELECT coalesce(friendly_id, id) AS key, name FROM apps WHERE (friendly_id = ?1 OR id = ?1) AND listing = ${LISTING.listed} AND status = 'published' LIMIT 1`)
      .bind(row.replacement_key ?? ""),
  ]);
  const publisherRow = publisher!.results[0] as PublisherRow | undefined;
  return {
    ...toSummary(row),
    clientId: row.client_id,
    connectUrl: row.connect_url,
    description: row.description,
    screenshots: JSON.parse(row.screenshots) as string[],
    videoUrl: row.video_url,
    websiteUrl: row.website_url,
    supportUrl: row.support_url,
    privacyUrl: row.privacy_url,
    termsUrl: row.terms_url,
    requiresAdmin: row.requires_admin === 1,
    botEmail: row.bot_email,
    updatedAt: row.updated_at,
    appContexts: JSON.parse(row.app_contexts) as AppDetail["appContexts"],
    productTypes: (productTypes!.results as { product_type: ProductType }[]).map((r) => r.product_type),
    categories: (categories!.results as CategoryRow[]).map(toCategory),
    publisher: publisherRow
      ? { slug: publisherRow.slug, name: publisherRow.name, domain: publisherRow.domain, verifiedAt: publisherRow.verified_at }
      : { slug: row.publisher_slug, name: row.company_name, domain: null, verifiedAt: null },
    permissions: JSON.parse(row.permissions) as PermissionKey[],
    // Older rows (before migration 0013) hold '{}': every fact not provided.
    security: { ...NO_SECURITY_FACTS, ...(JSON.parse(row.security) as Partial<SecurityFacts>) },
    versions: (versions!.results as { version: string; released_at: string; notes: string }[]).map((v) => ({ version: v.version, releasedAt: v.released_at, notes: v.notes })),
    lastReleaseAt: row.last_release_at || row.submitted_at,
    replacement: (replacement!.results[0] as { key: string; name: string } | undefined) ?? null,
  };
}

/** Every publisher's slug and name, by name (the hub admins' token page). */
export async function listPublishers(db: Db): Promise<{ slug: string; name: string }[]> {
  const { results } = await db.prepare("SELECT slug, name FROM publishers ORDER BY name COLLATE NOCASE, slug").all<{ slug: string; name: string }>();
  return results;
}

/** A publisher by slug, or null. */
export async function getPublisher(db: Db, slug: string): Promise<Publisher | null> {
  const row = await db.prepare(`SELECT ${PUBLISHER_COLUMNS} FROM publishers WHERE slug = ?`).bind(slug).first<PublisherRow>();
  return row ? toPublisher(row) : null;
}

/** Every app page and its last change, for the sitemap (without app types hidden by config). */
export async function listAppUrls(db: Db, excludeTypes: readonly AppType[] = []): Promise<{ key: string; updatedAt: string }[]> {
  const hidden = excludeTypes.length ? ` AND type NOT IN (${placeholders(excludeTypes.length)})` : "";
  const { results } = await db
    .prepare(`SELECT coalesce(friendly_id, id) AS key, updated_at FROM apps WHERE status = 'published' AND listing < ${LISTING.removed}${hidden} ORDER BY seq`)
    .bind(...excludeTypes)
    .all<{ key: string; updated_at: string }>();
  return results.map((r) => ({ key: r.key, updatedAt: r.updated_at }));
}

/** Catalogue apps by OAuth client id (My Integrations matches platform authorizations with these). */
export async function findAppsByClientIds(db: Db, clientIds: readonly string[]): Promise<Map<string, AppSummary>> {
  const unique = [...new Set(clientIds)];
  const out = new Map<string, AppSummary>();
  // D1 binds at most 100 parameters per statement.
  for (let i = 0; i < unique.length; i += 100) {
    const chunk = unique.slice(i, i + 100);
    const { results } = await db
      .prepare(`SELECT ${SUMMARY_COLUMNS}, a.client_id FROM apps a WHERE a.client_id IN (${chunk.map(() => "?").join(",")})`)
      .bind(...chunk)
      .all<AppRow & { client_id: string }>();
    for (const row of results) out.set(row.client_id, toSummary(row));
  }
  return out;
}

/** An app that holds an OAuth client id or a bot address (each names one app; migration 0020). */
export type IdentityHolder = { id: string; name: string; publisherSlug: string; clientId: string | null; botEmail: string | null };

/**
 * Apps in any state (hidden types, coming soon, removed by a moderator included: the unique index
 * counts them all) that hold this client id or bot address (in any case).
 */
export async function findIdentityHolders(db: Db, identity: { clientId: string | null; botEmail: string | null }): Promise<IdentityHolder[]> {
  if (identity.clientId === null && identity.botEmail === null) return [];
  const { results } = await db
    .prepare("SELECT id, name, publisher_slug, client_id, bot_email FROM apps WHERE client_id = ?1 OR bot_email = ?2 COLLATE NOCASE")
    .bind(identity.clientId, identity.botEmail)
    .all<{ id: string; name: string; publisher_slug: string; client_id: string | null; bot_email: string | null }>();
  return results.map((r) => ({ id: r.id, name: r.name, publisherSlug: r.publisher_slug, clientId: r.client_id, botEmail: r.bot_email }));
}

/** A published bot by its app key (friendlyId or id) or by its bot e-mail, for adding it to spaces. */
export async function findBot(db: Db, by: { appId?: string; botEmail?: string }): Promise<{ id: string; name: string; botEmail: string } | null> {
  const row = by.appId
    ? await db
        .prepare(
          `SELECT id, name, bot_email FROM apps WHERE (friendly_id = ?1 OR id = ?1) AND type = 'bot' AND bot_email IS NOT NULL AND status = 'published' AND listing < ${LISTING.removed} LIMIT 1`,
        )
        .bind(by.appId)
        .first<{ id: string; name: string; bot_email: string }>()
    : by.botEmail
      ? await db
          .prepare(`SELECT id, name, bot_email FROM apps WHERE bot_email = ?1 COLLATE NOCASE AND type = 'bot' AND status = 'published' AND listing < ${LISTING.removed} LIMIT 1`)
          .bind(by.botEmail)
          .first<{ id: string; name: string; bot_email: string }>()
      : null;
  return row ? { id: row.id, name: row.name, botEmail: row.bot_email } : null;
}
