// D1 alone: the SQL the list loaders run (mirrors app/models/catalogue.server.ts listApps, countApps,
// suggestApps, listCategories), timed through the D1 binding inside workerd by the helper Worker,
// with D1's rows_read and (unless --no-explain) EXPLAIN QUERY PLAN. Runs whenever the catalogue
// Worker does.
import { toFtsQuery } from "../../app/lib/fts-query.ts";
import { nameKey } from "../../app/lib/name-key.ts";
import { planSearch } from "../../app/features/search/query-plan.server.ts";
import { buildVocabulary, type TermRow, type Vocabulary } from "../../app/features/search/vocabulary.server.ts";
import { boundedRanking, SEARCH_WEIGHTS, SUGGEST_WEIGHTS } from "../../app/models/text-ranking.server.ts";
import { fmt, table } from "../../scripts/harness/report.ts";
import { mean, median } from "../../scripts/harness/stats.ts";
import type { CatalogueContext, Outcome, Scenario } from "../scenario.ts";

type Query = { name: string; sql: string; params: unknown[] };

const SUMMARY =
  "a.id, a.friendly_id, a.name, a.logo, a.type, a.product_type, a.company_name, a.tagline, a.is_featured, a.status, a.submitted_at, a.rating_avg, a.rating_count, a.last_release_at, a.listing, a.publisher_verified";
const BY_DATE = "ORDER BY a.submitted_at DESC, a.seq DESC";
const inList = (n: number) => Array.from({ length: n }, () => "?").join(", ");

/** The queries, built for this catalogue (the median category's ids). */
export type DetailFixture = { key: string; seq: number; id: string; publisherSlug: string };

