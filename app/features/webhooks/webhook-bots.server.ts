// The hub's two service bots (docs/decisions/010): Incoming Webhooks posts into spaces, Outgoing
// Webhooks listens in them. Their tokens come from config; who they are (id, e-mail, name) is asked
// of the platform once and kept in KV for a day.
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { PlatformClient } from "~/platform/client.server";
import type { WebhookKind } from "./webhook-form";

/**
 * What webhook work needs of a request's context. The Cron Trigger (workers/health.ts) builds one
 * too, so retries and standing checks run the same code outside a request.
 */
export type HookContext = Pick<AppLoadContext, "env" | "db" | "config" | "logger" | "platform" | "waitUntil">;

export type BotIdentity = { id: string; email: string; name: string };

/** A platform client with a token that is not a person's session (a bot's, or a webhook owner's). */
export function tokenClient(context: HookContext, trackingSession: string, accessToken?: string): PlatformClient {
  // Never the person's session: a 401 here must not log anyone out (issue 13).
  return context.platform.withServiceToken(trackingSession, accessToken);
}

export function botClient(context: HookContext, kind: WebhookKind): PlatformClient {
  return context.platform.webhookBot(kind);
}

const identityKey = (kind: WebhookKind) => `webhook-bot:${kind}`;

export async function botIdentity(context: HookContext, kind: WebhookKind): Promise<BotIdentity> {
  const cached = await context.env.KV.get<BotIdentity>(identityKey(kind), "json");
  if (cached) return cached;
  const me = await botClient(context, kind).getMe();
  const identity = { id: me.id, email: me.emails[0] ?? "", name: me.displayName ?? kind };
  context.waitUntil(context.env.KV.put(identityKey(kind), JSON.stringify(identity), { expirationTtl: 86_400 }));
  return identity;
}
