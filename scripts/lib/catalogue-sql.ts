// A validated catalogue file → SQL statements that replace the catalogue in D1 (schema:
// migrations/0001_catalogue.sql and 0003). The statements carry bound parameters, at most 100 each (D1's
// limit per query), so they can run through a D1 binding (`db.batch`) as they are, or be inlined
// into a .sql file for `wrangler d1 execute --file` with statementsToSqlFile.
import type { AppRecord, CatalogueFile, PublisherRecord } from "../../app/models/catalogue-record.ts";
import { publisherSlugOf } from "../../app/models/catalogue-record.ts";
import { APP_COLUMNS, appRow, utc } from "../../app/models/catalogue-rows.ts";

export type { SqlValue } from "../../app/models/catalogue-rows.ts";
import type { SqlValue } from "../../app/models/catalogue-rows.ts";
import { REBUILD_VOCABULARY } from "../../app/models/search-vocabulary.ts";
export type SqlStatement = { sql: string; params: SqlValue[] };

/** D1 rejects queries with more than 100 bound parameters. */
export const D1_MAX_BOUND_PARAMS = 100;

const PUBLISHER_COLUMNS = ["slug", "name", "domain", "verified_at", "about", "website_url", "support_url", "privacy_url", "security_contact", "location"] as const;

/**
 * Appends in a loop: `push(...list)` passes every element as an argument, which overflows the stack
 * past ~100,000 statements (a 250,000-app catalogue's apps alone are ~85,000; issue 31).
 */
function append<T>(to: T[], list: readonly T[]): void {
  for (const item of list) to.push(item);
}

/** Multi-row INSERTs, as many rows per statement as the parameter limit allows. */
function insertRows(table: string, columns: readonly string[], rows: SqlValue[][]): SqlStatement[] {
  const perStatement = Math.max(1, Math.floor(D1_MAX_BOUND_PARAMS / columns.length));
  const tuple = `(${columns.map(() => "?").join(", ")})`;
  const out: SqlStatement[] = [];
  for (let start = 0; start < rows.length; start += perStatement) {
    const chunk = rows.slice(start, start + perStatement);
    out.push({
      sql: `INSERT INTO ${table} (${columns.join(", ")}) VALUES ${chunk.map(() => tuple).join(", ")}`,
      params: chunk.flat(),
    });
  }
  return out;
}

/** The file's publishers, plus one (not verified) for each company name no declared publisher covers. */
function allPublishers(cat: Pick<CatalogueFile, "publishers" | "apps">): PublisherRecord[] {
  const out = new Map(cat.publishers.map((p) => [p.slug, p]));
  for (const app of cat.apps) {
    const slug = publisherSlugOf(app);
    if (!out.has(slug)) {
      out.set(slug, {
        slug,
        name: app.companyName,
        domain: null,
        verifiedAt: null,
        about: null,
        websiteUrl: null,
        supportUrl: null,
        privacyUrl: null,
        securityContact: null,
        location: null,
      });
    }
  }
  return [...out.values()];
}

/**
 * Statements that replace the whole catalogue: delete the old rows (children first, so foreign
 * keys hold), insert categories, apps (seq = index + 1), their relations and collections
 * (position = order of appearance in the file), then upsert catalogue_meta 'version' and 'imported_at'.
 * Run them in one batch/transaction: a failure then leaves the old catalogue in place.
 */
export function catalogueStatements(cat: CatalogueFile): SqlStatement[] {
  const sql = new CatalogueSql(cat);
  const statements = sql.head();
  append(statements, sql.apps(cat.apps));
  append(statements, sql.tail(cat.version));
  return statements;
}

/**
 * catalogueStatements in slices (issue 31: the bench imports 1,000,000 apps 50,000 at a time, so
 * neither the catalogue nor its SQL is in memory at once): `head()` (the deletes, publishers and
 * categories), then `apps()` for each slice of apps in order (seq and collection positions carry
 * on from the slice before), then `tail()`. The three over one list of apps are catalogueStatements.
 * The publishers and categories are the whole catalogue's; an app whose publisher they lack
 * (a company no declared publisher covers, first seen after the head) is an error.
 */
export class CatalogueSql {
  private readonly publishers: PublisherRecord[];
  private readonly categoryNames: Map<string, string>;
  private readonly verifiedPublishers: Set<string>;
  private readonly publisherSlugs: Set<string>;
  private readonly collectionPositions = new Map<string, number>();
  private seq = 0;

  private readonly cat: Pick<CatalogueFile, "publishers" | "categories" | "apps">;

