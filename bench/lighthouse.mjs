// Lighthouse for `npm run bench` (`--only=lighthouse` runs just this): the production build serving
// the 400-app seed (seed 1, as `npm run db:seed`) with the content entries, in Miniflare on
// 127.0.0.1, audited by the npm `lighthouse` package with Debian's Chromium (mobile, Lighthouse's
// default: emulated phone, simulated slow 4G and 4× CPU slowdown). Prints the four category scores
// per page, the metrics behind performance, and every audit that kept a category below 100.
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import lighthouse from "lighthouse";
import * as chromeLauncher from "chrome-launcher";
import { Miniflare } from "miniflare";
import { unstable_splitSqlQuery } from "wrangler";
import { generateCatalogue } from "../scripts/lib/catalogue-generator.ts";
import { catalogueStatements } from "../scripts/lib/catalogue-sql.ts";
import { CONTENT_VERSION_KEY, contentStatements, contentVersion, readContentDir, validateContent } from "../scripts/lib/content-load.ts";

const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";
export const LIGHTHOUSE_TARGETS = { accessibility: 100, "best-practices": 100, seo: 100, performance: 98 };

const BATCH_HELPER = `
export default {
  async fetch(request, env) {
    const body = await request.json();
    await env.DB.batch(body.map((s) => env.DB.prepare(s.sql).bind(...s.params)));
    return Response.json({ ok: true });
  },
};
`;

/**
 * @param {{ root: string, workerScript: string, publicDir: string, vars: Record<string, string>,
 *   rateLimits: Record<string, object>, compatibilityDate: string, runs: number, log: (msg: string) => void }} options
 * @returns {Promise<{ pages: object[], verdicts: { target: string, value: string, ok: boolean }[] }>}
 */
