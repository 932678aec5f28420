// Runs the built platform emulator (dist-platform/index.js) in Miniflare, listening on a real
// 127.0.0.1 port so another Worker (the app) or a browser can reach it by URL. D1 is in memory,
// migrated and seeded with the same statements as scripts/seed-platform.mjs.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, readdirSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Miniflare } from "miniflare";
import { unstable_readConfig } from "wrangler";
import { applyMigrations } from "../integration/harness.ts";
import { migrationsText, persistenceFrom, snapshotKey } from "../d1-snapshots.ts";
import type { CatalogueFile } from "../../app/models/catalogue-record.ts";
import { generateCatalogue } from "../../scripts/lib/catalogue-generator.ts";
import { textBindings } from "../../bench/lib/build.ts";
import type { FaultSpec } from "../../workers/platform/faults.ts";
import { referenceFromCatalogue, seedStatements } from "../../workers/platform/seed.ts";
import type { PlatformReference } from "../../workers/platform/seed.ts";
import { withTestClock } from "../test-clock.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
const workerDir = `${root}/workers/platform`;
const bundle = `${root}/dist-platform/index.js`;

export type PlatformHarness = {
  mf: Miniflare;
  /** e.g. http://127.0.0.1:41234 */
  origin: string;
  /** A real HTTP request to the emulator (redirects are not followed). */
  fetch: (path: string, init?: RequestInit) => Promise<Response>;
  db: D1Database;
  catalogue: CatalogueFile;
  reference: PlatformReference;
  /** POST /_emulator/reset */
  reset: () => Promise<void>;
  /** POST /_emulator/faults */
  fault: (spec: FaultSpec) => Promise<void>;
  /** DELETE /_emulator/faults */
  clearFaults: () => Promise<void>;
  /** POST /_emulator/redirect-uris: an exact redirect URI on both hub clients (kept across resets). */
  registerRedirectUri: (uri: string) => Promise<void>;
  /** POST /_emulator/people/role: the person gets (true) or loses (false) the full administrator role. */
  setOrgAdmin: (email: string, admin: boolean) => Promise<void>;
  dispose: () => Promise<void>;
};

/** The emulator's wrangler.toml vars, as strings. */
export function platformVars(): Record<string, string> {
  const config = unstable_readConfig({ config: `${workerDir}/wrangler.toml` });
  return Object.fromEntries(Object.entries(config.vars).map(([k, v]) => [k, String(v)]));
}

/**
 * Builds dist-platform/index.js when it is missing or older than the emulator's sources, so a
 * test run never exercises a stale bundle. (wrangler resolves --outdir against the config's
 * folder for the bundle, hence the cwd and the relative path.)
 */
export function ensurePlatformBundle(): void {
  const newest = Math.max(
    ...readdirSync(workerDir, { recursive: true, encoding: "utf8" })
      .filter((f) => f.endsWith(".ts") || f.endsWith(".toml"))
      .map((f) => statSync(`${workerDir}/${f}`).mtimeMs),
  );
  if (existsSync(bundle) && statSync(bundle).mtimeMs >= newest) return;
  const result = spawnSync("npx", ["wrangler", "deploy", "--dry-run", "--outdir", "../../dist-platform"], {
    cwd: workerDir,
    encoding: "utf8",
    env: { ...process.env, CI: "true", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
  });
  if (result.status !== 0) throw new Error(`building the platform emulator failed:\n${result.stdout}\n${result.stderr}`);
}

export const applyPlatformMigrations = (db: D1Database): Promise<void> => applyMigrations(db, `${workerDir}/migrations`);

export async function seedPlatform(db: D1Database, reference: PlatformReference): Promise<void> {
  const statements = seedStatements(reference);
  for (let i = 0; i < statements.length; i += 100) {
    await db.batch(statements.slice(i, i + 100).map((s) => db.prepare(s.sql).bind(...s.params)));
  }
}

export async function startPlatform(options: { port?: number; catalogue?: CatalogueFile; vars?: Record<string, string> } = {}): Promise<PlatformHarness> {
  ensurePlatformBundle();
  const contents = readFileSync(bundle, "utf8");
  const miniflareOptions = (resourcePersistencePath: string, port: number) =>
    ({
      resourcePersistencePath,
      host: "127.0.0.1",
      port,
      workers: [
        {
          config: {
            name: "app-hub-platform",
            compatibilityDate: "2026-07-01",
            manifest: withTestClock({ mainModule: "index.js", modules: { "index.js": { type: "esm" as const, contents } } }),
            env: {
              DB: { type: "d1", id: "platform-test-db" },
              ...textBindings({ ...platformVars(), ...options.vars }),
            },
          },
        },
      ],
    }) as ConstructorParameters<typeof Miniflare>[0];
  // The same catalogue as test/integration/harness.ts, so bots and integrations match the app's.
  const catalogue = options.catalogue ?? generateCatalogue({ apps: 400, seed: 1 });
  const reference = referenceFromCatalogue(catalogue);
  // Migrated and seeded once per seed, then copied for each emulator (test/d1-snapshots.ts).
  const statements = seedStatements(reference);
  const persistence = await persistenceFrom(snapshotKey("platform", migrationsText(`${workerDir}/migrations`), statements), async (path) => {
    const builder = new Miniflare(miniflareOptions(path, 0));
    try {
      await builder.ready;
      const db = (await builder.getD1Database("DB")) as unknown as D1Database;
      await applyPlatformMigrations(db);
      await seedPlatform(db, reference);
    } finally {
      await builder.dispose();
    }
  });
  const mf = new Miniflare(miniflareOptions(persistence.path, options.port ?? 0));
  const url = await mf.ready;
  const origin = url.origin;
  const db = (await mf.getD1Database("DB")) as unknown as D1Database;

  const control = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${origin}${path}`, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path} → ${res.status}: ${await res.text()}`);
    await res.body?.cancel();
  };
  return {
    mf,
    origin,
    db,
    catalogue,
    reference,
    fetch: (path, init) => fetch(`${origin}${path}`, { redirect: "manual", ...init }),
    reset: () => control("POST", "/_emulator/reset"),
    fault: (spec) => control("POST", "/_emulator/faults", spec),
    clearFaults: () => control("DELETE", "/_emulator/faults"),
    registerRedirectUri: (uri) => control("POST", "/_emulator/redirect-uris", { uri }),
    setOrgAdmin: (email, admin) => control("POST", "/_emulator/people/role", { email, admin }),
    dispose: async () => {
      await mf.dispose();
      persistence.remove();
    },
  };
}
