// First-load JavaScript and CSS per page type: every /build/ JS file a page's HTML loads or
// preloads, plus their static imports (dynamic import() is not first-load), gzip -9; and the CSS bundle.
import { gzipSync } from "node:zlib";
import { fmt, kb, table, type Verdict } from "../../scripts/harness/report.ts";
import type { CatalogueContext, Outcome, Scenario } from "../scenario.ts";

export const FIRST_LOAD_JS_KB = 90;

type Asset = { status: number; raw: number; gzip: number; text: string };

async function run(ctx: CatalogueContext): Promise<Outcome> {
  const origin = ctx.worker.origin;
  const gz = (buf: Buffer) => gzipSync(buf, { level: 9 }).length;
  const assets = new Map<string, Asset>();
  const getAsset = async (url: string): Promise<Asset> => {
    let asset = assets.get(url);
    if (!asset) {
      const res = await fetch(`${origin}${url}`);
      const buf = Buffer.from(await res.arrayBuffer());
      asset = { status: res.status, raw: buf.length, gzip: gz(buf), text: buf.toString("utf8") };
      assets.set(url, asset);
    }
    return asset;
  };
  const resolveImport = (from: string, spec: string) => (spec.startsWith("/") ? spec : new URL(spec, `http://x${from}`).pathname);
  const pages = [
    { type: "home", path: "/" },
    { type: "list", path: "/brand-new" },
    { type: "detail", path: `/applications/${encodeURIComponent(ctx.fixtures.detailIds[0] ?? "")}` },
    { type: "404", path: "/no-such-page-bench" },
  ];
  const firstLoad = [];
  for (const page of pages) {
    const res = await fetch(`${origin}${page.path}`, { headers: ctx.headers.browser });
    const html = await res.text();
    const js = new Set<string>();
    const css = new Set<string>();
    for (const m of html.matchAll(/<script\b[^>]*\bsrc="(\/build\/[^"]+\.js)"/g)) js.add(m[1] ?? "");
    for (const m of html.matchAll(/<link\b[^>]*>/g)) {
      const href = /\bhref="(\/build\/[^"]+)"/.exec(m[0])?.[1];
      if (!href) continue;
      if (/\brel="modulepreload"/.test(m[0])) js.add(href);
      if (/\brel="stylesheet"/.test(m[0])) css.add(href);
    }
    // Inline module scripts: import "/build/manifest-….js"; import * as route0 from "/build/…".
    for (const m of html.matchAll(/\bimport\s*(?:[\w*{}\s,$]+from\s*)?["'](\/build\/[^"']+\.js)["']/g)) js.add(m[1] ?? "");
    const preloaded = new Set(js);
    // Follow static imports inside the chunks (dynamic import() is not first-load).
    const queue = [...js];
    while (queue.length) {
      const url = queue.shift() ?? "";
      const a = await getAsset(url);
      for (const m of a.text.matchAll(/\b(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+\.js)["']/g)) {
        const dep = resolveImport(url, m[1] ?? "");
        if (dep.startsWith("/build/") && !js.has(dep)) {
          js.add(dep);
          queue.push(dep);
        }
      }
    }
    const sum = async (urls: Set<string>) => {
      let raw = 0;
      let gzip = 0;
      for (const url of urls) {
        const a = await getAsset(url);
        raw += a.raw;
        gzip += a.gzip;
      }
      return { raw, gzip };
    };
    const jsSize = await sum(js);
    const cssSize = await sum(css);
    firstLoad.push({
      type: page.type,
      path: page.path,
      status: res.status,
      files: js.size,
      notPreloaded: [...js].filter((u) => !preloaded.has(u)),
      notOk: [...js, ...css].filter((u) => assets.get(u)?.status !== 200),
      jsRawKb: kb(jsSize.raw),
      jsGzipKb: kb(jsSize.gzip),
      jsFiles: [...js].map((u) => ({ url: u, gzipKb: kb(assets.get(u)?.gzip ?? 0) })).sort((a, b) => b.gzipKb - a.gzipKb),
      cssFiles: [...css],
      cssRawKb: kb(cssSize.raw),
      cssGzipKb: kb(cssSize.gzip),
      htmlKb: kb(Buffer.byteLength(html)),
      htmlGzipKb: kb(gz(Buffer.from(html))),
    });
  }
  const verdicts: Verdict[] = firstLoad.map((p) => ({
    target: `first-load JS (${p.type}) ≤ ${FIRST_LOAD_JS_KB} KB gzip`,
    value: `${fmt(p.jsGzipKb)} KB`,
    ok: p.jsGzipKb <= FIRST_LOAD_JS_KB,
  }));
  const report = [
    "First-load JavaScript per page type (every /build/ JS the HTML loads or preloads, plus their static imports; gzip -9)",
    table(
      ["page", "path", "status", "JS files", "JS raw KB", "JS gzip KB", `target ≤${FIRST_LOAD_JS_KB} KB`, "CSS gzip KB", "HTML gzip KB"],
      firstLoad.map((p) => [
        p.type,
        p.path.length > 40 ? `${p.path.slice(0, 37)}…` : p.path,
        p.status,
        p.files,
        fmt(p.jsRawKb),
        fmt(p.jsGzipKb),
        p.jsGzipKb <= FIRST_LOAD_JS_KB ? "ok" : "MISSED",
        fmt(p.cssGzipKb),
        fmt(p.htmlGzipKb),
      ]),
    ),
  ];
  const cssFiles = [...new Set(firstLoad.flatMap((p) => p.cssFiles))];
  report.push(`CSS bundle: ${cssFiles.map((f) => `${f} ${fmt(kb(assets.get(f)?.raw ?? 0))} KB raw, ${fmt(kb(assets.get(f)?.gzip ?? 0))} KB gzip`).join("; ")}`);
  const notOk = firstLoad.filter((p) => p.notOk.length);
  if (notOk.length) report.push(`WARNING: assets not 200 (a rebuild during the run?): ${notOk.map((p) => `${p.type}: ${p.notOk.join(", ")}`).join("; ")}`);
  const notPreloaded = firstLoad.filter((p) => p.notPreloaded.length);
  if (notPreloaded.length) report.push(`note: static imports not modulepreloaded: ${notPreloaded.map((p) => `${p.type}: ${p.notPreloaded.join(", ")}`).join("; ")}`);
  return { report, verdicts, json: firstLoad };
}

export const firstLoad: Scenario = {
  id: "first-load",
  about: "first-load JavaScript (gzip -9) per page type and the CSS bundle; runs whenever the catalogue Worker does",
  needs: "catalogue",
  always: true,
  inFullRun: true,
  run,
};
