// The services of one request (docs/decisions/017), built once by the Worker (workers/app.ts) and
// handed to every loader and action in the load context: the request's D1 session, the catalogue
// over it and the platform clients.
//
// The Worker imports it directly: it is bundled with the Remix build (remix.config.js `server`), so
// there is one copy of every app module and a PlatformError thrown by a client the Worker made is the
// class the routes' error handling knows (before decision 056 there were two copies, and the Worker
// had to reach this factory through the server build).
import type { PortalConfig } from "~/lib/config.server";
import type { Logger } from "~/lib/logger.server";
import { createCatalogue } from "~/models/catalogue-service.server";
import { openRequestDb, type SessionStart } from "~/models/db.server";
import type { SharedStore } from "~/models/search-terms-store.server";
import { createPlatformServices } from "~/platform/services.server";

export function createRequestServices(options: {
  database: D1Database;
  start: SessionStart;
  config: PortalConfig;
  logger: Logger;
  catalogueVersion: string;
  /** KV and the request's waitUntil: what is made once per catalogue version is shared through them. */
  shared?: SharedStore;
}) {
  const { config, logger, catalogueVersion, shared } = options;
  const requestDb = openRequestDb(options.database, options.start);
  return {
    /** For the Worker only: whether the request wrote, and the bookmark to carry (not in the load context). */
    requestDb,
    context: {
      db: requestDb.db,
      catalogue: createCatalogue({ db: requestDb.db, config, version: catalogueVersion, shared }),
      platform: createPlatformServices({ config, logger }),
    },
  };
}

export type CreateRequestServices = typeof createRequestServices;
