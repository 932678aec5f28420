// My Integrations (spec §2.1, §4; issue 13): what the hub can honestly say about a person's
// connected integrations, in each deployment mode (README "Deployment modes", docs/decisions/016).
// - first-party: the platform's list of the person's grants (GET /authorizations?personId, which
//   the platform allows a first-party client for the token's own person); Disconnect revokes that
//   person's grants of the client one by one (DELETE /authorizations/{id}, never ?clientId=).
// - third-party: our own records of Connects made here. With identity:tokens_read the platform's
//   list is tried too (it answers an admin); a 403 falls back to the records silently. The hub
//   cannot revoke anything: the platform's own page does.
// Shared by the page and the /api routes.
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Auth } from "~/auth/session.server";
import { connectableIntegration } from "~/features/connect-integration/connectable";
import { appConnectPath, appPath } from "~/lib/app-paths";
import { findAppsByClientIds } from "~/models/catalogue.server";
import { PlatformError } from "~/platform/client.server";
import type { Authorization } from "~/platform/schemas";
import { type ConnectionWithApp, findConnection, forgetConnection, listConnections } from "./connections.server";
import type { MoreAccess, MyIntegration, MyIntegrationsView } from "./integration";
import { addedPermissions, permissionViews } from "./more-access";

/** Thrown when the hub is asked to revoke a grant in third-party mode, which it cannot. */
export class CannotRevokeError extends Error {
  override name = "CannotRevokeError";
}

/**
 * The person's grants as the platform lists them (without the hub's own login), or null when the
 * platform will not tell an ordinary integration (third-party without the tokens scope, or a 403
 * because the person is no admin). In first-party mode any failure is a failure.
 */
export async function listPlatformGrants(context: AppLoadContext, auth: Auth): Promise<Authorization[] | null> {
  const thirdParty = context.config.deploymentMode === "third-party";
  if (thirdParty && !context.config.oauth.scopes.includes("identity:tokens_read")) return null;
  try {
    const { items } = await context.platform.forPerson(auth).listAuthorizations(auth.user.id);
    // The person's own only: an admin's list is already filtered by personId, but say so.
    return items.filter((item) => item.clientId !== context.config.oauth.clientId && item.personId === auth.user.id);
  } catch (error) {
    if (thirdParty && error instanceof PlatformError && error.status === 403) return null;
    throw error;
  }
}

/**
 * "This app now asks for more access" (docs/decisions/027): what the record's app lists now beyond
 * what it listed at the last Connect here. Null without a record, without its app, or when what was
 * asked then is not known.
 */
export function moreAccessOf(record: ConnectionWithApp | undefined): MoreAccess | null {
  const app = record?.app;
  if (!record || !app) return null;
  const added = addedPermissions(record.askedScopes, app.permissions);
  if (added.length === 0) return null;
  const connectable = !app.removed && connectableIntegration(app) !== null;
  return {
    addedPermissions: permissionViews(added),
    connectedVersion: record.askedVersion,
    currentVersion: app.currentVersion,
    reconnectPath: connectable ? appConnectPath(app) : null,
  };
}

export async function loadMyIntegrations(context: AppLoadContext, auth: Auth): Promise<MyIntegrationsView> {
  const { deploymentMode: mode, platformTokensPageUrl: manageUrl } = context.config;
  // Our records in both modes: in first-party mode they add no rows (the platform's list is the
  // truth), only what was asked at Connect, for "This app now asks for more access".
  const [grants, allRecords] = await Promise.all([listPlatformGrants(context, auth), listConnections(context.db, auth.user.userId)]);
  const recordsByClient = new Map(allRecords.map((record) => [record.clientId, record]));
  const records = mode === "third-party" ? allRecords : [];
  // A person has a refresh and an access authorization per app: one row per client, the oldest date.
  const rows = new Map<string, { clientId: string; name: string; state: MyIntegration["state"]; connectedAt: string | null; startedAt: string | null }>();
  for (const grant of grants ?? []) {
    const seen = rows.get(grant.clientId);
    if (!seen) rows.set(grant.clientId, { clientId: grant.clientId, name: grant.applicationName, state: "connected", connectedAt: grant.created, startedAt: null });
    else if (seen.connectedAt && grant.created < seen.connectedAt) seen.connectedAt = grant.created;
  }
  for (const record of records) {
    const seen = rows.get(record.clientId);
    if (seen) seen.startedAt = record.startedAt;
    // When the platform answered, a record it does not list is only a start, whatever it once was.
    else if (grants === null && record.confirmedAt) {
      rows.set(record.clientId, { clientId: record.clientId, name: "", state: "connected", connectedAt: record.confirmedAt, startedAt: record.startedAt });
    } else rows.set(record.clientId, { clientId: record.clientId, name: "", state: "started", connectedAt: null, startedAt: record.startedAt });
  }
  const apps = await findAppsByClientIds(context.db, [...rows.keys()]);
  const items = [...rows.values()]
    .map((row): MyIntegration => {
      const app = apps.get(row.clientId);
      return {
        clientId: row.clientId,
        name: app?.name ?? (row.name || "An integration no longer in App Hub"),
        companyName: app?.companyName ?? null,
        logo: app?.logo ?? null,
        appPath: app ? appPath(app) : null,
        state: row.state,
        connectedAt: row.connectedAt,
        startedAt: row.startedAt,
        moreAccess: moreAccessOf(recordsByClient.get(row.clientId)),
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name, "en", { sensitivity: "base" }));
  return { mode, source: grants === null ? "records" : "platform", manageUrl, items };
}

/**
 * First-party only: revokes each of this person's grants of the client, one by one. One already
 * gone counts as done, so a repeated Disconnect is not an error. Our record is forgotten too.
 */
export async function disconnectIntegration(context: AppLoadContext, auth: Auth, clientId: string): Promise<void> {
  if (context.config.deploymentMode !== "first-party") throw new CannotRevokeError("Only a first-party hub can revoke grants");
  if (clientId === context.config.oauth.clientId) throw new PlatformError("http", 400, "The hub's own login cannot be disconnected here");
  const client = context.platform.forPerson(auth);
  const { items } = await client.listAuthorizations(auth.user.id);
  for (const grant of items.filter((item) => item.clientId === clientId && item.personId === auth.user.id)) {
    try {
      await client.deleteAuthorization(grant.id);
    } catch (error) {
      if (!(error instanceof PlatformError && error.status === 404)) throw error;
    }
  }
  await forgetConnection(context.db, auth.user.userId, clientId);
}

/** Third-party "Remove from this list": forgets our record only. True when there was one. */
export const forgetIntegration = (context: AppLoadContext, auth: Auth, clientId: string) => forgetConnection(context.db, auth.user.userId, clientId);

/** Our record of a client (by client id), for the API's remove-authorization in third-party mode. */
export const findIntegrationRecord = (context: AppLoadContext, auth: Auth, clientId: string) => findConnection(context.db, auth.user.userId, clientId);
