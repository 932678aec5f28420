// Bindings and vars of the marketplace Worker (wrangler.toml). Vars are validated by
// app/lib/config.server.ts before anything reads them.
interface Env {
  DB: D1Database;
  KV: KVNamespace;
  ASSETS: Fetcher;
  // Abuse limits: wrangler.toml [[ratelimits]] (app/lib/rate-limit.server.ts; docs/decisions/013).
  RATE_LIMIT_ANALYTICS: RateLimit;
  RATE_LIMIT_SEARCH: RateLimit;
  RATE_LIMIT_IMAGES: RateLimit;
  RATE_LIMIT_LOGIN: RateLimit;
  RATE_LIMIT_HOOKS: RateLimit;
  RATE_LIMIT_WEBHOOK: RateLimit;
  SERVER_ENVIRONMENT: string;
  RENDER_ENVIRONMENT_WARNING: string;
  EMBEDDED_APPS: string;
  SERVICE_APPS: string;
  APPS_PAGINATION_LIMIT: string;
  PRODUCT_NAME: string;
  PORTAL_URL: string;
  PRODUCTION_PORTAL_URL: string;
  DEVELOPER_SITE_URL: string;
  FREE_TRIAL_URL: string;
  IMAGE_PROXY_ALLOW_PRIVATE?: string;
  LOG_LEVEL?: string;
}

// With the DOM lib loaded, workers-types' `caches.default` needs re-declaring (STACK-NOTES).
interface CacheStorage {
  readonly default: Cache;
}

declare module "virtual:remix/server-build" {
  import type { ServerBuild } from "@remix-run/cloudflare";
  const build: ServerBuild;
  export = build;
}
