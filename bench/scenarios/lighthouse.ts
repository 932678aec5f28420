// Lighthouse (`--only=lighthouse` runs just this): the production build serving the 400-app seed
// (seed 1, as `npm run db:seed`) with the content entries, in Miniflare on 127.0.0.1, audited by the
// npm `lighthouse` package with Debian's Chromium (mobile, Lighthouse's default: emulated phone,
// simulated slow 4G and 4× CPU slowdown). Reports the four category scores per page, the metrics
// behind performance, and every audit that kept a category below 100. --lighthouse-runs=N: median of N.
import { readFileSync } from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { Miniflare } from "miniflare";
import { generateCatalogue } from "../../scripts/lib/catalogue-generator.ts";
import { catalogueStatements } from "../../scripts/lib/catalogue-sql.ts";
import { CONTENT_VERSION_KEY, contentStatements, contentVersion, readContentDir, validateContent } from "../../scripts/lib/content-load.ts";
import { fmt, log, table, type Verdict, writeJson } from "../../scripts/harness/report.ts";
import { textBindings } from "../lib/build.ts";
import { migrate } from "../lib/catalogue.ts";
import { type Fetcher, helperOf, helperWorker, type Statement } from "../lib/worker.ts";
import type { BuildContext, Outcome, Scenario } from "../scenario.ts";

const CHROMIUM = process.env.CHROME_PATH ?? "/usr/bin/chromium";
export const LIGHTHOUSE_TARGETS = { accessibility: 100, "best-practices": 100, seo: 100, performance: 98 } as const;
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

/** The part of Lighthouse's result read here. */
type Lhr = {
  categories: Record<string, { score: number | null; auditRefs: { id: string; weight: number }[] } | undefined>;
  audits: Record<string, { score: number | null; title: string; numericValue?: number; details?: { type?: string; debugData?: { totalElements?: number } } } | undefined>;
  runtimeError?: { message: string };
};

