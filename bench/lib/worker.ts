// The bench's Workers in Miniflare (workerd): the built app with D1, KV, static assets and the
// production bindings, and beside it a helper Worker bound to the same D1 database that runs the
// catalogue import and the D1-only timings next to the database. (Driving D1 through
// mf.getD1Database() from Node costs a proxy round trip per prepare/bind: ~20 ms per statement,
// minutes for 50,000 apps.) The fan-out and Lighthouse runs start their own with the same helper.
import { Miniflare } from "miniflare";
import { type Binding, type Build, textBindings } from "./build.ts";
import { type StatePlace, stateDirectory } from "./state-place.ts";

/** The helper Worker: /batch runs statements in one D1 batch, /all one query, /time one query n times. */
export const HELPER = `
export default {
  async fetch(request, env) {
    const url = new URL(request.url);
    const body = await request.json();
    const db = env.DB;
    if (url.pathname === "/batch") {
      const results = await db.batch(body.map((s) => db.prepare(s.sql).bind(...s.params)));
      const last = results[results.length - 1];
      return Response.json({ ok: true, sizeAfter: last && last.meta ? last.meta.size_after : null });
    }
    if (url.pathname === "/all") {
      return Response.json(await db.prepare(body.sql).bind(...body.params).all());
    }
    if (url.pathname === "/time") {
      const stmt = () => db.prepare(body.sql).bind(...body.params);
      await stmt().all();
      const wall = [], sql = [];
      let rows = 0, rowsRead = 0;
      for (let i = 0; i < body.n; i++) {
        const t = performance.now();
        const r = await stmt().all();
        wall.push(performance.now() - t);
        sql.push(r.meta && typeof r.meta.duration === "number" ? r.meta.duration : NaN);
        rows = r.results.length;
        rowsRead = r.meta ? r.meta.rows_read : NaN;
      }
      return Response.json({ wall, sql, rows, rowsRead });
    }
    return new Response("not found", { status: 404 });
  },
};
`;

export type Statement = { sql: string; params: unknown[] };
export type Row = Record<string, unknown>;
export type Timing = { wall: number[]; sql: number[]; rows: number; rowsRead: number };

/** The helper Worker's calls. */
export type Helper = {
  batch(statements: readonly Statement[]): Promise<{ sizeAfter: number | null }>;
  all<T = Row>(sql: string, params?: unknown[]): Promise<{ results: T[]; meta: { rows_read?: number; size_after?: number; duration?: number } }>;
  time(sql: string, params: unknown[], n: number): Promise<Timing>;
};

/** Anything that fetches like Miniflare's worker handle (only POSTs with a string body are sent). */
export type Fetcher = { fetch: (url: string, init: { method: string; body: string }) => Promise<{ status: number; text(): Promise<string> }> };

export function helperOf(fetcher: Fetcher, name = "helper"): Helper {
  const call = async (what: string, body: unknown) => {
    const init = { method: "POST", body: JSON.stringify(body) };
    let res: { status: number; text(): Promise<string> } | null = null;
    for (let attempt = 1; res === null; attempt++) {
      try {
        res = await fetcher.fetch(`http://helper/${what}`, init);
      } catch (error) {
        // A kept-alive connection workerd closed while Node was busy fails as the request is
        // written (EPIPE, "other side closed"), before workerd read it: again, on another connection.
        const cause = error instanceof Error ? (error.cause as { code?: string } | undefined) : undefined;
        if (attempt >= 4 || !["EPIPE", "ECONNRESET", "UND_ERR_SOCKET"].includes(cause?.code ?? "")) throw error;
      }
    }
    const text = await res.text();
    if (res.status !== 200) throw new Error(`${name} ${what}: ${res.status} ${text.slice(0, 500)}`);
    return JSON.parse(text) as unknown;
  };
  return {
    batch: async (statements) => (await call("batch", statements)) as { sizeAfter: number | null },
    all: async (sql, params = []) => (await call("all", { sql, params })) as never,
    time: async (sql, params, n) => (await call("time", { sql, params, n })) as Timing,
  };
}

/** The helper's worker entry for a Miniflare config, bound to D1 database `dbId`. */
export const helperWorker = (name: string, dbId: string, compatibilityDate: string) => ({
  config: {
    name,
    compatibilityDate,
    manifest: { mainModule: "helper.js", modules: { "helper.js": { type: "esm" as const, contents: HELPER } } },
    env: { DB: { type: "d1", id: dbId } },
  },
});

export type BenchWorker = { mf: Miniflare; origin: string; helper: Helper; kv: KVNamespace; state: StatePlace; dispose: () => Promise<void> };

/**
 * The built app (production vars, rate limits, static assets) and the helper, in one workerd on
 * 127.0.0.1 (a random port); `inspectorPort` turns on the inspector for --profile.
 */
export async function startBenchWorker(
  build: Build,
  {
    dbId = "bench-db",
    port = 0,
    inspectorPort,
    outbound,
    state = "disk",
  }: { dbId?: string; port?: number; inspectorPort?: number; outbound?: (request: Request) => Response | Promise<Response>; state?: StatePlace } = {},
): Promise<BenchWorker> {
  const place = stateDirectory(state, dbId);
  const env: Record<string, Binding> = {
    DB: { type: "d1", id: dbId },
    KV: { type: "kv", id: `${dbId}-kv` },
    ASSETS: { type: "assets" },
    ...build.rateLimits,
    ...textBindings(build.vars),
  };
  const mf = new Miniflare({
    host: "127.0.0.1",
    port,
    ...(place.dir ? { resourcePersistencePath: place.dir } : {}),
    ...(inspectorPort ? { inspectorPort, inspectorHost: "127.0.0.1" } : {}),
    workers: [
      {
        // Same shape as test/integration/harness.ts (Miniflare 5 worker config).
        config: {
          name: "app-hub",
          compatibilityDate: build.compatibilityDate,
          manifest: { mainModule: "app.js", modules: { "app.js": { type: "esm", contents: build.workerScript } } },
          env,
          assets: { directory: build.publicDir, hasUserWorker: true },
        },
        // The Worker's outbound fetch() (the platform's API) goes to this handler when given.
        ...(outbound ? { dev: { outboundService: { type: "fetcher", handler: outbound } } } : {}),
      },
      helperWorker("bench-helper", dbId, build.compatibilityDate),
    ],
  } as ConstructorParameters<typeof Miniflare>[0]);
  try {
    const origin = (await mf.ready).origin;
    const helper = helperOf((await mf.getWorker("bench-helper")) as unknown as Fetcher);
    const kv = (await mf.getKVNamespace("KV")) as unknown as KVNamespace;
    const dispose = async () => {
      try {
        await mf.dispose();
      } finally {
        place.remove();
      }
    };
    return { mf, origin, helper, kv, state, dispose };
  } catch (error) {
    await mf.dispose();
    place.remove();
    throw error;
  }
}