  constructor(cat: Pick<CatalogueFile, "publishers" | "categories" | "apps">) {
    this.cat = cat;
    this.publishers = allPublishers(cat);
    this.publisherSlugs = new Set(this.publishers.map((p) => p.slug));
    this.verifiedPublishers = new Set(this.publishers.filter((p) => p.verifiedAt !== null).map((p) => p.slug));
    this.categoryNames = new Map(cat.categories.map((c) => [c.id, c.name]));
  }

  /** Deletes the old catalogue, inserts the publishers and categories. */
  head(): SqlStatement[] {
    const statements: SqlStatement[] = [
      "app_versions",
      "app_certifications",
      "app_data_regions",
      "collection_apps",
      "app_product_types",
      "app_categories",
      "apps",
      "categories",
      "publishers",
    ].map((table) => ({ sql: `DELETE FROM ${table}`, params: [] }));
    append(
      statements,
      insertRows(
        "publishers",
        PUBLISHER_COLUMNS,
        this.publishers.map((p) => [p.slug, p.name, p.domain, p.verifiedAt, p.about, p.websiteUrl, p.supportUrl, p.privacyUrl, p.securityContact, p.location]),
      ),
    );
    append(
      statements,
      insertRows(
        "categories",
        ["id", "api_id", "slug", "name", "category_type"],
        this.cat.categories.map((c) => [c.id, c.apiId, c.slug, c.name, c.categoryType]),
      ),
    );
    return statements;
  }

  /** The next apps of the catalogue and their relations. */
  apps(apps: readonly AppRecord[]): SqlStatement[] {
    const statements: SqlStatement[] = [];
    const appRows: SqlValue[][] = [];
    const appCategories: SqlValue[][] = [];
    const appProductTypes: SqlValue[][] = [];
    const collectionApps: SqlValue[][] = [];
    const versions: SqlValue[][] = [];
    const certifications: SqlValue[][] = [];
    const regions: SqlValue[][] = [];
    for (const app of apps) {
      const seq = ++this.seq;
      if (!this.publisherSlugs.has(publisherSlugOf(app))) throw new Error(`catalogue SQL: app ${app.id} (seq ${seq}) names a publisher the head did not insert`);
      appRows.push(appRow(app, seq, this.categoryNames, this.verifiedPublishers));
      for (const v of app.versions) versions.push([seq, v.version, utc(v.releasedAt), v.notes]);
      for (const c of app.security.certifications ?? []) certifications.push([c, seq]);
      for (const r of app.security.dataRegions ?? []) regions.push([r, seq]);
      for (const categoryId of new Set(app.categoryIds)) appCategories.push([seq, categoryId]);
      for (const productType of new Set(app.productTypes)) appProductTypes.push([seq, productType]);
      for (const collection of new Set(app.collections)) {
        const position = (this.collectionPositions.get(collection) ?? 0) + 1;
        this.collectionPositions.set(collection, position);
        collectionApps.push([collection, seq, position]);
      }
    }
    append(statements, insertRows("apps", APP_COLUMNS, appRows));
    append(statements, insertRows("app_categories", ["app_seq", "category_id"], appCategories));
    append(statements, insertRows("app_product_types", ["app_seq", "product_type"], appProductTypes));
    append(statements, insertRows("collection_apps", ["collection", "app_seq", "position"], collectionApps));
    append(statements, insertRows("app_versions", ["app_seq", "version", "released_at", "notes"], versions));
    append(statements, insertRows("app_certifications", ["certification", "app_seq"], certifications));
    append(statements, insertRows("app_data_regions", ["region", "app_seq"], regions));
    return statements;
  }

  /** After the last apps: community data, the search vocabulary, then the version. */
  tail(version: string): SqlStatement[] {
    return [
      // Community data outlives the import: apps a moderator removed stay removed, and ratings are
      // those of the visible reviews (docs/decisions/024).
      { sql: "UPDATE apps SET listing = 2 WHERE id IN (SELECT app_id FROM app_removals)", params: [] },
      {
        sql: `UPDATE apps SET rating_avg = r.average, rating_count = r.total
          FROM (SELECT app_id, avg(rating) AS average, count(*) AS total FROM reviews WHERE state = 'visible' GROUP BY app_id) r
          WHERE apps.id = r.app_id`,
        params: [],
      },
      // The search vocabulary of the catalogue just written (migration 0030): walked here once, in
      // the import's own transaction, instead of by the first request of the version.
      ...REBUILD_VOCABULARY.map((sql) => ({ sql, params: [] })),
      {
        // imported_at: publications approved in the review queue after it are not in the file (scripts/import-catalogue.ts guards them).
        sql: "INSERT INTO catalogue_meta (key, value) VALUES (?, ?), ('imported_at', strftime('%Y-%m-%dT%H:%M:%fZ', 'now')) ON CONFLICT (key) DO UPDATE SET value = excluded.value",
        params: ["version", version],
      },
    ];
  }
}