export function d1Queries(categoryIds: readonly string[], categorySlug: string, detail?: DetailFixture, vocabulary?: Vocabulary): Query[] {
  // Mirrors listApps: relation filters are EXISTS in the list query (walks the date index, stops
  // after a page) and `seq IN (…)` in the count (reads only the relation rows; migration 0002).
  // Issue 31: counts stop at a bound (COUNT_BOUND + 1 = 1,001 rows, or one past a deep page:
  // "1,000+ apps"), large relations as the list's EXISTS, a category as IN (countStatement). Each
  // list shows the count it had before ("count, every row": relations as IN) and the one it has now.
  const listQuery = (
    name: string,
    where: string,
    params: unknown[],
    order: string,
    limit: number,
    offset: number,
    joins = "",
    score = "",
    countWhere = where,
    boundedWhere = where,
  ): Query[] => [
    { name: `${name}: list`, sql: `SELECT ${SUMMARY}${score} FROM apps a ${joins} WHERE ${where} ${order} LIMIT ? OFFSET ?`, params: [...params, limit, offset] },
    { name: `${name}: count, every row (before)`, sql: `SELECT count(*) AS total FROM apps a ${joins} WHERE ${countWhere}`, params },
    {
      name: `${name}: count to ${Math.max(1000, offset + limit) + 1} (now)`,
      sql: `SELECT count(*) AS total FROM (SELECT 1 FROM apps a ${joins} WHERE ${boundedWhere} LIMIT ?)`,
      params: [...params, Math.max(1000, offset + limit) + 1],
    },
  ];
  const PT = "EXISTS (SELECT 1 FROM app_product_types p WHERE p.app_seq = a.seq AND p.product_type IN (?))";
  const PT_IN = "a.seq IN (SELECT app_seq FROM app_product_types WHERE product_type IN (?))";
  const CAT = `EXISTS (SELECT 1 FROM app_categories c WHERE c.app_seq = a.seq AND c.category_id IN (${inList(categoryIds.length)}))`;
  const CAT_IN = `a.seq IN (SELECT app_seq FROM app_categories WHERE category_id IN (${inList(categoryIds.length)}))`;
  const fts = toFtsQuery("poll");
  return [
    { name: "baseline: SELECT 1", sql: "SELECT 1", params: [] },
    { name: "root: categories", sql: "SELECT id, api_id, slug, name, category_type FROM categories ORDER BY name COLLATE NOCASE, id", params: [] },
    ...listQuery("/brand-new", "a.status = ? AND a.listing = 0", ["published"], BY_DATE, 32, 0),
    ...listQuery("/meetings", `a.status = ? AND a.listing = 0 AND ${PT}`, ["published", "meetings"], BY_DATE, 32, 0, "", "", `a.status = ? AND a.listing = 0 AND ${PT_IN}`),
    ...listQuery(
      `/category/${categorySlug}`,
      `a.status = ? AND a.listing = 0 AND ${CAT}`,
      ["published", ...categoryIds],
      BY_DATE,
      32,
      0,
      "",
      "",
      `a.status = ? AND a.listing = 0 AND ${CAT_IN}`,
    ),
    {
      // The row above walks apps (EXISTS); countStatement starts from the category's own rows.
      name: `/category/${categorySlug}: count to 1001 from the relation (now)`,
      sql: `SELECT count(*) AS total FROM (SELECT DISTINCT d.app_seq FROM app_categories d CROSS JOIN apps a ON a.seq = d.app_seq WHERE d.category_id IN (${inList(categoryIds.length)}) AND a.status = ? AND a.listing = 0 LIMIT ?)`,
      params: [...categoryIds, "published", 1001],
    },
    ...listQuery("/brand-new p40", "a.status = ? AND a.listing = 0", ["published"], BY_DATE, 32, 1248),
    // Issue 15: the rating sort (index apps_status_rating) and a certification + region filter.
    ...listQuery("/bots by rating", "a.status = ? AND a.listing = 0 AND a.type = ?", ["published", "bot"], "ORDER BY a.rating_avg DESC, a.rating_count DESC, a.seq DESC", 32, 0),
    ...listQuery(
      "/meetings hipaa+eu",
      `a.status = ? AND a.listing = 0 AND ${PT} AND EXISTS (SELECT 1 FROM app_certifications r WHERE r.app_seq = a.seq AND r.certification IN (?)) AND EXISTS (SELECT 1 FROM app_data_regions r WHERE r.app_seq = a.seq AND r.region IN (?))`,
      ["published", "meetings", "hipaa", "eu"],
      BY_DATE,
      32,
      0,
      "",
      "",
      `a.status = ? AND a.listing = 0 AND ${PT_IN} AND a.seq IN (SELECT app_seq FROM app_certifications WHERE certification IN (?)) AND a.seq IN (SELECT app_seq FROM app_data_regions WHERE region IN (?))`,
    ),
    {
      // Issue 31, decision 046: the row above walks apps (EXISTS) to the end when fewer than 1,001
      // match; countStatement starts from the certification's own rows instead.
      name: "/meetings hipaa+eu: count to 1001 from hipaa's rows (now)",
      sql:
        "SELECT count(*) AS total FROM (SELECT d.app_seq FROM app_certifications d CROSS JOIN apps a ON a.seq = d.app_seq WHERE d.certification IN (?) " +
        `AND a.status = ? AND ${PT} AND a.listing = 0 AND EXISTS (SELECT 1 FROM app_data_regions r WHERE r.app_seq = a.seq AND r.region IN (?)) LIMIT ?)`,
      params: ["hipaa", "published", "meetings", "eu", 1001],
    },
    ...listQuery("/bots p20", "a.status = ? AND a.listing = 0 AND a.type = ?", ["published", "bot"], BY_DATE, 32, 608),
    ...listQuery(
      "api filters",
      `a.status = ? AND a.listing = 0 AND a.type = ? AND ${PT}`,
      ["published", "integration", "meetings"],
      "ORDER BY a.name COLLATE NOCASE ASC, a.seq ASC",
      32,
      0,
      "",
      "",
      `a.status = ? AND a.listing = 0 AND a.type = ? AND ${PT_IN}`,
    ),
    ...listQuery(
      "api poll",
      "a.status = ? AND a.listing = 0 AND apps_fts MATCH ?",
      ["published", fts],
      "ORDER BY score ASC, a.seq ASC",
      32,
      0,
      "INDEXED BY apps_search JOIN apps_fts ON apps_fts.rowid = a.seq",
      ", bm25(apps_fts, 10.0, 4.0, 2.0, 1.0, 1.5) AS score",
    ),
    // Issue 31 (decision 049): the list above ranks every match ("before"); the app's statement now
    // ranks within a bound (app/models/text-ranking.server.ts): every match below 1,001, else each
    // match level's newest 1,001 and the name matches. "poll" as /search plans it: the words as
    // typed, then their forms.
    {
      // The statement before decision 049 for "notes" (ranks every match, its stricter level by membership).
      name: "api notes: list, every match (before)",
      sql: `SELECT ${SUMMARY}, r.score AS score FROM (
              SELECT a.seq AS seq, (bm25(apps_fts, 10.0, 4.0, 2.0, 1.0, 1.5) - CASE WHEN a.name_key = ? THEN 20000 WHEN substr(a.name_key, 1, ?) = ? THEN 10000 ELSE 0 END
                + CASE WHEN a.seq IN (SELECT rowid FROM apps_fts WHERE apps_fts MATCH ?) THEN 0 ELSE 40000 END) AS score
              FROM apps a INDEXED BY apps_search JOIN apps_fts ON apps_fts.rowid = a.seq
              WHERE apps_fts MATCH ? AND a.status = ? AND a.listing = 0 ORDER BY score ASC, a.seq ASC LIMIT 32
            ) r JOIN apps a ON a.seq = r.seq ORDER BY r.score ASC, a.seq ASC`,
      params: ["notes", 5, "notes", '"notes"*', '("notes"* OR "note" OR "note"*)', "published"],
    },
    ...(["poll", "notes"] as const).map((typed) => {
      const ranking = boundedRanking({
        all: typed === "poll" ? '("poll"* OR "polls" OR "polling")' : '("notes"* OR "note" OR "note"*)',
        tiers: [`"${typed}"*`],
        weights: SEARCH_WEIGHTS,
        nameKey: typed,
        filters: { sql: "a.status = ? AND a.listing = 0", params: ["published"] },
        window: 1001,
        reach: 32,
      });
      return {
        name: `api ${typed}: list, ranked within the bound (now)`,
        sql: `SELECT ${SUMMARY}, r.score AS score FROM (${ranking.sql} ORDER BY score ASC, seq ASC LIMIT ? OFFSET ?) r JOIN apps a ON a.seq = r.seq ORDER BY r.score ASC, a.seq ASC`,
        params: [...ranking.params, 32, 0],
      };
    }),
    // Decision 054: the app's own plan (planSearch over the catalogue's vocabulary, as /search runs
    // it): a prefix past the prefix index's 4 letters ("notes"*) is named by its completing terms.
    ...(vocabulary
      ? (["notes", "calendar sync", "crm"] as const).map((typed) => {
          const plan = planSearch(typed, vocabulary);
          const ranking = boundedRanking({
            all: plan.all,
            tiers: plan.tiers,
            weights: SEARCH_WEIGHTS,
            // As listStatement: the name tiers compare with the typed text's key.
            nameKey: nameKey(typed),
            filters: { sql: "a.status = ? AND a.listing = 0", params: ["published"] },
            window: 1001,
            reach: 32,
          });
          return {
            name: `api ${typed}: list, the app's plan (now)`,
            sql: `SELECT ${SUMMARY}, r.score AS score FROM (${ranking.sql} ORDER BY score ASC, seq ASC LIMIT ? OFFSET ?) r JOIN apps a ON a.seq = r.seq ORDER BY r.score ASC, a.seq ASC`,
            params: [...ranking.params, 32, 0],
          };
        })
      : []),
    // Issue 31 (decision 049): what a detail page reads (getAppDetail and its batch, the reviews'
    // summary and first page), each by an index on the app: rows read do not grow with the catalogue.
    ...(detail ? detailQueries(detail) : []),
    // The typeahead's queries (suggestApps): 1-2 letters as a name prefix on apps_status_name_key;
    // longer text ranked over name and company on the covering index, 6 rows, no count.
    ...["p", "po"].map((typed) => ({
      name: `suggest "${typed}" (name prefix)`,
      sql: `SELECT a.id, a.friendly_id, a.name, a.logo, a.company_name, a.type FROM apps a
            WHERE a.status = 'published' AND a.name_key >= ? AND a.name_key < ? ORDER BY a.name_key, a.seq LIMIT 6`,
      params: [typed, `${typed}${String.fromCodePoint(0x10ffff)}`],
    })),
    ...["pol", "calendar"].map((typed) => ({
      name: `suggest "${typed}"`,
      sql: `SELECT a.id, a.friendly_id, a.name, a.logo, a.company_name, a.type, r.score FROM (
              SELECT a.seq AS seq, (bm25(apps_fts, 10.0, 4.0, 0.0, 0.0, 0.0) - CASE WHEN a.name_key = ? THEN 20000 WHEN substr(a.name_key, 1, ?) = ? THEN 10000 ELSE 0 END) AS score
              FROM apps a INDEXED BY apps_search JOIN apps_fts ON apps_fts.rowid = a.seq
              WHERE apps_fts MATCH ? AND a.status = 'published' ORDER BY score ASC, a.seq ASC LIMIT 6
            ) r JOIN apps a ON a.seq = r.seq ORDER BY r.score ASC, a.seq ASC`,
      params: [typed, typed.length, typed, `{name company_name} : (${toFtsQuery(typed)})`],
    })),
    // The same two, as suggestApps runs them now (decision 049): ranked within 256 per level, plus
    // the names that start with the text.
    ...["pol", "calendar"].map((typed) => {
      const ranking = boundedRanking({
        all: `{name company_name} : (${toFtsQuery(typed)})`,
        tiers: [],
        weights: SUGGEST_WEIGHTS,
        nameKey: typed,
        filters: { sql: "a.status = 'published' AND a.listing = 0", params: [] },
        window: 256,
        reach: 6,
      });
      return {
        name: `suggest "${typed}", ranked within the bound (now)`,
        sql: `SELECT a.id, a.friendly_id, a.name, a.logo, a.company_name, a.type, r.score AS score FROM (${ranking.sql} ORDER BY score ASC, seq ASC LIMIT 6) r JOIN apps a ON a.seq = r.seq ORDER BY r.score ASC, a.seq ASC`,
        params: ranking.params,
      };
    }),
    // The search vocabulary (decision 049): the index walked by fts5vocab on the first request of a
    // version (before), the table the import writes (now).
    { name: "search vocabulary: fts5vocab walk (before)", sql: "SELECT term, col, doc FROM apps_fts_terms", params: [] },
    { name: "search vocabulary: the import's table (now)", sql: "SELECT term, col, doc FROM search_vocabulary", params: [] },
    // A typed word with indexed forms ("notes": its plan matches notes* or note, and ranks the
    // words as typed first, issue 28): the stricter level's FTS test over every column (before
    // decision 044: every app with "notes" in its description was read) and in names and
    // companies only, like the match (now).
    ...(["every column (before)", "name and company (now)"] as const).map((where, i) => {
      const typed = "notes";
      const tier = '"notes"*';
      return {
        name: `suggest "${typed}", its stricter level over ${where}`,
        sql: `SELECT a.id, a.friendly_id, a.name, a.logo, a.company_name, a.type, r.score FROM (
                SELECT a.seq AS seq, (bm25(apps_fts, 10.0, 4.0, 0.0, 0.0, 0.0) - CASE WHEN a.name_key = ? THEN 20000 WHEN substr(a.name_key, 1, ?) = ? THEN 10000 ELSE 0 END
                  + CASE WHEN a.seq IN (SELECT rowid FROM apps_fts WHERE apps_fts MATCH ?) THEN 0 ELSE 40000 END) AS score
                FROM apps a INDEXED BY apps_search JOIN apps_fts ON apps_fts.rowid = a.seq
                WHERE apps_fts MATCH ? AND a.status = 'published' AND a.listing = 0 ORDER BY score ASC, a.seq ASC LIMIT 6
              ) r JOIN apps a ON a.seq = r.seq ORDER BY r.score ASC, a.seq ASC`,
        params: [typed, typed.length, typed, i === 0 ? tier : `{name company_name} : (${tier})`, '{name company_name} : (("notes"* OR "note" OR "note"*))'],
      };
    }),
  ];
}

