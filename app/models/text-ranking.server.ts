// The text ranking's SQL, bounded (issue 31 item 2, docs/decisions/049). Relevance is (match level,
// name tier, bm25, seq): bm25 needs every match's statistics and FTS5 has no top-k pruning, so a
// ranking of every match reads rows in proportion to the matches ("poll": 13,460 rows at 50,000
// apps, 273,830 at 1,000,000). This statement reads a bounded number whatever the catalogue's size:
//
// - Fewer than `window` apps match (the filters included): every match is ranked exactly as before
//   (the "full" part). That is what the relevance set and nearly every specific search see.
// - More (a common word: the count says "1,000+"): each match level ranks its newest `window`
//   matches (FTS5 walks a doclist newest first and stops; `rowid >= bound` is pushed into FTS5),
//   and the apps whose name is or starts with the text are added from the name index (up to the
//   page's reach), so an exact name is never lost behind a common word. Levels still come first
//   (an app is listed at the strictest level it matches: level k's window is never older than a
//   stricter level's, because each level's expression holds the stricter ones), then the name
//   tiers, then where in the app the level's words are (the columns' weights), then the shorter
//   name; name apps found outside the windows follow the windowed ones of their level and tier.
//   No bm25 there: its idf reads the whole doclist of every phrase, so its cost grew with the
//   catalogue even when the window did not (docs/decisions/058).
//
// Which part runs is decided inside the one statement: the walk that finds the broadest level's
// window bound returns NULL when fewer than `window` apps match, and each part's rowid bound is
// then chosen so the other part's FTS5 scans read nothing (a bound past every rowid).
// Everything is plain SQL text with its parameters in order; the callers add the columns they show.

/** A SQL fragment with its parameters, in the order they appear. */
export type Fragment = { sql: string; params: unknown[] };

/** Lower is better, as bm25: each level below the first adds this (more than the name tiers' 20,000). */
export const TIER_STEP = 40000;

/** Past every rowid: a part that must not run scans FTS5 from here, which reads nothing. */
const NO_ROWS = "9223372036854775807";

/** The FTS5 table's columns, in their order (migration 0001): bm25() takes its weights in this order. */
export const FTS_COLUMNS = ["name", "company_name", "tagline", "description", "category_names"] as const;
export type FtsColumn = (typeof FTS_COLUMNS)[number];
/** How much a match in each column counts (0: not at all). */
export type ColumnWeights = Readonly<Record<FtsColumn, number>>;

/** Search: a name counts most, then the company, the tagline, the category names, the description. */
export const SEARCH_WEIGHTS: ColumnWeights = { name: 10, company_name: 4, tagline: 2, description: 1, category_names: 1.5 };
/** The typeahead matches names and companies only. */
export const SUGGEST_WEIGHTS: ColumnWeights = { name: 10, company_name: 4, tagline: 0, description: 0, category_names: 0 };

/** bm25() with these column weights. */
export const bm25Of = (weights: ColumnWeights) => `bm25(apps_fts, ${FTS_COLUMNS.map((c) => weights[c].toFixed(1)).join(", ")})`;

/**
 * Above the window a level ranks its matches by where its words are: the sum of the weights of the
 * columns that hold the whole expression, one FTS5 cursor per column over the window's rowids only.
 * Descriptions get no cursor: every match is somewhere, most are in a description, and its weight
 * is the lowest, so "only in the description" is the 0 every other column adds to.
 */
const PRESENCE_BASELINE: FtsColumn = "description";
/** Names longer than this rank as this long: the tie-break's share stays below the smallest weight step (0.5). */
const NAME_LENGTH_CAP = 400;
/** A name app found outside the windows: after every windowed app of its level and tier (their tie-break is at most 0.4). */
const AFTER_THE_WINDOWS = 0.5;

export type RankingInput = {
  /** The FTS5 expression every result matches (with its column filter, if any). */
  all: string;
  /** Stricter expressions, best first; each one's matches are a subset of the next one's and of `all`. */
  tiers: readonly string[];
  /** The weight of a match in each column: bm25's below the window, the columns' presence above it. */
  weights: ColumnWeights;
  /** The typed text's name key (app/lib/name-key.ts): the name tiers compare apps.name_key with it. */
  nameKey: string;
  /** Conditions on `apps a` besides the text (status, listing, types, filters), with their parameters. */
  filters: Fragment;
  /** Matches per level that are ranked once more than this many match (and the count says so). */
  window: number;
  /** How deep the page reaches (offset + limit): name apps outside the windows are taken up to it. */
  reach: number;
};

const TEXT_FROM = "apps a INDEXED BY apps_search JOIN apps_fts ON apps_fts.rowid = a.seq";

/** The name tiers: the whole name is the text (20,000), it starts with the text (10,000). Binds the key, its length, the key. */
function nameTier(key: string): Fragment {
  return { sql: "CASE WHEN a.name_key = ? THEN 20000 WHEN substr(a.name_key, 1, ?) = ? THEN 10000 ELSE 0 END", params: [key, Array.from(key).length, key] };
}

/**
 * The ranked matches as (seq, score) rows, best first, not yet paged: the caller adds ORDER BY
 * score, seq with its LIMIT and OFFSET (or GROUP BY seq with min(score) first: an app may come from
 * several parts).
 */
