// The one rule for an app's address (spec §2.1): /applications/{appId}, where {appId} is the app's
// friendlyId, else its id (catalogue.server.ts's getAppDetail looks it up the same way, and the
// sitemap's SQL picks coalesce(friendly_id, id)), always URL-encoded. A friendlyId is a non-empty
// lower-case slug or null (catalogue-record.ts), so `??` and `||` agree on every valid record; `??`
// is the rule because it is the SQL's. Client-safe: cards and the search box use it too.

/** What an app's address is made from. */
export type AppKeyed = { id: string; friendlyId: string | null };

/** The key that names an app in its address: friendlyId, else id. */
export const appKey = (app: AppKeyed): string => app.friendlyId ?? app.id;

/** `/applications/{key}` for an app, or for a key already worked out (a route's own {appId}). */
export const appPath = (app: AppKeyed | string): string => `/applications/${encodeURIComponent(typeof app === "string" ? app : appKey(app))}`;

/** `/applications/{key}/connect`: starts connecting an integration (login required). */
export const appConnectPath = (app: AppKeyed | string): string => `${appPath(app)}/connect`;

/** `/applications/{key}/connected`: where the vendor's page sends the person back. */
export const appConnectedPath = (app: AppKeyed | string): string => `${appPath(app)}/connected`;

/** An app path made absolute on `origin` (a canonical link, the sitemap, a vendor's return URL). */
export const absoluteUrl = (origin: string, path: string): string => `${new URL(origin).origin}${path}`;
