// The catalogue the load runs against: migrations (and --proposed schema changes), a generated
// catalogue of --apps apps imported through the helper Worker with the FTS triggers on (as a real
// import), reviews as a live marketplace has them, and a logged-in session for uncached requests.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { createCookie } from "@remix-run/cloudflare";
import { unstable_splitSqlQuery } from "wrangler";
import { loadavg } from "node:os";
import type { AppRecord, CatalogueFile, PublisherRecord } from "../../app/models/catalogue-record.ts";
import { CatalogueGenerator } from "../../scripts/lib/catalogue-generator.ts";
import { CatalogueSql, type SqlStatement, StatementMerger } from "../../scripts/lib/catalogue-sql.ts";
import { fmt, log } from "../../scripts/harness/report.ts";
import type { Helper, Statement } from "./worker.ts";

/** Applies migrations/*.sql in order (and bench/proposed/*.sql with `proposed`); returns ms. */
export async function migrate(root: string, helper: Helper, proposed = false): Promise<number> {
  const started = performance.now();
  const sqlFiles = (dir: string) =>
    existsSync(dir)
      ? readdirSync(dir)
          .filter((f) => f.endsWith(".sql"))
          .sort()
      : [];
  for (const file of sqlFiles(`${root}/migrations`)) {
    await helper.batch(unstable_splitSqlQuery(readFileSync(`${root}/migrations/${file}`, "utf8")).map((sql) => ({ sql, params: [] })));
  }
  if (proposed) {
    // A/B: also apply the schema changes this benchmark proposes (bench/proposed/*.sql).
    // The directory exists only while a change is proposed; applied proposals move to migrations/.
    const files = sqlFiles(`${root}/bench/proposed`);
    if (files.length === 0) log("bench: --proposed: no proposals in bench/proposed");
    for (const file of files) {
      await helper.batch(unstable_splitSqlQuery(readFileSync(`${root}/bench/proposed/${file}`, "utf8")).map((sql) => ({ sql, params: [] })));
      log(`bench: --proposed: applied bench/proposed/${file}`);
    }
  }
  return performance.now() - started;
}

/** Apps the bench keeps in memory after the import: enough for the detail target's apps (every 997th listed one, 50) and the reviews (the first 50,000 published apps). */
export const RETAINED_APPS = 60_000;

/** One slice of the import: its apps, when it ended, and the machine then. */
export type SliceFigure = { apps: number; generateMs: number; sqlMs: number; importMs: number; sizeBytes: number | null; rssBytes: number; loadAverage1m: number };

export type Imported = {
  /** The catalogue's publishers, categories and version, with its first RETAINED_APPS apps (all of a smaller catalogue). */
  catalogue: CatalogueFile;
  /** How many apps were imported. */
  apps: number;
  /** Generating the apps (the bench's generator). */
  generateMs: number;
  /** Building the import's SQL (catalogue statements, parameters inlined, merged). */
  sqlMs: number;
  /** Sending it to D1 (waiting on the helper Worker). */
  importMs: number;
  /** The whole of it, wall time. */
  totalMs: number;
  statements: number;
  sizeBytes: number | null;
  peakRssBytes: number;
  slices: SliceFigure[];
};

const breathe = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Generates a catalogue of `apps` apps (seed 1) and imports it as the import script does
 * (scripts/import-catalogue.ts: catalogueStatements with their parameters inlined, multi-row INSERTs
 * merged to ~90 KB each: mergedStatements), in slices of `sliceApps` apps (issue 31): a slice is
 * generated, its SQL built (seq and collection positions carry on from the slice before) and sent
 * to the helper in calls of at most ~`callBytes` of SQL, each one D1 batch (one transaction), then
 * the next. Neither the catalogue nor its SQL is ever in memory whole (a 250,000-app catalogue and
 * its SQL took 1.7 GB), and the work yields to the event loop every `partApps` apps: seconds of
 * synchronous work while Miniflare runs leave its kept-alive connections to workerd closed under
 * Node's feet (EPIPE, "fetch failed" on the next call). The FTS triggers stay on, as in a real import.
 * Unlike the import script's one batch, the slices are separate transactions.
 */
