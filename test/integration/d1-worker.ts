// A real D1 inside workerd (Miniflare) for tests of SQL where it runs in production, migrated as
// `npm run db:migrate` does: bare (the test calls D1 from Node), or with catalogue-worker.ts bundled
// in front of it and a generated catalogue imported, so app/models/catalogue.server.ts's functions
// run inside workerd (catalogue-sql.test.ts, bounded-counts.test.ts).
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { Miniflare } from "miniflare";
import type { CatalogueFile } from "../../app/models/catalogue-record.ts";
import type { CatalogueCall } from "./catalogue-worker.ts";
import { applyMigrations, importCatalogue } from "./harness.ts";
import { withTestClock } from "../test-clock.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const emptyWorker = "export default { fetch: () => new Response(null, { status: 404 }) };";

export type D1World = { mf: Miniflare; db: D1Database };

/**
 * A Miniflare with one Worker (`script`, an ES module) and a migrated D1 bound as DB; `name` keeps
 * each file's D1 its own. `migrate` replaces the full migration (a migration's own test).
 */
export async function startD1(name: string, script = emptyWorker, migrate: (db: D1Database) => Promise<void> = (db) => applyMigrations(db)): Promise<D1World> {
  const mf = new Miniflare({
    workers: [
      {
        config: {
          name,
          compatibilityDate: "2026-07-01",
          manifest: withTestClock({ mainModule: "worker.js", modules: { "worker.js": { type: "esm" as const, contents: script } } }),
          env: { DB: { type: "d1", id: `${name}-test` } },
        },
      },
    ],
  } as ConstructorParameters<typeof Miniflare>[0]);
  const db = (await mf.getD1Database("DB")) as unknown as D1Database;
  await migrate(db);
  return { mf, db };
}

export type CatalogueWorld = D1World & {
  /** Calls a catalogue.server function inside workerd with the D1 as its first argument; an error comes back thrown. */
  call<T>(fn: string, ...args: unknown[]): Promise<T>;
  /** The same, with how many statements the function prepared on D1. */
  counted<T>(fn: string, ...args: unknown[]): Promise<{ result: T; statements: number }>;
};

/** catalogue-worker.ts in front of a migrated D1 holding `file`, imported as `npm run db:seed` does. */
export async function startCatalogueWorker(name: string, file: CatalogueFile): Promise<CatalogueWorld> {
  const bundle = await build({
    entryPoints: [`${root}/test/integration/catalogue-worker.ts`],
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2022",
    mainFields: ["module", "main"],
    alias: { "~": `${root}/app` },
    write: false,
    logLevel: "silent",
  });
  const world = await startD1(name, bundle.outputFiles[0]!.text);
  await importCatalogue(world.db, { put: async () => undefined } as unknown as KVNamespace, file);
  const counted = async <T>(fn: string, ...args: unknown[]) => {
    const res = await world.mf.dispatchFetch("http://catalogue.test/", { method: "POST", body: JSON.stringify({ fn, args } satisfies CatalogueCall) });
    const body = (await res.json()) as { result?: T; statements?: number; error?: string };
    if (body.error !== undefined) throw new Error(body.error);
    return { result: body.result as T, statements: body.statements ?? 0 };
  };
  return { ...world, counted, call: async <T>(fn: string, ...args: unknown[]) => (await counted<T>(fn, ...args)).result };
}