export async function runLighthouse({ root, workerScript, publicDir, vars, rateLimits, compatibilityDate, runs, log }) {
  const mf = new Miniflare({
    host: "127.0.0.1",
    port: 0,
    workers: [
      {
        config: {
          name: "app-hub",
          compatibilityDate,
          manifest: { mainModule: "app.js", modules: { "app.js": { type: "esm", contents: workerScript } } },
          env: {
            DB: { type: "d1", id: "lighthouse-db" },
            KV: { type: "kv", id: "lighthouse-kv" },
            ASSETS: { type: "assets" },
            ...rateLimits,
            ...Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, { type: "text", value: v }])),
          },
          assets: { directory: publicDir, hasUserWorker: true },
        },
      },
      {
        config: {
          name: "lighthouse-helper",
          compatibilityDate,
          manifest: { mainModule: "helper.js", modules: { "helper.js": { type: "esm", contents: BATCH_HELPER } } },
          env: { DB: { type: "d1", id: "lighthouse-db" } },
        },
      },
    ],
  });
  let chrome = null;
  try {
    const origin = (await mf.ready).origin;
    const helper = await mf.getWorker("lighthouse-helper");
    const batch = async (statements) => {
      for (let i = 0; i < statements.length; i += 500) {
        const res = await helper.fetch("http://helper/batch", { method: "POST", body: JSON.stringify(statements.slice(i, i + 500)) });
        if (res.status !== 200) throw new Error(`lighthouse: batch failed: ${res.status} ${await res.text()}`);
        await res.arrayBuffer();
      }
    };
    for (const file of readdirSync(`${root}/migrations`)
      .filter((f) => f.endsWith(".sql"))
      .sort()) {
      await batch(unstable_splitSqlQuery(readFileSync(`${root}/migrations/${file}`, "utf8")).map((sql) => ({ sql, params: [] })));
    }
    // The 400-app seed, as `npm run db:seed` makes it; its few http:// logos point at this server.
    const catalogue = generateCatalogue({ apps: 400, seed: 1, httpLogoOrigin: origin });
    await batch(catalogueStatements(catalogue));
    const entries = validateContent(readContentDir(path.join(root, "content")));
    await batch(contentStatements(entries, new Date().toISOString()));
    const kv = await mf.getKVNamespace("KV");
    await kv.put("catalogue-version", `${catalogue.version}-lighthouse-${Date.now()}`);
    await kv.put(CONTENT_VERSION_KEY, contentVersion(entries));

    const detail = catalogue.apps.find((a) => a.status === "published" && a.type === "bot") ?? catalogue.apps[0];
    const pages = [
      { type: "home", path: "/", judged: true },
      { type: "list", path: "/brand-new", judged: true },
      { type: "detail", path: `/applications/${encodeURIComponent(detail.friendlyId ?? detail.id)}`, judged: true },
      // Search results are noindex on purpose (SEO below 100 by design); shown, not judged.
      { type: "search", path: `/search?${new URLSearchParams({ q: "poll" })}`, judged: false },
    ];
    // Warm the Worker (first requests compile the script and fill memos).
    for (const page of pages) {
      const res = await fetch(`${origin}${page.path}`);
      const body = await res.text();
      if (res.status !== 200) throw new Error(`lighthouse: GET ${page.path} answered ${res.status}: ${body.slice(0, 300)}`);
    }

    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: [
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    });
    const results = [];
    for (const page of pages) {
      const lhrs = [];
      for (let i = 0; i < runs; i++) {
        // A run that could not trace the page (NO_NAVSTART and the like on a busy machine) is retried once.
        let result = await lighthouse(`${origin}${page.path}`, { port: chrome.port, output: "json", logLevel: "error" });
        if (result?.lhr.runtimeError) result = await lighthouse(`${origin}${page.path}`, { port: chrome.port, output: "json", logLevel: "error" });
        if (!result) throw new Error(`lighthouse: no result for ${page.path}`);
        lhrs.push(result.lhr);
      }
      // The run with the median performance score stands for the page.
      lhrs.sort((a, b) => (a.categories.performance.score ?? 0) - (b.categories.performance.score ?? 0));
      const lhr = lhrs[Math.floor(lhrs.length / 2)];
      // The whole report, for the details behind a score (open in https://googlechrome.github.io/lighthouse/viewer/).
      mkdirSync(path.join(root, ".bench"), { recursive: true });
      writeFileSync(path.join(root, `.bench/lighthouse-${page.type}.json`), JSON.stringify(lhr));
      const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const numeric = (id) => lhr.audits[id]?.numericValue;
      const failing = [];
      for (const id of ["accessibility", "best-practices", "seo"]) {
        for (const ref of lhr.categories[id].auditRefs) {
          const audit = lhr.audits[ref.id];
          if (ref.weight > 0 && audit.score !== null && audit.score < 1) failing.push(`${id}: ${ref.id} (${audit.title})`);
        }
      }
      const opportunities = Object.values(lhr.audits)
        .filter((a) => a.details?.type === "opportunity" && (a.numericValue ?? 0) > 50)
        .map((a) => `${a.id} ~${Math.round(a.numericValue)} ms`);
      results.push({
        ...page,
        runs: lhrs.length,
        performanceAll: lhrs.map((l) => Math.round((l.categories.performance.score ?? 0) * 100)),
        scores: { performance: score("performance"), accessibility: score("accessibility"), "best-practices": score("best-practices"), seo: score("seo") },
        metrics: {
          fcpMs: numeric("first-contentful-paint"),
          lcpMs: numeric("largest-contentful-paint"),
          tbtMs: numeric("total-blocking-time"),
          cls: numeric("cumulative-layout-shift"),
          siMs: numeric("speed-index"),
          domElements: numeric("dom-size") ?? lhr.audits["dom-size-insight"]?.details?.debugData?.totalElements,
          bootupMs: numeric("bootup-time"),
          mainThreadMs: numeric("mainthread-work-breakdown"),
        },
        failing,
        opportunities,
        errors: lhr.runtimeError ? [lhr.runtimeError.message] : [],
      });
      log(
        `  lighthouse ${page.type} ${page.path}: ${Object.entries(results.at(-1).scores)
          .map(([k, v]) => `${k} ${v}`)
          .join(", ")}`,
      );
    }

    const fmt = (n, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : "-");
    log("");
    const version = JSON.parse(readFileSync(path.join(root, "node_modules/lighthouse/package.json"), "utf8")).version;
    log(`Lighthouse ${version} mobile (default config), ${runs} run(s) per page (median performance), production build, 400-app seed`);
    const header = ["page", "path", "perf", "a11y", "best pr.", "SEO", "FCP ms", "LCP ms", "TBT ms", "CLS", "DOM el.", "JS boot ms"];
    const rows = results.map((r) => [
      r.type,
      r.path.length > 34 ? `${r.path.slice(0, 31)}…` : r.path,
      r.runs > 1 ? `${r.scores.performance} (${r.performanceAll.join("/")})` : r.scores.performance,
      r.scores.accessibility,
      r.scores["best-practices"],
      r.scores.seo,
      fmt(r.metrics.fcpMs),
      fmt(r.metrics.lcpMs),
      fmt(r.metrics.tbtMs),
      fmt(r.metrics.cls, 3),
      fmt(r.metrics.domElements),
      fmt(r.metrics.bootupMs),
    ]);
    const cells = [header, ...rows].map((r) => r.map((c) => String(c ?? "")));
    const widths = header.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
    const line = (r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
    log([line(cells[0]), widths.map((w) => "-".repeat(w)).join("  "), ...cells.slice(1).map(line)].join("\n"));
    for (const r of results) {
      if (r.failing.length) log(`  ${r.type}: below 100 because of ${r.failing.join("; ")}`);
      if (r.opportunities.length) log(`  ${r.type}: opportunities ${r.opportunities.join(", ")}`);
      if (r.errors.length) log(`  ${r.type}: runtime error ${r.errors.join("; ")}`);
    }

    const verdicts = [];
    for (const r of results.filter((p) => p.judged)) {
      for (const [id, min] of Object.entries(LIGHTHOUSE_TARGETS)) {
        const ok = r.scores[id] >= min;
        verdicts.push({ target: `Lighthouse ${id} (${r.type}) ${min === 100 ? "= 100" : `≥ ${min}`}`, value: String(r.scores[id]), ok });
      }
    }
    return { pages: results, verdicts };
  } finally {
    if (chrome) await chrome.kill();
    await mf.dispose();
  }
}
