// The hub's updates bot (UPDATES_BOT_TOKEN; docs/decisions/026): who it is (asked of the platform
// once, kept in KV for a day, as the webhook bots are) and its client.
import type { AppLoadContext } from "@remix-run/cloudflare";

export type UpdatesBotIdentity = { id: string; email: string; name: string };

const IDENTITY_KEY = "updates-bot:identity";

export async function updatesBotIdentity(context: Pick<AppLoadContext, "env" | "platform" | "waitUntil">): Promise<UpdatesBotIdentity> {
  const cached = await context.env.KV.get<UpdatesBotIdentity>(IDENTITY_KEY, "json");
  if (cached) return cached;
  const me = await context.platform.updatesBot().getMe();
  const identity = { id: me.id, email: me.emails[0] ?? "", name: me.displayName ?? "App Hub" };
  context.waitUntil(context.env.KV.put(IDENTITY_KEY, JSON.stringify(identity), { expirationTtl: 86_400 }));
  return identity;
}
