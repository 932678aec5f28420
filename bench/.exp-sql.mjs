// scratch: compare query shapes on the 50k catalogue (helper worker next to D1)
import { readFileSync } from "node:fs";
import { Miniflare } from "miniflare";
import { unstable_splitSqlQuery } from "wrangler";
import { generateCatalogue } from "../scripts/lib/catalogue-generator.ts";
import { catalogueStatements } from "../scripts/lib/catalogue-sql.ts";
const N = Number(process.argv[2] ?? 50000);
const HELPER = `export default { async fetch(request, env) { const body = await request.json(); const db = env.DB; const p = new URL(request.url).pathname;
  if (p === "/batch") { await db.batch(body.map((s) => db.prepare(s.sql).bind(...s.params))); return Response.json({ ok: true }); }
  if (p === "/time") { const st = () => db.prepare(body.sql).bind(...body.params); await st().all(); let t = performance.now(); let meta, rows;
    for (let i = 0; i < body.n; i++) { const r = await st().all(); meta = r.meta; rows = r.results; } return Response.json({ ms: (performance.now() - t) / body.n, meta, rows: rows.slice(0, 2), n: rows.length }); }
  return Response.json(await db.prepare(body.sql).bind(...body.params).all()); } }`;
const mf = new Miniflare({ host: "127.0.0.1", port: 0, workers: [{ config: { name: "x", compatibilityDate: "2026-07-01",
  manifest: { mainModule: "a.js", modules: { "a.js": { type: "esm", contents: HELPER } } }, env: { DB: { type: "d1", id: "x" } } } }] });
