// The Worker the bench measures: built (unless --no-build), then snapshotted (dist/app.js and a copy
// of public/), with the production environment's vars and test secrets.
import { spawnSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { unstable_readConfig } from "wrangler";
import { fmt, log } from "../../scripts/harness/report.ts";
import type { SourceMap } from "./profile.ts";

export type WranglerConfig = ReturnType<typeof unstable_readConfig>;
export type Binding = Record<string, unknown> & { type: string };

export type Build = {
  /** dist/app.js as it was when the run started. */
  workerScript: string;
  /** dist/app.js.map (wrangler writes it beside the bundle; the profiles' attribution reads it), if there. */
  workerMap: SourceMap | null;
  /** A copy of public/ that matches it. */
  publicDir: string;
  config: WranglerConfig;
  compatibilityDate: string;
  /** [env.production]'s vars plus what a deploy sets with `wrangler secret put`. */
  vars: Record<string, string>;
  /** wrangler.toml's abuse limits as Miniflare bindings (docs/decisions/013). */
  rateLimits: Record<string, Binding>;
  dispose(): void;
};

export class BenchError extends Error {}

/** A hub admin of the bench's own, added to HUB_ADMIN_EMAILS (the insights scenario's; the other scenarios' person is none). */
export const BENCH_HUB_ADMIN = "insights-bench-admin@acme.example";

/** Builds (when asked) and snapshots the build; throws BenchError when it cannot. */
export function prepareBuild(root: string, build: boolean): Build {
  if (build) {
    log("bench: npm run build …");
    const started = performance.now();
    const built = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: ["ignore", "ignore", "inherit"] });
    if (built.status !== 0) throw new BenchError(`npm run build failed (${built.signal ?? `exit ${built.status}`})`);
    log(`bench: built in ${fmt((performance.now() - started) / 1000)} s`);
  }
  if (!existsSync(`${root}/dist/app.js`)) throw new BenchError("dist/app.js is missing; run without --no-build");
  // Snapshot the build at once: others may rebuild while the benchmark runs, and a Remix build
  // replaces public/build (hashed names), which would leave the running Worker's pages pointing at
  // deleted files. The Worker runs from this copy of dist/app.js and serves this copy of public/.
  const workerScript = readFileSync(`${root}/dist/app.js`, "utf8");
  const workerMap = existsSync(`${root}/dist/app.js.map`) ? (JSON.parse(readFileSync(`${root}/dist/app.js.map`, "utf8")) as SourceMap) : null;
  const publicDir = mkdtempSync(path.join(tmpdir(), "apphub-bench-public-"));
  cpSync(`${root}/public`, publicDir, { recursive: true });
  const dispose = () => rmSync(publicDir, { recursive: true, force: true });
  // The Remix assets manifest inside the Worker names every hashed file as a "/build/…" string.
  const referenced = [...new Set([...workerScript.matchAll(/"(\/build\/[^"]+\.(?:js|css))"/g)].map((m) => m[1] ?? ""))];
  const missing = referenced.filter((p) => !existsSync(path.join(publicDir, p)));
  if (missing.length) {
    dispose();
    throw new BenchError(`dist/app.js and public/build do not belong to the same build (missing ${missing.slice(0, 3).join(", ")}…); someone rebuilt meanwhile, run again`);
  }
  const config = unstable_readConfig({ config: `${root}/wrangler.toml`, env: "production" }, { hideWarnings: true });
  const vars: Record<string, string> = {
    ...Object.fromEntries(Object.entries(config.vars).map(([k, v]) => [k, String(v)])),
    LOG_LEVEL: "warn",
    OAUTH_CLIENT_ID: "bench-production-client-id",
    PLATFORM_TOKENS_PAGE_URL: "https://platform.invalid/account/authorized-apps",
    PLATFORM_API_BASE: "https://platform.invalid/v1",
    OAUTH_CLIENT_SECRET: "bench-production-client-secret",
    SESSION_SECRETS: "bench-production-session-secret-0123456789",
    OEMBED_ENDPOINT: "https://vimeo.com/api/oembed.json",
    INCOMING_WEBHOOKS_BOT_TOKEN: "bench-production-incoming-bot-token",
    OUTGOING_WEBHOOKS_BOT_TOKEN: "bench-production-outgoing-bot-token",
    SUPPORT_BOT_TOKEN: "bench-production-support-bot-token",
    UPDATES_BOT_TOKEN: "bench-production-updates-bot-token",
  };
  vars.HUB_ADMIN_EMAILS = [vars.HUB_ADMIN_EMAILS, BENCH_HUB_ADMIN].filter(Boolean).join(",");
  const rateLimits = Object.fromEntries(
    (config.ratelimits as { name: string; namespace_id: string; simple: unknown }[]).map((b) => [b.name, { type: "rate-limit", namespace: b.namespace_id, simple: b.simple }]),
  );
  return { workerScript, workerMap, publicDir, config, compatibilityDate: config.compatibility_date ?? "2026-07-01", vars, rateLimits, dispose };
}

/** Text bindings for Miniflare from plain vars. */
export const textBindings = (vars: Record<string, string>): Record<string, Binding> => Object.fromEntries(Object.entries(vars).map(([k, v]) => [k, { type: "text", value: v }]));