/** The detail page's statements for one app (app/models/catalogue.server.ts getAppDetail, app/features/reviews loadReviewsPage). */
function detailQueries(d: DetailFixture): Query[] {
  return [
    {
      name: "detail: the app by key",
      sql: `SELECT a.*, a.seq FROM apps a WHERE a.friendly_id = ?1
            UNION ALL SELECT a.*, a.seq FROM apps a WHERE a.id = ?1 AND NOT EXISTS (SELECT 1 FROM apps WHERE friendly_id = ?1) LIMIT 1`,
      params: [d.key],
    },
    {
      name: "detail: categories",
      sql: "SELECT k.id, k.api_id, k.slug, k.name, k.category_type FROM app_categories c JOIN categories k ON k.id = c.category_id WHERE c.app_seq = ? ORDER BY k.name COLLATE NOCASE",
      params: [d.seq],
    },
    { name: "detail: product types", sql: "SELECT product_type FROM app_product_types WHERE app_seq = ? ORDER BY product_type", params: [d.seq] },
    { name: "detail: versions", sql: "SELECT version, released_at, notes FROM app_versions WHERE app_seq = ? ORDER BY released_at DESC, version DESC", params: [d.seq] },
    {
      name: "detail: publisher",
      sql: "SELECT slug, name, domain, verified_at, about, website_url, support_url, privacy_url, security_contact, location FROM publishers WHERE slug = ?",
      params: [d.publisherSlug],
    },
    {
      name: "detail: replacement (none)",
      sql: "SELECT coalesce(friendly_id, id) AS key, name FROM apps WHERE (friendly_id = ?1 OR id = ?1) AND listing = 0 AND status = 'published' LIMIT 1",
      params: [""],
    },
    { name: "detail: reviews summary", sql: "SELECT rating, count(*) AS n FROM reviews WHERE app_id = ? AND state = 'visible' GROUP BY rating", params: [d.id] },
    {
      name: "detail: reviews page",
      sql: "SELECT id, app_id, user_id, author_name, rating, title, body, created_at, updated_at, helpful_count, state FROM reviews WHERE app_id = ? AND state = 'visible' ORDER BY created_at DESC, id DESC LIMIT ? OFFSET ?",
      params: [d.id, 10, 0],
    },
  ];
}