export async function generateAndImport(
  helper: Helper,
  apps: number,
  { sliceApps = 50_000, partApps = 2_000, callBytes = 2_000_000, retainApps = RETAINED_APPS } = {},
): Promise<Imported> {
  const started = performance.now();
  const generator = new CatalogueGenerator({ apps, seed: 1 });
  const retained: AppRecord[] = [];
  let publishers: PublisherRecord[] | null = null;
  let sql: CatalogueSql | null = null;
  const merger = new StatementMerger();
  let generateMs = 0;
  let sqlMs = 0;
  let importMs = 0;
  let statements = 0;
  let sizeBytes: number | null = null;
  let peakRssBytes = 0;
  const slices: SliceFigure[] = [];
  let call: Statement[] = [];
  let bytes = 0;
  const send = async () => {
    if (call.length === 0) return;
    const sent = performance.now();
    sizeBytes = (await helper.batch(call)).sizeAfter;
    importMs += performance.now() - sent;
    call = [];
    bytes = 0;
  };
  const sendMerged = async () => {
    for (const text of merger.take()) {
      statements++;
      if (bytes + text.length > callBytes) await send();
      call.push({ sql: text, params: [] });
      bytes += text.length;
    }
  };
  const build = async (list: SqlStatement[]) => {
    const t = performance.now();
    for (const statement of list) merger.push(statement);
    sqlMs += performance.now() - t;
    await sendMerged();
  };
  do {
    const slice: AppRecord[] = [];
    const sliceStarted = { generateMs, sqlMs, importMs };
    while (slice.length < sliceApps && generator.generated < apps) {
      const t = performance.now();
      for (let i = 0; i < partApps && slice.length < sliceApps; i++) {
        const app = generator.next();
        if (!app) break;
        slice.push(app);
        if (retained.length < retainApps) retained.push(app);
      }
      generateMs += performance.now() - t;
      await breathe();
    }
    const last = generator.generated >= apps;
    if (!sql) {
      publishers = generator.publishers();
      sql = new CatalogueSql({ publishers, categories: generator.categories, apps: slice });
      await build(sql.head());
    }
    for (let i = 0; i < slice.length; i += partApps) {
      const t = performance.now();
      const part = sql.apps(slice.slice(i, i + partApps));
      sqlMs += performance.now() - t;
      await build(part);
      await breathe();
    }
    if (last) {
      generator.next();
      generator.checkPrediction();
      await build(sql.tail(generator.version));
      merger.flush();
      await sendMerged();
    }
    await send();
    const rssBytes = process.memoryUsage.rss();
    peakRssBytes = Math.max(peakRssBytes, rssBytes);
    const figure: SliceFigure = {
      apps: generator.generated,
      generateMs: generateMs - sliceStarted.generateMs,
      sqlMs: sqlMs - sliceStarted.sqlMs,
      importMs: importMs - sliceStarted.importMs,
      sizeBytes,
      rssBytes,
      loadAverage1m: loadavg()[0] ?? Number.NaN,
    };
    slices.push(figure);
    if (apps > sliceApps) {
      log(
        `bench: import: ${figure.apps.toLocaleString("en-US")} apps, ${fmt((performance.now() - started) / 1000, 0)} s; this slice: generate ${fmt(figure.generateMs / 1000, 1)} s, ` +
          `SQL ${fmt(figure.sqlMs / 1000, 1)} s, D1 ${fmt(figure.importMs / 1000, 1)} s; D1 ${fmt((sizeBytes ?? 0) / 2 ** 20, 0)} MB; RSS ${fmt(rssBytes / 2 ** 20, 0)} MB; load ${fmt(figure.loadAverage1m)}`,
      );
    }
  } while (generator.generated < apps);
  const catalogue: CatalogueFile = { version: generator.version, publishers: publishers ?? [], categories: generator.categories, apps: retained };
  log(
    `bench: generated ${apps} apps, ${catalogue.categories.length} categories in ${fmt(generateMs / 1000, 2)} s; SQL ${fmt(sqlMs / 1000, 2)} s; ` +
      `D1 ${fmt(importMs / 1000, 2)} s; ${statements} statements; peak RSS ${fmt(peakRssBytes / 2 ** 20, 0)} MB`,
  );
  return { catalogue, apps, generateMs, sqlMs, importMs, totalMs: performance.now() - started, statements, sizeBytes, peakRssBytes, slices };
}

/** The apps the detail target opens in turn (each has a page of reviews: seedReviews). */
export function detailApps(catalogue: CatalogueFile): AppRecord[] {
  return catalogue.apps
    .filter((a) => a.status === "published" && !a.deprecation)
    .filter((_, i) => i % 997 === 0)
    .slice(0, 50);
}

/**
 * Ratings and reviews (issue 15), as a live marketplace has them: every detail-target app has 25
 * reviews (a page of 10 shows, with paging), one app in five has 1-8, the rest none; ratings lean
 * to 4 and 5 stars. Deterministic. The apps' rating columns are then written from the reviews, as
 * the import does. Literal multi-row INSERTs of ~90 KB: the 100-parameter limit would mean ~4,000
 * statements. Returns ms.
 */
