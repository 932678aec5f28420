// Runs the built Worker (dist/app.js) in Miniflare with in-memory D1 and KV, migrated and seeded
// with the generated catalogue, so integration tests exercise exactly what `wrangler deploy` ships.
import { readFileSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Miniflare } from "miniflare";
import { unstable_readConfig, unstable_splitSqlQuery } from "wrangler";
import { generateCatalogue, withDemoVendorConnectUrls } from "../../scripts/lib/catalogue-generator.ts";
import { migrationsText, persistenceFrom, snapshotKey } from "../d1-snapshots.ts";
import { catalogueStatements } from "../../scripts/lib/catalogue-sql.ts";
import { textBindings } from "../../bench/lib/build.ts";
import { withTestClock } from "../test-clock.ts";
import type { CatalogueFile } from "../../app/models/catalogue-record.ts";
import {
  checkVersions,
  CONTENT_VERSION_KEY,
  contentStatements,
  contentVersion,
  readContentDir,
  validateContent,
  type ContentSource,
  type StoredEntry,
} from "../../scripts/lib/content-load.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** A built Worker's config in Miniflare: its bundle (`dist/<file>`) and the static assets before it. */
function builtWorker(name: string, file: "app.js" | "front.js") {
  return {
    name,
    compatibilityDate: "2026-07-01",
    manifest: withTestClock({ mainModule: "app.js", modules: { "app.js": { type: "esm" as const, contents: readFileSync(`${root}/dist/${file}`, "utf8") } } }),
    assets: { directory: `${root}/public`, hasUserWorker: true },
  };
}

/**
 * One built Worker (`dist/<file>`) alone in Miniflare, with wrangler.toml's development vars and
 * only the bindings given: for what a Worker does when a binding it needs is missing.
 */
export function loneWorker(file: "app.js" | "front.js", bindings: Record<string, unknown>): Miniflare {
  const env = { ASSETS: { type: "assets" }, ...bindings, ...textBindings({ ...wranglerVars(), LOG_LEVEL: "error" }) };
  return new Miniflare({ workers: [{ config: { ...builtWorker(`lone-${file.replace(".js", "")}`, file), env } }] } as ConstructorParameters<typeof Miniflare>[0]);
}

/** The two Workers' names (docs/decisions/057): requests enter the front; crons and queues run in the back office. */
export const FRONT_WORKER = "app-hub-front";
export const BACK_OFFICE_WORKER = "app-hub";

export type TestWorker = {
  mf: Miniflare;
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
  db: D1Database;
  kv: KVNamespace;
  catalogue: CatalogueFile;
  /** Where requests appear to go (a real listening address with `listen`). */
  origin: string;
  dispose: () => Promise<void>;
};

/**
 * What a strict environment must set instead of the development demo values (config validation
 * refuses those everywhere but SERVER_ENVIRONMENT="development"). Tests that run the Worker as
 * production get these unless they give their own: the secrets `wrangler secret put` would set, and
 * test stand-ins for the public values (the real platform is never called from a test).
 */
/**
 * What a deploy adds to a strict environment's wrangler.toml vars: the secrets of README "Deploy"
 * (`wrangler secret put`) and the client id left empty there. Test values, never real ones.
 */
export const TEST_DEPLOY_SECRETS: Record<string, string> = {
  OAUTH_CLIENT_ID: "test-production-client-id",
  OAUTH_CLIENT_SECRET: "test-production-client-secret",
  SESSION_SECRETS: "test-production-session-secret-0123456789abcdef",
  SUPPORT_BOT_TOKEN: "test-production-support-bot-token",
  INCOMING_WEBHOOKS_BOT_TOKEN: "test-production-incoming-bot-token",
  OUTGOING_WEBHOOKS_BOT_TOKEN: "test-production-outgoing-bot-token",
  UPDATES_BOT_TOKEN: "test-production-updates-bot-token",
  // Left empty in wrangler.toml like the client id: the deployer sets the platform's own page.
  PLATFORM_TOKENS_PAGE_URL: "https://platform-settings.invalid/account/authorized-apps",
};