async function run(ctx: CatalogueContext): Promise<Outcome> {
  const { helper } = ctx.worker;
  const slug = ctx.fixtures.category.slug;
  const categoryIds = (await helper.all<{ id: string }>("SELECT id FROM categories WHERE slug = ? AND category_type <> 'appContext'", [slug])).results.map((r) => r.id);
  const d1 = [];
  // 30 times each; 5 past 250,000 apps, where the "every row" counts take seconds each.
  const times = ctx.imported.apps > 250_000 ? 5 : 30;
  const key = ctx.fixtures.detailIds[0] ?? "";
  const app = (await helper.all<{ seq: number; id: string; publisher_slug: string }>("SELECT seq, id, publisher_slug FROM apps WHERE friendly_id = ?1 OR id = ?1 LIMIT 1", [key]))
    .results[0];
  const detail = app ? { key, seq: app.seq, id: app.id, publisherSlug: app.publisher_slug } : undefined;
  // The search vocabulary as the Worker reads it (listSearchTerms): the app's plans need it.
  const vocabulary = buildVocabulary((await helper.all<TermRow>("SELECT term, col, doc FROM search_vocabulary")).results);
  for (const q of d1Queries(categoryIds, slug, detail, vocabulary)) {
    const { wall, sql: sqlMs, rows, rowsRead } = await helper.time(q.sql, q.params, times);
    let plan: string[] = [];
    if (ctx.options.explain && !q.name.startsWith("baseline")) {
      try {
        plan = (await helper.all<{ detail: string }>(`EXPLAIN QUERY PLAN ${q.sql}`, q.params)).results.map((r) => r.detail);
      } catch (error) {
        plan = [`(EXPLAIN failed: ${error instanceof Error ? error.message : String(error)})`];
      }
    }
    // workerd's clock ticks in whole ms (and only across I/O), so means resolve better than medians.
    d1.push({ name: q.name, rows, rowsRead, sqlMsMean: mean(sqlMs), callMsMean: mean(wall), callMsP50: median(wall), plan, sql: q.sql, params: q.params });
  }
  const report = [
    `D1 alone, timed inside workerd by a helper Worker on the same database (mean of ${times}): SQL = D1 meta.duration, call = await of .all()`,
    table(
      ["query", "rows", "rows read", "SQL ms", "call ms"],
      d1.map((q) => [q.name, q.rows, q.rowsRead, fmt(q.sqlMsMean, 2), fmt(q.callMsMean, 2)]),
    ),
  ];
  if (ctx.options.explain) {
    report.push("", "Query plans (EXPLAIN QUERY PLAN)");
    for (const q of d1.filter((x) => x.plan.length)) report.push(`  ${q.name}:\n${q.plan.map((l) => `      ${l}`).join("\n")}`);
  }
  return { report, verdicts: [], json: d1 };
}

export const d1: Scenario = {
  id: "d1",
  about: "the list, count and suggest SQL alone through the D1 binding: rows read, time, EXPLAIN QUERY PLAN; runs whenever the catalogue Worker does",
  needs: "catalogue",
  always: true,
  inFullRun: true,
  run,
};
