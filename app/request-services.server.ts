// The services of one request (docs/decisions/017), built once by the Worker (workers/app.ts) and
// handed to every loader and action in the load context: the request's D1 session, the catalogue
// over it and the platform clients.
//
// The Worker reaches this factory through the server build (entry.server.tsx re-exports it), not by
// importing it: the Worker and the Remix build are bundled separately, so a module both imported
// would exist twice, and a class made by one copy fails `instanceof` in the other (a PlatformError
// thrown by a client the Worker made would not be recognised by the routes' error handling).
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