/** One value as an SQL literal: 'text' with '' for quotes, NULL, or a finite number. */
export function sqlLiteral(value: SqlValue): string {
  if (value === null) return "NULL";
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new RangeError(`cannot write ${value} as an SQL literal`);
    return String(value);
  }
  if (value.includes("\0")) throw new RangeError("cannot write a NUL character in an SQL literal");
  // wrangler's file splitter strips the first "BEGIN TRANSACTION" it finds anywhere in the file
  // (even inside a string), so that phrase is written as two concatenated literals.
  return `'${value.replace(/'/g, "''").replace(/BEGIN(\s+)TRANSACTION/gi, "BEGIN'||'$1TRANSACTION")}'`;
}

/** Inlines each statement's parameters (the `?` outside string literals) into one SQL text. */
export function inlineParams(statement: SqlStatement): string {
  const { sql, params } = statement;
  let out = "";
  let next = 0;
  let inString = false;
  for (let i = 0; i < sql.length; i++) {
    const ch = sql[i]!;
    if (ch === "'") inString = !inString;
    if (ch === "?" && !inString) {
      if (next >= params.length) throw new Error(`too few parameters for: ${sql.slice(0, 80)}`);
      out += sqlLiteral(params[next++]!);
    } else {
      out += ch;
    }
  }
  if (next !== params.length) throw new Error(`${params.length - next} unused parameter(s) for: ${sql.slice(0, 80)}`);
  return out;
}

/** D1 rejects SQL statements longer than 100,000 bytes; merged statements stay below this. */
export const SQL_FILE_STATEMENT_BYTES = 90_000;

const TUPLES_ONLY = /^\(\?(?:, \?)*\)(?:, \(\?(?:, \?)*\))*$/;

/**
 * The statements with their parameters inlined, consecutive plain multi-row INSERTs into the same
 * table merged into statements of up to ~90 KB. With the parameters inlined the 100-parameter limit
 * no longer applies; wrangler and D1 pay per statement, and 50,000 apps import about three times
 * faster this way. Used for `wrangler d1 execute --file` (statementsToSqlFile), for batches on
 * the local state (scripts/lib/local-d1.ts) and by the bench's import.
 */
export function mergedStatements(statements: readonly SqlStatement[]): string[] {
  const merger = new StatementMerger();
  for (const statement of statements) merger.push(statement);
  merger.flush();
  return merger.take();
}

/**
 * mergedStatements a statement at a time (the bench's import of 1,000,000 apps streams its SQL):
 * `push` the statements in order, `take` the merged ones complete so far, `flush` after the last.
 */
export class StatementMerger {
  private out: string[] = [];
  private head: string | null = null;
  private tuples: string[] = [];
  private bytes = 0;

  push(statement: SqlStatement): void {
    const valuesAt = statement.sql.indexOf(" VALUES ") + " VALUES ".length;
    const mergeable = statement.sql.startsWith("INSERT INTO ") && valuesAt > 8 && TUPLES_ONLY.test(statement.sql.slice(valuesAt));
    const sql = inlineParams(statement);
    if (!mergeable) {
      this.flush();
      this.out.push(sql);
      return;
    }
    const thisHead = statement.sql.slice(0, valuesAt);
    const body = sql.slice(valuesAt);
    const size = utf8Length(body);
    if (this.head !== thisHead || this.bytes + size + 2 > SQL_FILE_STATEMENT_BYTES - utf8Length(thisHead)) this.flush();
    this.head = thisHead;
    this.tuples.push(body);
    this.bytes += size + 2;
  }

  /** Ends the statement being merged. */
  flush(): void {
    if (this.head !== null) this.out.push(`${this.head}${this.tuples.join(", ")}`);
    this.head = null;
    this.tuples = [];
    this.bytes = 0;
  }

  /** The merged statements complete so far, in order (each once). */
  take(): string[] {
    const out = this.out;
    this.out = [];
    return out;
  }
}

/** A .sql file for `wrangler d1 execute --file`: the merged statements, one per line. */
export function statementsToSqlFile(statements: readonly SqlStatement[]): string {
  return mergedStatements(statements)
    .map((sql) => `${sql};\n`)
    .join("");
}

function utf8Length(text: string): number {
  let bytes = text.length;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0x80) bytes += code >= 0x800 && (code < 0xd800 || code > 0xdfff) ? 2 : 1;
  }
  return bytes;
}
