// My Integrations (spec §2.1, §4): the person's connected integrations from the platform's
// authorizations, matched to our catalogue for name and logo. Shared by the page and /api routes.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { platformClientFor, type Auth } from "~/auth/session.server";
import { findAppsByClientIds } from "~/models/catalogue.server";
import { PlatformError } from "~/platform/client.server";
import type { Authorization } from "~/platform/schemas";
import type { MyIntegration } from "./integration";

/** Scopes that reach the whole account; anything narrower is partial access (spec §3). */
const FULL_ACCESS_SCOPES = new Set(["spark:all"]);

/** The person's authorizations, without the hub's own login (it is not an integration they added). */
export async function listSubscriptions(context: AppLoadContext, auth: Auth): Promise<Authorization[]> {
  const { items } = await platformClientFor(context, auth).listAuthorizations(auth.user.id);
  return items.filter((item) => item.clientId !== context.config.oauth.clientId);
}

export async function loadMyIntegrations(context: AppLoadContext, auth: Auth): Promise<MyIntegration[]> {
  const authorizations = await listSubscriptions(context, auth);
  // A person has a refresh and an access authorization per app: one row per app, the oldest date.
  const byClient = new Map<string, Authorization & { scopeSet: Set<string> }>();
  for (const item of authorizations) {
    const seen = byClient.get(item.clientId);
    if (!seen) byClient.set(item.clientId, { ...item, scopeSet: new Set(item.scopes ?? []) });
    else {
      (item.scopes ?? []).forEach((scope) => seen.scopeSet.add(scope));
      if (item.created < seen.created) seen.created = item.created;
    }
  }
  const apps = await findAppsByClientIds(context.env.DB, [...byClient.keys()]);
  return [...byClient.values()]
    .map((item): MyIntegration => {
      const app = apps.get(item.clientId);
      return {
        clientId: item.clientId,
        applicationId: item.applicationId,
        name: app?.name ?? item.applicationName,
        companyName: app?.companyName ?? null,
        logo: app?.logo ?? null,
        appPath: app ? `/applications/${app.friendlyId ?? app.id}` : null,
        access: [...item.scopeSet].some((scope) => FULL_ACCESS_SCOPES.has(scope)) ? "full" : "partial",
        connectedAt: item.created,
      };
    })
    .sort((a, b) => a.name.localeCompare(b.name, "en", { sensitivity: "base" }));
}

/**
 * Revokes an integration at the platform. Revoking one that is already gone counts as done, so a
 * repeated Disconnect (a double click, a resubmitted form) is not an error.
 */
export async function disconnectIntegration(context: AppLoadContext, auth: Auth, clientId: string): Promise<void> {
  if (clientId === context.config.oauth.clientId) throw new PlatformError("http", 400, "The hub's own login cannot be disconnected here");
  try {
    await platformClientFor(context, auth).revokeAuthorization(clientId);
  } catch (error) {
    if (error instanceof PlatformError && error.status === 404) return;
    throw error;
  }
}