const w = await (mf.ready, mf.getWorker("x"));
const call = async (p, b) => { const r = await w.fetch("http://h/" + p, { method: "POST", body: JSON.stringify(b) }); const j = await r.json(); if (r.status !== 200) throw new Error(JSON.stringify(j)); return j; };
const q = (sql, params = []) => call("all", { sql, params });
try {
  await call("batch", unstable_splitSqlQuery(readFileSync("migrations/0001_catalogue.sql", "utf8")).map((sql) => ({ sql, params: [] })));
  await call("batch", [{ sql: "DROP TRIGGER apps_fts_insert", params: [] }]);
  const cat = generateCatalogue({ apps: N, seed: 1 });
  const all = catalogueStatements(cat);
  for (let i = 0; i < all.length; i += 500) await call("batch", all.slice(i, i + 500));
  await q("INSERT INTO apps_fts(apps_fts) VALUES('rebuild')");
  const cats = (await q("SELECT k.slug, count(DISTINCT c.app_seq) AS n FROM categories k JOIN app_categories c ON c.category_id = k.id JOIN apps a ON a.seq = c.app_seq WHERE k.category_type <> 'appContext' AND a.status = 'published' GROUP BY k.slug ORDER BY n")).results;
  const median = cats[Math.floor(cats.length / 2)], small = cats[0];
  const ids = async (slug) => (await q("SELECT id FROM categories WHERE slug = ? AND category_type <> 'appContext'", [slug])).results.map((r) => r.id);
  const midIds = await ids(median.slug), smallIds = await ids(small.slug);
  console.log("median category", median, midIds.length, "smallest", small, smallIds.length);
  const ph = (n) => Array(n).fill("?").join(",");
  const S = "a.id, a.friendly_id, a.name, a.logo, a.type, a.product_type, a.company_name, a.tagline, a.is_featured, a.status, a.submitted_at";
  const D = "ORDER BY a.submitted_at DESC, a.seq DESC LIMIT 32 OFFSET ?";
  const cases = [
    ["brand-new count", "SELECT count(*) AS t FROM apps a WHERE a.status = ?", ["published"]],
    ["meetings count EXISTS", "SELECT count(*) AS t FROM apps a WHERE a.status = ? AND EXISTS (SELECT 1 FROM app_product_types p WHERE p.app_seq = a.seq AND p.product_type IN (?))", ["published", "meetings"]],
    ["meetings count IN", "SELECT count(*) AS t FROM apps a WHERE a.status = ? AND a.seq IN (SELECT app_seq FROM app_product_types WHERE product_type IN (?))", ["published", "meetings"]],
    ["meetings count REL", "SELECT count(*) AS t FROM apps a WHERE a.seq IN (SELECT app_seq FROM app_product_types WHERE product_type IN (?)) AND +a.status = ?", ["meetings", "published"]],
    ["category(mid) count EXISTS", `SELECT count(*) AS t FROM apps a WHERE a.status = ? AND EXISTS (SELECT 1 FROM app_categories c WHERE c.app_seq = a.seq AND c.category_id IN (${ph(midIds.length)}))`, ["published", ...midIds]],
    ["category(mid) count IN", `SELECT count(*) AS t FROM apps a WHERE a.status = ? AND a.seq IN (SELECT app_seq FROM app_categories WHERE category_id IN (${ph(midIds.length)}))`, ["published", ...midIds]],
    ["category(mid) count REL", `SELECT count(*) AS t FROM apps a WHERE a.seq IN (SELECT app_seq FROM app_categories WHERE category_id IN (${ph(midIds.length)})) AND +a.status = ?`, [...midIds, "published"]],
    ["category(small) count EXISTS", `SELECT count(*) AS t FROM apps a WHERE a.status = ? AND EXISTS (SELECT 1 FROM app_categories c WHERE c.app_seq = a.seq AND c.category_id IN (${ph(smallIds.length)}))`, ["published", ...smallIds]],
    ["category(small) count IN", `SELECT count(*) AS t FROM apps a WHERE a.status = ? AND a.seq IN (SELECT app_seq FROM app_categories WHERE category_id IN (${ph(smallIds.length)}))`, ["published", ...smallIds]],
    ["api filters count EXISTS", "SELECT count(*) AS t FROM apps a WHERE a.status = ? AND a.type = ? AND EXISTS (SELECT 1 FROM app_product_types p WHERE p.app_seq = a.seq AND p.product_type IN (?))", ["published", "integration", "meetings"]],
    ["api filters count IN", "SELECT count(*) AS t FROM apps a WHERE a.status = ? AND a.type = ? AND a.seq IN (SELECT app_seq FROM app_product_types WHERE product_type IN (?))", ["published", "integration", "meetings"]],
    ["category(mid) list EXISTS", `SELECT ${S} FROM apps a WHERE a.status = ? AND EXISTS (SELECT 1 FROM app_categories c WHERE c.app_seq = a.seq AND c.category_id IN (${ph(midIds.length)})) ${D}`, ["published", ...midIds, 0]],
    ["poll list bm25", `SELECT ${S}, bm25(apps_fts, 10.0, 4.0, 2.0, 1.0, 1.5) AS score FROM apps a JOIN apps_fts ON apps_fts.rowid = a.seq WHERE a.status = ? AND apps_fts MATCH ? ORDER BY score ASC, a.seq ASC LIMIT 32 OFFSET 0`, ["published", '"poll"*']],
    ["poll list rank-first", `WITH hits AS (SELECT rowid, bm25(apps_fts, 10.0, 4.0, 2.0, 1.0, 1.5) AS score FROM apps_fts WHERE apps_fts MATCH ?) SELECT ${S}, h.score FROM hits h JOIN apps a ON a.seq = h.rowid WHERE a.status = ? ORDER BY h.score ASC, a.seq ASC LIMIT 32 OFFSET 0`, ['"poll"*', "published"]],
    ["poll count", `SELECT count(*) AS t FROM apps a JOIN apps_fts ON apps_fts.rowid = a.seq WHERE a.status = ? AND apps_fts MATCH ?`, ["published", '"poll"*']],
    ["poll count fts only", `SELECT count(*) AS t FROM apps_fts WHERE apps_fts MATCH ?`, ['"poll"*']],
  ];
  const run = async (tag) => {
    for (const [name, sql, params] of cases) {
      const r = await call("time", { sql, params, n: 40 });
      const plan = (await q(`EXPLAIN QUERY PLAN ${sql}`, params)).results.map((x) => x.detail).join(" | ");
      console.log(`${tag} ${name.padEnd(30)} ${r.ms.toFixed(2).padStart(7)} ms  rows_read ${String(r.meta.rows_read).padStart(7)}  n=${r.n} ${JSON.stringify(r.rows[0]).slice(0, 40)}  :: ${plan}`);
    }
  };
  await run("0001");
  await call("batch", [{ sql: "CREATE INDEX apps_status_seq ON apps (status, seq)", params: [] }]);
  await run("+status_seq");
  await call("batch", [{ sql: "DROP INDEX apps_status_seq", params: [] }, { sql: "CREATE INDEX apps_seq_status ON apps (seq, status)", params: [] }]);
  await run("+seq_status");
} finally { await mf.dispose(); }