export async function seedReviews(helper: Helper, catalogue: CatalogueFile): Promise<number> {
  const started = performance.now();
  let state = 20261126;
  const rnd = () => {
    state = (Math.imul(state, 1103515245) + 12345) >>> 0;
    return state / 2 ** 32;
  };
  const pickOf = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
  const detail = new Set(detailApps(catalogue).map((a) => a.id));
  const TITLES = ["Does the job", "Great for our team", "Saves us hours", "Good, with rough edges", "Not what we needed", "Solid and fast", "Setup was painless"];
  const BODIES = [
    "We rolled it out to 40 people in an afternoon. The daily summary is the part everyone uses.",
    "Works as described. Support answered within a day when we had a question about permissions.",
    "It does one thing and does it well. I would like more control over notifications.",
    "",
  ];
  const rows: string[] = [];
  const reviewed = new Set<string>();
  let seen = 0;
  for (const app of catalogue.apps) {
    if (app.status !== "published") continue;
    // Past the first 50,000 apps only the detail apps get reviews: the reviews (and the time to
    // seed them) stay those of the 50,000-app catalogue whatever --apps says.
    if (seen++ >= 50_000 && !detail.has(app.id)) continue;
    const n = detail.has(app.id) ? 25 : rnd() < 0.2 ? 1 + Math.floor(rnd() * 8) : 0;
    if (n) reviewed.add(app.id);
    for (let j = 0; j < n; j++) {
      const roll = rnd();
      const rating = roll < 0.45 ? 5 : roll < 0.75 ? 4 : roll < 0.87 ? 3 : roll < 0.94 ? 2 : 1;
      const at = new Date(Date.UTC(2025, 0, 1) + Math.floor(rnd() * 690) * 86_400_000).toISOString();
      const body = pickOf(BODIES);
      rows.push(`('${app.id}', 'bench-user-${j}', 'Reviewer ${j + 1}', ${rating}, '${pickOf(TITLES)}', '${body}', '${at}', '${at}', ${Math.floor(rnd() * 12)})`);
    }
  }
  const head = "INSERT INTO reviews (app_id, user_id, author_name, rating, title, body, created_at, updated_at, helpful_count) VALUES ";
  const inserts: Statement[] = [];
  for (let i = 0; i < rows.length; ) {
    let bytes = head.length;
    const chunk: string[] = [];
    while (i < rows.length && bytes + (rows[i] ?? "").length + 2 < 90_000) {
      bytes += (rows[i] ?? "").length + 2;
      chunk.push(rows[i++] ?? "");
    }
    inserts.push({ sql: head + chunk.join(", "), params: [] });
  }
  for (let i = 0; i < inserts.length; i += 50) await helper.batch(inserts.slice(i, i + 50));
  await helper.batch([
    {
      sql: `UPDATE apps SET rating_avg = r.average, rating_count = r.total
            FROM (SELECT app_id, avg(rating) AS average, count(*) AS total FROM reviews WHERE state = 'visible' GROUP BY app_id) r
            WHERE apps.id = r.app_id`,
      params: [],
    },
  ]);
  log(`bench: ${rows.length} reviews on ${reviewed.size} apps`);
  return performance.now() - started;
}

/** Stores session `data` in KV under `id` (as app/auth/session.server.ts does) and returns its Cookie header value. */
export async function storeSession(kv: KVNamespace, vars: Record<string, string>, id: string, data: Record<string, unknown>): Promise<string> {
  await kv.put(id, JSON.stringify(data));
  const secrets = (vars.SESSION_SECRETS ?? "").split(",").map((v) => v.trim());
  const cookie = createCookie(vars.SESSION_COOKIE_NAME ?? "__session", { secrets });
  return (await cookie.serialize(id)).split(";")[0] ?? "";
}

/** Tokens of a bench session, valid for a week. */
export const benchTokens = () => {
  const far = Date.now() + 7 * 24 * 3600 * 1000;
  return { accessToken: "bench", refreshToken: "bench", accessExpiresAt: far, refreshExpiresAt: far };
};

/** Stores a logged-in session in KV (as app/auth/session.server.ts does) and returns its Cookie header value. */
export async function benchSession(kv: KVNamespace, vars: Record<string, string>): Promise<string> {
  const user = {
    id: "Y2lzY29zcGFyazovL3VzL1BFT1BMRS9iZW5jaA",
    userId: "bench",
    orgId: "Y2lzY29zcGFyazovL3VzL09SR0FOSVpBVElPTi9iZW5jaA",
    displayName: "Bench Person",
    firstName: "Bench",
    lastName: "Person",
    nickName: "",
    emails: ["bench@acme.example"],
    emailDomain: "acme.example",
    avatar: null,
    portalDisplayName: "Bench Person",
  };
  return storeSession(kv, vars, "bench-session-0001", { user, tokens: benchTokens(), trackingSession: "bench", createdAt: Date.now() });
}
