// The hub's two service bots (docs/decisions/010): Incoming Webhooks posts into spaces, Outgoing
// Webhooks listens in them. Their tokens come from config; who they are (id, e-mail, name) is asked
// of the platform once and kept in KV for a day.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { platformClientFor } from "~/auth/session.server";
import type { PlatformClient } from "~/platform/client.server";
import type { WebhookKind } from "./webhook-form";

export type BotIdentity = { id: string; email: string; name: string };

export function botClient(context: AppLoadContext, kind: WebhookKind): PlatformClient {
  const token = kind === "incoming" ? context.config.webhooks.incomingBotToken : context.config.webhooks.outgoingBotToken;
  return platformClientFor(context, { trackingSession: `hooks-${kind}`, tokens: { accessToken: token } });
}

const identityKey = (kind: WebhookKind) => `webhook-bot:${kind}`;

export async function botIdentity(context: AppLoadContext, kind: WebhookKind): Promise<BotIdentity> {
  const cached = await context.env.KV.get<BotIdentity>(identityKey(kind), "json");
  if (cached) return cached;
  const me = await botClient(context, kind).getMe();
  const identity = { id: me.id, email: me.emails[0] ?? "", name: me.displayName ?? kind };
  context.waitUntil(context.env.KV.put(identityKey(kind), JSON.stringify(identity), { expirationTtl: 86_400 }));
  return identity;
}
