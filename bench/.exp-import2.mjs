import { readFileSync } from "node:fs";
import { Miniflare } from "miniflare";
import { unstable_splitSqlQuery } from "wrangler";
import { generateCatalogue } from "../scripts/lib/catalogue-generator.ts";
import { catalogueStatements } from "../scripts/lib/catalogue-sql.ts";
const N = Number(process.argv[2] ?? 5000);
const mode = process.argv[3] ?? "plain";
const batchSize = Number(process.argv[4] ?? 200);
const HELPER = `export default { async fetch(request, env) { const body = await request.json(); const db = env.DB;
  if (new URL(request.url).pathname === "/batch") { await db.batch(body.map((s) => db.prepare(s.sql).bind(...s.params))); return Response.json({ ok: true }); }
  return Response.json(await db.prepare(body.sql).bind(...body.params).all()); } }`;
const mf = new Miniflare({ host: "127.0.0.1", port: 0, workers: [{ config: { name: "x", compatibilityDate: "2026-07-01",
  manifest: { mainModule: "a.js", modules: { "a.js": { type: "esm", contents: HELPER } } },
  env: { DB: { type: "d1", id: "x" } } } }] });
try {
  await mf.ready;
  const w = await mf.getWorker("x");
  const call = async (p, b) => { const r = await w.fetch("http://h/" + p, { method: "POST", body: JSON.stringify(b) }); const j = await r.json(); if (r.status !== 200) throw new Error(JSON.stringify(j)); return j; };
  const stmts = unstable_splitSqlQuery(readFileSync("migrations/0001_catalogue.sql", "utf8"));
  await call("batch", stmts.map((sql) => ({ sql, params: [] })));
  if (mode === "notrig") await call("batch", [{ sql: "DROP TRIGGER apps_fts_insert", params: [] }, { sql: "DROP TRIGGER apps_fts_delete", params: [] }]);
  if (mode === "noidx") await call("batch", ["apps_status_date","apps_status_name","apps_type_date","apps_type_name","apps_featured"].map((i) => ({ sql: `DROP INDEX ${i}`, params: [] })));
  const cat = generateCatalogue({ apps: N, seed: 1 });
  const all = catalogueStatements(cat);
  let t = performance.now();
  for (let i = 0; i < all.length; i += batchSize) await call("batch", all.slice(i, i + batchSize));
  console.log(mode, N, "batch", batchSize, "import ms", (performance.now() - t).toFixed(0));
  if (mode === "notrig") { t = performance.now(); await call("all", { sql: "INSERT INTO apps_fts(apps_fts) VALUES('rebuild')", params: [] }); console.log("rebuild ms", (performance.now() - t).toFixed(0)); }
} finally { await mf.dispose(); }
