import { describe, expect, it } from "vitest";
import { validateCatalogue, type CatalogueFile } from "../../app/models/catalogue-record.ts";
import { generateCatalogue } from "./catalogue-generator.ts";
import {
  CatalogueSql,
  D1_MAX_BOUND_PARAMS,
  type SqlStatement,
  StatementMerger,
  catalogueStatements,
  inlineParams,
  mergedStatements,
  sqlLiteral,
  statementsToSqlFile,
} from "./catalogue-sql.ts";

const catalogue = validateCatalogue(generateCatalogue({ apps: 120, seed: 5 }));
const statements = catalogueStatements(catalogue);

describe("catalogueStatements", () => {
  it("never binds more than D1's 100 parameters, and each ? has a parameter", () => {
    expect(D1_MAX_BOUND_PARAMS).toBe(100);
    for (const s of statements) {
      expect(s.params.length).toBeLessThanOrEqual(100);
      expect((s.sql.match(/\?/g) ?? []).length).toBe(s.params.length);
    }
  });

  it("deletes children before parents, then inserts, then upserts the version", () => {
    const deletes = statements.filter((s) => s.sql.startsWith("DELETE")).map((s) => s.sql);
    expect(deletes).toEqual([
      "DELETE FROM app_versions",
      "DELETE FROM app_certifications",
      "DELETE FROM app_data_regions",
      "DELETE FROM collection_apps",
      "DELETE FROM app_product_types",
      "DELETE FROM app_categories",
      "DELETE FROM apps",
      "DELETE FROM categories",
      "DELETE FROM publishers",
      // The search vocabulary is rebuilt after the apps, from the index (migration 0030).
      "DELETE FROM search_vocabulary",
    ]);
    expect(statements.slice(0, 9).every((s) => s.sql.startsWith("DELETE"))).toBe(true);
    const rebuild = statements.findIndex((s) => s.sql === "DELETE FROM search_vocabulary");
    expect(statements[rebuild + 1]?.sql).toBe("INSERT INTO search_vocabulary (term, col, doc) SELECT term, col, doc FROM apps_fts_terms");
    expect(rebuild).toBeGreaterThan(statements.findLastIndex((s) => s.sql.startsWith("INSERT INTO apps ")));
    const last = statements[statements.length - 1]!;
    expect(last.sql).toContain("INSERT INTO catalogue_meta");
    expect(last.sql).toContain("ON CONFLICT");
    expect(last.params).toEqual(["version", "seed-5-120"]);
  });

  it("inserts every row, with multi-row statements", () => {
    const rows = (table: string) => statements.filter((s) => s.sql.startsWith(`INSERT INTO ${table} `)).reduce((n, s) => n + (s.sql.match(/\(\?/g) ?? []).length, 0);
    expect(rows("categories")).toBe(catalogue.categories.length);
    expect(rows("apps")).toBe(catalogue.apps.length);
    expect(rows("app_categories")).toBe(catalogue.apps.reduce((n, a) => n + a.categoryIds.length, 0));
    expect(rows("app_product_types")).toBe(catalogue.apps.reduce((n, a) => n + a.productTypes.length, 0));
    expect(rows("collection_apps")).toBe(catalogue.apps.reduce((n, a) => n + a.collections.length, 0));
    expect(rows("app_versions")).toBe(catalogue.apps.reduce((n, a) => n + a.versions.length, 0));
    expect(rows("app_certifications")).toBe(catalogue.apps.reduce((n, a) => n + (a.security.certifications?.length ?? 0), 0));
    expect(rows("app_data_regions")).toBe(catalogue.apps.reduce((n, a) => n + (a.security.dataRegions?.length ?? 0), 0));
    expect(rows("publishers")).toBe(new Set(catalogue.apps.map((a) => a.publisher ?? a.companyName)).size);
    const relation = statements.find((s) => s.sql.startsWith("INSERT INTO app_categories"))!;
    expect(relation.params.length).toBe(100); // 50 rows of 2
  });

  it("writes apps with seq = index + 1, 0/1 booleans, JSON arrays and category names", () => {
    const first = statements.find((s) => s.sql.startsWith("INSERT INTO apps "))!;
    const columns = first.sql.slice(first.sql.indexOf("(") + 1, first.sql.indexOf(")")).split(", ");
    const row = Object.fromEntries(columns.map((c, i) => [c, first.params[i]]));
    const app = catalogue.apps[0]!;
    expect(row.seq).toBe(1);
    expect(row.id).toBe(app.id);
    expect(row.is_featured).toBe(1);
    expect(row.requires_admin).toBe(app.requiresAdmin ? 1 : 0);
    expect(JSON.parse(row.screenshots as string)).toEqual(app.screenshots);
    expect(JSON.parse(row.app_contexts as string)).toEqual(app.appContexts);
    const names = app.categoryIds.map((id) => catalogue.categories.find((c) => c.id === id)!.name);
    expect(row.category_names).toBe([...new Set(names)].join(" "));
  });

  it("numbers collection positions in order of appearance", () => {
    const cat: CatalogueFile = { ...catalogue, apps: catalogue.apps.slice(0, 9) };
    const params = catalogueStatements(cat)
      .filter((s) => s.sql.startsWith("INSERT INTO collection_apps"))
      .flatMap((s) => s.params);
    const triples: [unknown, unknown, unknown][] = [];
    for (let i = 0; i < params.length; i += 3) triples.push([params[i], params[i + 1], params[i + 2]]);
    const gettingStarted = triples.filter((t) => t[0] === "getting_started");
    expect(gettingStarted.map((t) => t[2])).toEqual(gettingStarted.map((_, i) => i + 1));
    expect(gettingStarted.map((t) => t[1])).toEqual([...gettingStarted.map((t) => t[1])].sort((a, b) => Number(a) - Number(b)));
  });
});

describe("SQL literals", () => {
  it("escapes quotes, writes NULL and numbers", () => {
    expect(sqlLiteral("Mia's Notes")).toBe("'Mia''s Notes'");
    expect(sqlLiteral("''")).toBe("''''''");
    expect(sqlLiteral(null)).toBe("NULL");
    expect(sqlLiteral(42)).toBe("42");
    expect(sqlLiteral(0)).toBe("0");
    expect(sqlLiteral("a; DROP TABLE apps; --")).toBe("'a; DROP TABLE apps; --'");
    expect(sqlLiteral("line\nbreak")).toBe("'line\nbreak'");
    expect(() => sqlLiteral(Number.NaN)).toThrow();
    expect(() => sqlLiteral("nul\0")).toThrow();
  });

  it("splits 'BEGIN TRANSACTION' so wrangler's file splitter leaves it alone", () => {
    expect(sqlLiteral("x BEGIN TRANSACTION; y")).toBe("'x BEGIN'||' TRANSACTION; y'");
  });

  it("inlines parameters, ignoring ? inside string literals", () => {
    expect(inlineParams({ sql: "SELECT '?', ?, ?", params: ["it's", null] })).toBe("SELECT '?', 'it''s', NULL");
    expect(() => inlineParams({ sql: "SELECT ?", params: [] })).toThrow(/too few/);
    expect(() => inlineParams({ sql: "SELECT 1", params: [1] })).toThrow(/unused/);
  });

  it("writes a file with parameters inlined and INSERTs merged into statements under 100 KB", () => {
    const big = catalogueStatements(generateCatalogue({ apps: 600, seed: 5 }));
    const file = statementsToSqlFile(big);
    expect(file).not.toMatch(/VALUES \(\?/);
    expect(file.endsWith(";\n")).toBe(true);
    const heads = file.match(/^(INSERT INTO \w+|DELETE FROM \w+|UPDATE \w+)/gm)!;
    expect(heads.filter((h) => h.startsWith("DELETE"))).toHaveLength(10);
    expect(heads.filter((h) => h === "INSERT INTO apps").length).toBeGreaterThan(1);
    expect(heads.filter((h) => h === "INSERT INTO apps").length).toBeLessThan(big.filter((s) => s.sql.startsWith("INSERT INTO apps ")).length / 5);
    expect(heads.filter((h) => h === "INSERT INTO catalogue_meta")).toHaveLength(1);
    // Every statement starts on a new line; split there and check the size limit.
    const parts = file.split(/;\n(?=INSERT INTO |DELETE FROM |UPDATE |$)/).filter(Boolean);
    expect(parts).toHaveLength(heads.length);
    for (const part of parts) expect(new TextEncoder().encode(part).length).toBeLessThan(100_000);
    // No row is lost in merging: as many app tuples as apps (each app tuple starts with "(seq, '").
    const appTuples = parts.filter((p) => p.startsWith("INSERT INTO apps ")).reduce((n, p) => n + (p.match(/(?:VALUES |\), )\(\d+, 'Y2lz/g) ?? []).length, 0);
    expect(appTuples).toBe(600);
  });

  it("keeps statements that are not plain multi-row INSERTs as they are", () => {
    const file = statementsToSqlFile([
      { sql: "INSERT INTO t (a) VALUES (?)", params: [1] },
      { sql: "INSERT INTO t (a) VALUES (?)", params: [2] },
      { sql: "INSERT INTO t (a) VALUES (?) ON CONFLICT (a) DO NOTHING", params: [3] },
      { sql: "INSERT INTO t (a) VALUES (?)", params: ["x'y"] },
      { sql: "INSERT INTO u (a) VALUES (?)", params: [null] },
    ]);
    expect(file).toBe(
      "INSERT INTO t (a) VALUES (1), (2);\n" +
        "INSERT INTO t (a) VALUES (3) ON CONFLICT (a) DO NOTHING;\n" +
        "INSERT INTO t (a) VALUES ('x''y');\n" +
        "INSERT INTO u (a) VALUES (NULL);\n",
    );
  });
});

// Issue 31: the bench imports 1,000,000 apps in slices with the import script's SQL.
describe("CatalogueSql in slices", () => {
  const big = generateCatalogue({ apps: 700, seed: 2 });
  /** Each INSERT's table and columns with every row's values, in order; other statements as they are. */
  const rowsByTable = (list: readonly SqlStatement[]) => {
    const out = new Map<string, unknown[]>();
    for (const { sql, params } of list) {
      const head = sql.startsWith("INSERT INTO ") ? sql.slice(0, sql.indexOf(" VALUES ")) : sql;
      out.set(head, [...(out.get(head) ?? []), ...params]);
    }
    return out;
  };

  it("writes the rows catalogueStatements writes: seq and collection positions carry on from slice to slice", () => {
    const sql = new CatalogueSql({ publishers: big.publishers, categories: big.categories, apps: big.apps.slice(0, 250) });
    const sliced = [...sql.head(), ...sql.apps(big.apps.slice(0, 250)), ...sql.apps(big.apps.slice(250, 500)), ...sql.apps(big.apps.slice(500)), ...sql.tail(big.version)];
    expect(rowsByTable(sliced)).toEqual(rowsByTable(catalogueStatements(big)));
    const positions = rowsByTable(sliced).get("INSERT INTO collection_apps (collection, app_seq, position)") ?? [];
    expect(positions.length).toBeGreaterThan(30);
  });

  it("refuses an app whose publisher the head did not insert", () => {
    const sql = new CatalogueSql({ publishers: [], categories: big.categories, apps: [] });
    sql.head();
    expect(() => sql.apps(big.apps.slice(0, 1))).toThrow(/publisher the head did not insert/);
  });

  it("merges a statement at a time as mergedStatements merges the list", () => {
    const list = catalogueStatements(big);
    const merger = new StatementMerger();
    const streamed: string[] = [];
    for (const [i, statement] of list.entries()) {
      merger.push(statement);
      if (i % 37 === 0) streamed.push(...merger.take());
    }
    merger.flush();
    streamed.push(...merger.take());
    expect(streamed).toEqual(mergedStatements(list));
  });
});
