// What every loader and action receives from the Worker (workers/app.ts).
import type { PortalConfig } from "~/lib/config.server";
import type { Logger } from "~/lib/logger.server";
import type { DocumentOnly } from "~/lib/document-only.server";
import type { Catalogue } from "~/models/catalogue-service.server";
import type { Db } from "~/models/db.server";
import type { PlatformServices } from "~/platform/services.server";

export type AppContext = {
  /** The bindings, for what is not D1: KV, rate limits. D1 is reached through `db` and `catalogue`. */
  env: Env;
  config: PortalConfig;
  waitUntil: (promise: Promise<unknown>) => void;
  /** CSP nonce for this render's inline scripts. */
  nonce: string;
  logger: Logger;
  /** The catalogue version edge-cache keys carry; memoised list totals are keyed by it too. */
  catalogueVersion: string;
  /**
   * Forgets this isolate's memo of the data version (workers/catalogue-version.ts), after a write
   * here moved the catalogue or community version: the next request reads the new one at once.
   */
  forgetDataVersion: () => void;
  /**
   * The request's D1 session (docs/decisions/017): every read and write of the request outside the
   * catalogue (people, webhooks, connections, analytics) goes through it, so its writes are seen by
   * its own later reads and carried to the person's next requests as a bookmark.
   */
  db: Db;
  /** Catalogue reads with the hidden app types and the catalogue version bound (same D1 session as `db`). */
  catalogue: Catalogue;
  /** Platform clients: the person's, the service bots' (app/platform/services.server.ts). */
  platform: PlatformServices;
  /** Values for the server's render of a document only, not sent as loader data (app/lib/document-only.server.ts). */
  documentOnly: DocumentOnly;
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
