// What every loader and action receives from the Worker (workers/app.ts).
import type { PortalConfig } from "~/lib/config.server";
import type { Logger } from "~/lib/logger.server";

export type AppContext = {
  env: Env;
  config: PortalConfig;
  waitUntil: (promise: Promise<unknown>) => void;
  /** CSP nonce for this render's inline scripts. */
  nonce: string;
  logger: Logger;
  /** The catalogue version edge-cache keys carry; memoised list totals are keyed by it too. */
  catalogueVersion: string;
  /** Set by the Worker when it replaced the route (spec §2.1: unsupported browser, time-out). */
  replacedRoute: "unsupported-browser" | "time-out" | null;
};

declare module "@remix-run/cloudflare" {
  interface AppLoadContext extends AppContext {}
}

// Single fetch (remix.config.js future flag) changes how loader data is typed.
declare module "@remix-run/server-runtime" {
  interface Future {
    v3_singleFetch: true;
  }
}