export const PRODUCTION_TEST_VARS: Record<string, string> = {
  ...TEST_DEPLOY_SECRETS,
  PORTAL_URL: "https://apphub.test",
  PLATFORM_API_BASE: "https://platform.invalid/v1",
  IMAGE_PROXY_ALLOW_PRIVATE: "false",
  // Production refuses a non-https oEmbed endpoint (wrangler.toml points at the local emulator).
  OEMBED_ENDPOINT: "https://oembed.invalid/api/oembed.json",
};

/** The vars of one wrangler.toml environment: development (what the tests run) or a strict one. */
export function wranglerVars(env: "development" | "staging" | "production" = "development"): Record<string, string> {
  const config = unstable_readConfig({ config: `${root}/wrangler.toml`, env }, { hideWarnings: true });
  return Object.fromEntries(Object.entries(config.vars).map(([k, v]) => [k, String(v)]));
}

export type RateLimitBinding = { name: string; namespace_id: string; simple: { limit: number; period: 10 | 60 } };

/** wrangler.toml's `[[ratelimits]]` bindings (docs/decisions/013), as the Worker gets them in production. */
export function rateLimitBindings(env: "development" | "staging" | "production" = "development"): RateLimitBinding[] {
  const config = unstable_readConfig({ config: `${root}/wrangler.toml`, env }, { hideWarnings: true });
  return config.ratelimits as RateLimitBinding[];
}

/**
 * Miniflare counts rate limits in windows aligned to the clock (10 or 60 s): a test that must see
 * a limit reached starts its burst early in a window, so the window cannot roll over (and reset the
 * count) in the middle of it.
 */
export async function freshRateWindow(binding: string): Promise<void> {
  const period = rateLimitBindings().find((b) => b.name === binding)?.simple.period;
  if (!period) throw new Error(`No [[ratelimits]] binding named ${binding} in wrangler.toml`);
  const ms = period * 1000;
  const left = ms - (Date.now() % ms);
  if (left < 5_000) await new Promise((resolve) => setTimeout(resolve, left + 50));
}

/**
 * Miniflare bindings for wrangler.toml's rate limits. `limits` lowers (or raises) a named binding's
 * limit for one test file, so a test can reach it in a few requests; a name that is not in
 * wrangler.toml is an error, so tests cannot drift from the real bindings.
 */
export function rateLimitEnv(limits: Record<string, number> = {}, env: "development" | "staging" | "production" = "development") {
  const bindings = rateLimitBindings(env);
  for (const name of Object.keys(limits)) {
    if (!bindings.some((b) => b.name === name)) throw new Error(`No [[ratelimits]] binding named ${name} in wrangler.toml`);
  }
  return Object.fromEntries(
    bindings.map((b) => [b.name, { type: "rate-limit", namespace: b.namespace_id, simple: { limit: limits[b.name] ?? b.simple.limit, period: b.simple.period } }]),
  );
}

type QueueProducerConfig = { binding: string; queue: string; delivery_delay?: number };
type QueueConsumerConfig = {
  queue: string;
  max_batch_size?: number;
  max_batch_timeout?: number;
  max_retries?: number;
  max_concurrency?: number | null;
  dead_letter_queue?: string;
  retry_delay?: number;
};

/** wrangler.toml's `[[queues.producers]]` and `[[queues.consumers]]` of one environment (docs/decisions/026). */
export function queueConfig(env: "development" | "staging" | "production" = "development"): { producers: QueueProducerConfig[]; consumers: QueueConsumerConfig[] } {
  const config = unstable_readConfig({ config: `${root}/wrangler.toml`, env }, { hideWarnings: true });
  return { producers: (config.queues.producers ?? []) as QueueProducerConfig[], consumers: (config.queues.consumers ?? []) as QueueConsumerConfig[] };
}

/**
 * Miniflare's producer bindings and consumer triggers for wrangler.toml's queues, with the same
 * names, batch sizes, retries and dead-letter queues, so tests cannot drift from the real config.
 */
