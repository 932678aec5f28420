// Which addresses the back-office Worker serves (docs/decisions/057): what only publishers, hub and
// organisation admins and machines ask for, so that none of its code is in the Worker a visitor's
// first request in a location starts. Plain JavaScript: remix.config.js (run by Node) reads it to
// choose the routes whose modules the front build replaces, and the front Worker forwards exactly
// those routes (it reads the replaced modules, not this list, at run time).

/**
 * Route path prefixes, as Remix writes route paths (a parameter as `:name`), in lower case, without a
 * trailing slash. What stays in the front: the home, lists, categories, search, app and publisher
 * pages, support, login, adding a bot and connecting an integration, preferences, and the public
 * JSON APIs.
 */
export const BACK_OFFICE_PREFIXES = [
  // Staff and publishers
  "/admin", // hub and organisation admin, review queue, moderation, insights
  "/publisher", // the publisher console (not /publishers/…, a publisher's public page)
  "/api/publisher", // the publisher API
  "/api/analytics/summary", // event counts for operators
  // A logged-in person's own things, reached from a page already open (never a first visit)
  "/applications/incoming-webhooks", // the webhook apps' pages: create and manage webhooks
  "/applications/outgoing-webhooks",
  "/api/webhooks",
  "/api/my-webhooks",
  "/my-integrations",
  "/api/my-integrations",
  "/applications/:appid/follow", // following an app, and where its updates go
  "/unfollow", // the link in an update message
  "/applications/:appid/request", // asking the organisation's admins for an app
  // Machines and developers
  "/api/openapi.json", // the OpenAPI document
  "/developers/api", // the API reference
  "/feeds", // Atom feeds, read by feed readers
  "/api/hooks", // webhook receivers, called by the platform and by senders
];

/**
 * Whether a route's full path (`/publisher/:slug/tokens`) is the back office's: one of the prefixes,
 * or below one. Segment by segment, so /publishers is not /publisher.
 */
export function isBackOfficeRoutePath(path) {
  const lower = path.toLowerCase();
  return BACK_OFFICE_PREFIXES.some((prefix) => lower === prefix || lower.startsWith(`${prefix}/`));
}

/** A route's full path in a Remix route manifest ({ id, path?, parentId? } each): its parents' paths and its own. */
export function fullPathOf(manifest, id) {
  const route = manifest[id];
  if (!route) return "";
  const above = route.parentId ? fullPathOf(manifest, route.parentId) : "";
  return route.path ? `${above.replace(/\/$/, "")}/${route.path}` : above || "/";
}

/**
 * The app's route manifest by the pinned @remix-run/dev's own file-route convention and
 * remix.config.js's `ignoredRouteFiles`, so ids and paths are the ones `remix build` gives.
 */
export async function appRouteManifest() {
  const { createRequire } = await import("node:module");
  const { default: config } = await import("../remix.config.js");
  const { flatRoutes } = createRequire(import.meta.url)("@remix-run/dev/dist/config/flat-routes.js");
  return flatRoutes(new URL("../app", import.meta.url).pathname, config.ignoredRouteFiles);
}

/** The ids of a Remix route manifest's back-office routes (a pathless or index route has its parent's path). */
export function backOfficeRouteIds(manifest) {
  return Object.keys(manifest).filter((id) => isBackOfficeRoutePath(fullPathOf(manifest, id)));
}