async function run(ctx: BuildContext): Promise<Outcome> {
  const { root, build } = ctx;
  const runs = ctx.options.lighthouseRuns;
  const mf = new Miniflare({
    host: "127.0.0.1",
    port: 0,
    workers: [
      {
        config: {
          name: "app-hub",
          compatibilityDate: build.compatibilityDate,
          manifest: { mainModule: "app.js", modules: { "app.js": { type: "esm", contents: build.workerScript } } },
          env: { DB: { type: "d1", id: "lighthouse-db" }, KV: { type: "kv", id: "lighthouse-kv" }, ASSETS: { type: "assets" }, ...build.rateLimits, ...textBindings(build.vars) },
          assets: { directory: build.publicDir, hasUserWorker: true },
        },
      },
      helperWorker("lighthouse-helper", "lighthouse-db", build.compatibilityDate),
    ],
  } as ConstructorParameters<typeof Miniflare>[0]);
  let chrome: chromeLauncher.LaunchedChrome | null = null;
  try {
    const origin = (await mf.ready).origin;
    const helper = helperOf((await mf.getWorker("lighthouse-helper")) as unknown as Fetcher, "lighthouse helper");
    const batch = async (statements: Statement[]) => {
      for (let i = 0; i < statements.length; i += 500) await helper.batch(statements.slice(i, i + 500));
    };
    await migrate(root, helper);
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
      { type: "detail", path: `/applications/${encodeURIComponent(detail?.friendlyId ?? detail?.id ?? "")}`, judged: true },
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
    const port = chrome.port;
    const audit = async (url: string) => {
      // A run that could not trace the page (NO_NAVSTART and the like on a busy machine) is retried once.
      let result = await lighthouse(url, { port, output: "json", logLevel: "error" });
      if (result?.lhr.runtimeError) result = await lighthouse(url, { port, output: "json", logLevel: "error" });
      if (!result) throw new Error(`lighthouse: no result for ${url}`);
      return result.lhr as unknown as Lhr;
    };
    const perf = (l: Lhr) => l.categories.performance?.score ?? 0;
    const results = [];
    for (const page of pages) {
      const lhrs: Lhr[] = [];
      for (let i = 0; i < runs; i++) lhrs.push(await audit(`${origin}${page.path}`));
      // The run with the median performance score stands for the page.
      lhrs.sort((a, b) => perf(a) - perf(b));
      const lhr = lhrs[Math.floor(lhrs.length / 2)]!;
      // The whole report, for the details behind a score (open in Lighthouse's online viewer).
      writeJson(path.join(root, `.bench/lighthouse-${page.type}.json`), lhr);
      const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
      const numeric = (id: string) => lhr.audits[id]?.numericValue;
      const failing: string[] = [];
      for (const id of ["accessibility", "best-practices", "seo"]) {
        for (const ref of lhr.categories[id]?.auditRefs ?? []) {
          const a = lhr.audits[ref.id];
          if (a && ref.weight > 0 && a.score !== null && a.score < 1) failing.push(`${id}: ${ref.id} (${a.title})`);
        }
      }
      const opportunities = Object.entries(lhr.audits)
        .filter(([, a]) => a?.details?.type === "opportunity" && (a.numericValue ?? 0) > 50)
        .map(([id, a]) => `${id} ~${Math.round(a?.numericValue ?? 0)} ms`);
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, score(c)])) as Record<(typeof CATEGORIES)[number], number>;
      results.push({
        ...page,
        runs: lhrs.length,
        performanceAll: lhrs.map((l) => Math.round(perf(l) * 100)),
        scores,
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
        `  lighthouse ${page.type} ${page.path}: ${Object.entries(scores)
          .map(([k, v]) => `${k} ${v}`)
          .join(", ")}`,
      );
    }

    const version = (JSON.parse(readFileSync(path.join(root, "node_modules/lighthouse/package.json"), "utf8")) as { version: string }).version;
    const report = [
      `Lighthouse ${version} mobile (default config), ${runs} run(s) per page (median performance), production build, 400-app seed`,
      table(
        ["page", "path", "perf", "a11y", "best pr.", "SEO", "FCP ms", "LCP ms", "TBT ms", "CLS", "DOM el.", "JS boot ms"],
        results.map((r) => [
          r.type,
          r.path.length > 34 ? `${r.path.slice(0, 31)}…` : r.path,
          r.runs > 1 ? `${r.scores.performance} (${r.performanceAll.join("/")})` : r.scores.performance,
          r.scores.accessibility,
          r.scores["best-practices"],
          r.scores.seo,
          fmt(r.metrics.fcpMs, 0),
          fmt(r.metrics.lcpMs, 0),
          fmt(r.metrics.tbtMs, 0),
          fmt(r.metrics.cls, 3),
          fmt(r.metrics.domElements, 0),
          fmt(r.metrics.bootupMs, 0),
        ]),
      ),
    ];
    for (const r of results) {
      if (r.failing.length) report.push(`  ${r.type}: below 100 because of ${r.failing.join("; ")}`);
      if (r.opportunities.length) report.push(`  ${r.type}: opportunities ${r.opportunities.join(", ")}`);
      if (r.errors.length) report.push(`  ${r.type}: runtime error ${r.errors.join("; ")}`);
    }
    const verdicts: Verdict[] = [];
    for (const r of results.filter((p) => p.judged)) {
      for (const [id, min] of Object.entries(LIGHTHOUSE_TARGETS)) {
        const value = r.scores[id as keyof typeof LIGHTHOUSE_TARGETS];
        verdicts.push({ target: `Lighthouse ${id} (${r.type}) ${min === 100 ? "= 100" : `≥ ${min}`}`, value: String(value), ok: value >= min });
      }
    }
    return { report, verdicts, json: results };
  } finally {
    if (chrome) await chrome.kill();
    await mf.dispose();
  }
}

export const lighthouseScenario: Scenario = {
  id: "lighthouse",
  about: "Lighthouse mobile on the 400-app production build (home, list, detail; search shown), --lighthouse-runs=N",
  needs: "build",
  inFullRun: true,
  run,
};
