import { readFileSync } from "node:fs";
import { Miniflare } from "miniflare";
import { unstable_splitSqlQuery } from "wrangler";
import { generateCatalogue } from "../scripts/lib/catalogue-generator.ts";
import { catalogueStatements } from "../scripts/lib/catalogue-sql.ts";
const N = Number(process.argv[2] ?? 5000);
const mode = process.argv[3] ?? "plain";
const batchSize = Number(process.argv[4] ?? 200);
const mf = new Miniflare({ host: "127.0.0.1", port: 0, workers: [{ config: { name: "x", compatibilityDate: "2026-07-01",
  manifest: { mainModule: "a.js", modules: { "a.js": { type: "esm", contents: "export default { fetch() { return new Response('x') } }" } } },
  env: { DB: { type: "d1", id: "x" } } } }] });
try {
  await mf.ready;
  const db = await mf.getD1Database("DB");
  let sql = readFileSync("migrations/0001_catalogue.sql", "utf8");
  const stmts = unstable_splitSqlQuery(sql);
  await db.batch(stmts.map((s) => db.prepare(s)));
  if (mode === "notrig") await db.batch([db.prepare("DROP TRIGGER apps_fts_insert"), db.prepare("DROP TRIGGER apps_fts_delete")]);
  const cat = generateCatalogue({ apps: N, seed: 1 });
  const all = catalogueStatements(cat);
  const lens = cat.apps.slice(0, 200).map((a) => a.description.length);
  console.log("avg description chars", lens.reduce((a, b) => a + b, 0) / lens.length, "statements", all.length);
  let t = performance.now();
  for (let i = 0; i < all.length; i += batchSize) await db.batch(all.slice(i, i + batchSize).map((s) => db.prepare(s.sql).bind(...s.params)));
  console.log(mode, N, "import ms", (performance.now() - t).toFixed(0));
  if (mode === "notrig") { t = performance.now(); await db.prepare("INSERT INTO apps_fts(apps_fts) VALUES('rebuild')").run(); console.log("rebuild ms", (performance.now() - t).toFixed(0)); }
} finally { await mf.dispose(); }