export function boundedRanking(input: RankingInput): Fragment {
  const { all, tiers, weights, nameKey, filters, window } = input;
  const bm25 = bm25Of(weights);
  // A stricter level is its own expression, not `(tier) AND (all)`: a tier's matches are a subset of
  // `all`'s by construction (RankingInput.tiers; query-plan: each word's exact ⊂ forms ⊂ fixed), and
  // bm25 counts every match of every phrase it is given (its idf) each time a cursor ranks: with
  // `all` in each level, the commonest phrases were counted once per level (docs/decisions/054).
  const levels = [...tiers, all];
  const broadest = levels.length - 1;
  // The rowid of each level's window-th newest match that passes the filters (NULL: fewer match).
  // The broadest level's first: when it is NULL, fewer than `window` apps match at all, the full
  // ranking runs, and the stricter levels' walks are skipped (CASE evaluates its subquery lazily).
  const walk = (k: number): Fragment => ({
    sql: `(SELECT f.rowid FROM apps_fts f JOIN apps a INDEXED BY apps_search ON a.seq = f.rowid WHERE f.apps_fts MATCH ? AND ${filters.sql} ORDER BY f.rowid DESC LIMIT 1 OFFSET ?)`,
    params: [levels[k], ...filters.params, window - 1],
  });
  const stricter = levels.slice(0, -1).map((_, k) => walk(k));
  const broadestWalk = walk(broadest);
  const cte: Fragment = {
    sql:
      `WITH w0 AS MATERIALIZED (SELECT ${broadestWalk.sql} AS l${broadest}), ` +
      `w AS MATERIALIZED (SELECT ${[...stricter.map((x, k) => `CASE WHEN l${broadest} IS NULL THEN NULL ELSE ${x.sql} END AS l${k}`), `l${broadest}`].join(", ")} FROM w0) `,
    params: [...broadestWalk.params, ...stricter.flatMap((x) => x.params)],
  };
  const capped = `(SELECT l${broadest} FROM w) IS NOT NULL`;
  const bound = (k: number) => `(SELECT CASE WHEN ${capped} THEN coalesce(l${k}, 0) ELSE ${NO_ROWS} END FROM w)`;
  const fullBound = `(SELECT CASE WHEN ${capped} THEN ${NO_ROWS} ELSE 0 END FROM w)`;
  const tier = nameTier(nameKey);
  const parts: Fragment[] = [];
  // The full ranking (fewer than `window` match): as before, bm25 of `all`, levels by membership.
  const whens = tiers.map((_, i) => `WHEN a.seq IN (SELECT rowid FROM apps_fts WHERE apps_fts MATCH ? AND rowid >= ${fullBound}) THEN ${i * TIER_STEP}`);
  parts.push({
    sql:
      `SELECT a.seq AS seq, (${bm25} - ${tier.sql} + ${tiers.length ? `CASE ${whens.join(" ")} ELSE ${tiers.length * TIER_STEP} END` : "0"}) AS score ` +
      `FROM ${TEXT_FROM} WHERE apps_fts MATCH ? AND apps_fts.rowid >= ${fullBound} AND ${filters.sql}`,
    params: [...tier.params, ...tiers, all, ...filters.params],
  });
  // Each level's window (more than `window` match), ranked by where its words are: each weighted
  // column's matches of the level in the window's rowid range (FTS5 reads that range only, newest
  // first, as the window's own scan does), then the shorter name (its key: the covering index has it).
  const presence = FTS_COLUMNS.filter((c) => c !== PRESENCE_BASELINE && weights[c] > 0);
  levels.forEach((expression, k) => {
    const columns = presence.map((c) => `${weights[c].toFixed(1)} * (a.seq IN (SELECT rowid FROM apps_fts WHERE apps_fts MATCH ? AND rowid >= ${bound(k)}))`);
    const columnScore = columns.length ? `- (${columns.join(" + ")})` : "";
    parts.push({
      sql:
        `SELECT a.seq AS seq, (${k * TIER_STEP} ${columnScore} + min(length(a.name_key), ${NAME_LENGTH_CAP}) / 1000.0 - ${tier.sql}) AS score ` +
        `FROM ${TEXT_FROM} WHERE apps_fts MATCH ? AND apps_fts.rowid >= ${bound(k)} AND ${filters.sql}`,
      // A column filter on an expression that has its own keeps the columns both name (FTS5 intersects them).
      params: [...presence.map((c) => `{${c}} : (${expression})`), ...tier.params, expression, ...filters.params],
    });
  });
  // Names that are or start with the text, outside the windows: from the name index, in name order,
  // up to the page's reach, each at the strictest level it matches (one FTS5 probe of its rowid per level).
  if (nameKey !== "") {
    const probe = "EXISTS (SELECT 1 FROM apps_fts f WHERE f.apps_fts MATCH ? AND f.rowid = a.seq)";
    const levelOf =
      levels.length > 1
        ? `CASE ${levels
            .slice(0, -1)
            .map((_, k) => `WHEN ${probe} THEN ${k * TIER_STEP}`)
            .join(" ")} ELSE ${broadest * TIER_STEP} END`
        : "0";
    parts.push({
      sql:
        `SELECT seq, score FROM (SELECT a.seq AS seq, (${levelOf} + ${AFTER_THE_WINDOWS} - ${tier.sql}) AS score FROM apps a INDEXED BY apps_status_name_key ` +
        // Not capped: the range is empty (its end is its start), so nothing is read.
        `WHERE a.name_key >= ? AND a.name_key < (SELECT CASE WHEN ${capped} THEN ? ELSE ? END FROM w) AND ${filters.sql} AND ${probe} ` +
        "ORDER BY a.name_key, a.seq LIMIT ?)",
      params: [...levels.slice(0, -1), ...tier.params, nameKey, `${nameKey}${String.fromCodePoint(0x10ffff)}`, nameKey, ...filters.params, all, input.reach],
    });
  }
  return {
    sql: `${cte.sql}SELECT seq, min(score) AS score FROM (${parts.map((p) => p.sql).join(" UNION ALL ")}) GROUP BY seq`,
    params: [...cte.params, ...parts.flatMap((p) => p.params)],
  };
}