export function queueOptions(env: "development" | "staging" | "production" = "development") {
  const { producers, consumers } = queueConfig(env);
  return {
    bindings: Object.fromEntries(
      producers.map((p) => [p.binding, { type: "queue", name: p.queue, ...(p.delivery_delay !== undefined ? { deliveryDelay: p.delivery_delay } : {}) }]),
    ),
    triggers: consumers.map((c) => ({
      type: "queue",
      name: c.queue,
      ...(c.max_batch_size !== undefined ? { maxBatchSize: c.max_batch_size } : {}),
      ...(c.max_batch_timeout !== undefined ? { maxBatchTimeout: c.max_batch_timeout } : {}),
      ...(c.max_retries !== undefined ? { maxRetries: c.max_retries } : {}),
      ...(typeof c.max_concurrency === "number" ? { maxConcurrency: c.max_concurrency } : {}),
      ...(c.dead_letter_queue !== undefined ? { deadLetterQueue: c.dead_letter_queue } : {}),
      ...(c.retry_delay !== undefined ? { retryDelay: c.retry_delay } : {}),
    })),
  };
}

/**
 * Applies a folder of numbered D1 migrations (the app's by default; the emulator has its own);
 * `only` picks some of them by file name (a migration's test stops before it, then applies it).
 */
export async function applyMigrations(db: D1Database, dir = `${root}/migrations`, only: (file: string) => boolean = () => true): Promise<void> {
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith(".sql") && only(f))
    .sort()) {
    const statements = unstable_splitSqlQuery(readFileSync(`${dir}/${file}`, "utf8"));
    await db.batch(statements.map((sql) => db.prepare(sql)));
  }
}

export async function importCatalogue(db: D1Database, kv: KVNamespace, catalogue: CatalogueFile): Promise<void> {
  const statements = catalogueStatements(catalogue);
  for (let i = 0; i < statements.length; i += 200) {
    await db.batch(statements.slice(i, i + 200).map((s) => db.prepare(s.sql).bind(...s.params)));
  }
  await kv.put("catalogue-version", `${catalogue.version}-${Date.now()}`);
}

/**
 * Loads content seed files (default: the repo's content/ folder) the way `npm run content:load`
 * does: validate everything, check versions, write in one batch, bump the content version in KV.
 * Throws the loader's ContentLoadError (and writes nothing) for a bad file.
 */
export async function loadContent(db: D1Database, kv: KVNamespace, sources: ContentSource[] = readContentDir(`${root}/content`)): Promise<void> {
  const entries = validateContent(sources);
  const { results } = await db.prepare("SELECT type, key, version, body FROM content_entries").all<StoredEntry>();
  checkVersions(entries, results);
  const statements = contentStatements(entries, new Date().toISOString());
  await db.batch(statements.map((s) => db.prepare(s.sql).bind(...s.params)));
  await kv.put(CONTENT_VERSION_KEY, contentVersion(entries));
}

export async function startWorker(
  options: {
    vars?: Record<string, string>;
    apps?: number;
    /** Adds to or changes the generated catalogue before it is imported (e.g. ranking fixtures). */
    catalogue?: (generated: CatalogueFile) => CatalogueFile;
    /** Points the catalogue's connect URLs at the emulator's demo vendor there (withDemoVendorConnectUrls). */
    demoVendorOrigin?: string;
    outboundService?: (request: Request) => Response | Promise<Response>;
    /** Loads the content entries of content/ (or these seed files) after the catalogue. */
    content?: boolean | ContentSource[];
    /** Listen on a real 127.0.0.1 port, so another Worker (the emulator's webhooks) can call in. */
    listen?: boolean;
    /**
     * The wrangler.toml environment whose vars the Worker runs with. "development" (the default) is
     * what the tests use; "staging" and "production" are the production rehearsal: those exact
     * vars plus TEST_DEPLOY_SECRETS, nothing from development.
     */
    environment?: "development" | "staging" | "production";
    /** Every line the Worker logs (console.*), as workerd reports it. */
    onLog?: (log: { level: string; message: string }) => void;
    /** Limits for some of wrangler.toml's rate-limit bindings in this Worker (see rateLimitEnv). */
    rateLimits?: Record<string, number>;
  } = {},
): Promise<TestWorker> {
  // Both Workers, as production runs them (docs/decisions/057): every request enters the front,
  // which forwards the back office's routes over its BACK_OFFICE service binding. The back office
  // (the whole app) runs the Cron Trigger and the queue consumers.
  const environment = options.environment ?? "development";
  const vars =
    environment === "development"
      ? {
          ...wranglerVars(),
          LOG_LEVEL: "warn",
          ...(options.vars?.SERVER_ENVIRONMENT === "production" ? PRODUCTION_TEST_VARS : {}),
          ...options.vars,
        }
      : { ...wranglerVars(environment), ...TEST_DEPLOY_SECRETS, ...options.vars };
  const queues = queueOptions(environment);
  // The same resources in both Workers: Miniflare shares a D1 database, a KV namespace or a queue
  // between Workers that name the same id, as Cloudflare does for two Workers bound to one.
  const bindings = {
    DB: { type: "d1", id: "test-db" },
    KV: { type: "kv", id: "test-kv" },
    ASSETS: { type: "assets" },
    ...rateLimitEnv(options.rateLimits, environment),
    ...queues.bindings,
    ...textBindings(vars),
  };
  // Outbound fetch() from either Worker (e.g. the image proxy) goes to this handler when given.
  const outbound = options.outboundService ? { dev: { outboundService: { type: "fetcher", handler: (request: Request) => options.outboundService!(request) } } } : {};
  const miniflareOptions = (resourcePersistencePath: string) =>
    ({
      resourcePersistencePath,
      workers: [
        {
          config: {
            ...builtWorker(FRONT_WORKER, "front.js"),
            env: { ...bindings, BACK_OFFICE: { type: "worker", worker: BACK_OFFICE_WORKER } },
          },
          ...outbound,
        },
        {
          config: {
            ...builtWorker(BACK_OFFICE_WORKER, "app.js"),
            env: bindings,
            // The update fan-out's and the insights' queue consumers (the Worker's `queue` handler), as wrangler.toml has them.
            triggers: queues.triggers,
          },
          ...outbound,
        },
      ],
      ...(options.listen ? { host: "127.0.0.1", port: 0 } : {}),
      ...(options.onLog ? { handleStructuredLogs: options.onLog } : {}),
    }) as ConstructorParameters<typeof Miniflare>[0];

  const generated = generateCatalogue({ apps: options.apps ?? 400, seed: 1 });
  const chosen = options.catalogue ? options.catalogue(generated) : generated;
  const content = options.content ? (options.content === true ? readContentDir(`${root}/content`) : options.content) : null;
  // The snapshot holds the connect URLs with a stand-in origin (the emulator's port differs per
  // file); they are pointed at this file's emulator after the copy. connect_url is the only
  // place the import writes them (app/models/catalogue-rows.ts).
  const seeded = options.demoVendorOrigin ? withDemoVendorConnectUrls(chosen, DEMO_VENDOR_STAND_IN) : chosen;
  const persistence = await persistenceFrom(snapshotKey("app", migrationsText(`${root}/migrations`), seeded, content), async (path) => {
    const builder = new Miniflare(miniflareOptions(path));
    try {
      await builder.ready;
      const db = (await builder.getD1Database("DB")) as unknown as D1Database;
      const kv = (await builder.getKVNamespace("KV")) as unknown as KVNamespace;
      await applyMigrations(db);
      await importCatalogue(db, kv, seeded);
      if (content) await loadContent(db, kv, content);
    } finally {
      await builder.dispose();
    }
  });
  const mf = new Miniflare(miniflareOptions(persistence.path));
  const ready = await mf.ready;
  const origin = options.listen ? ready.origin : "http://127.0.0.1:8787";
  const db = (await mf.getD1Database("DB")) as unknown as D1Database;
  const kv = (await mf.getKVNamespace("KV")) as unknown as KVNamespace;
  const catalogue = options.demoVendorOrigin ? withDemoVendorConnectUrls(chosen, options.demoVendorOrigin) : chosen;
  if (options.demoVendorOrigin) {
    await db
      .prepare("UPDATE apps SET connect_url = ? || substr(connect_url, ?) WHERE connect_url LIKE ?")
      .bind(options.demoVendorOrigin, DEMO_VENDOR_STAND_IN.length + 1, `${DEMO_VENDOR_STAND_IN}/%`)
      .run();
  }
  return {
    mf,
    db,
    kv,
    catalogue,
    origin,
    fetch: (path, init) => mf.dispatchFetch(`${origin}${path}`, { redirect: "manual", ...(init as object) }) as unknown as Promise<Response>,
    dispose: async () => {
      await mf.dispose();
      persistence.remove();
    },
  };
}

/** Where the snapshot's demo-vendor connect URLs point until startWorker points them at the emulator. */
const DEMO_VENDOR_STAND_IN = "http://demo-vendor.stand-in.invalid";
