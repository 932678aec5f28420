// The platform clients a request may use (docs/decisions/017): `context.platform`, built once per
// request by the Worker (workers/app.ts) and by the Cron Trigger (workers/health.ts). It is the one
// place that makes platform clients, so who a client speaks for (the person, or one of the hub's
// service bots) is decided here and nowhere else. It lives beside the client, not in auth/: the
// session module uses it (token refresh) and it needs nothing from the session, so there is no
// auth <-> platform import cycle. Each call makes a fresh client (a client numbers its own calls'
// tracking ids), as before.
import type { Logger } from "~/lib/logger.server";
import type { PortalConfig } from "~/lib/config.server";
import { createPlatformClient, type PlatformClient } from "./client.server";

/** Who the person's client acts for: their session's tracking part and, once logged in, their access token. */
export type PersonCredential = { trackingSession: string; tokens?: { accessToken: string } };

export type WebhookBotKind = "incoming" | "outgoing";

export function createPlatformServices(options: { config: Pick<PortalConfig, "platform" | "supportSpace" | "webhooks" | "updates">; logger: Logger }) {
  const { config, logger } = options;
  const client = (trackingSession: string, accessToken: string | undefined, credential: "session" | "service"): PlatformClient =>
    createPlatformClient({
      apiBase: config.platform.apiBase,
      timeoutMs: config.platform.timeoutMs,
      trackingSession,
      logger,
      accessToken,
      credential,
    });
  return {
    /**
     * The person's own client: with their session's access token (a 401 on it ends the session),
     * or without one for the token endpoint (login's code exchange, refresh).
     */
    forPerson: (person: PersonCredential): PlatformClient => client(person.trackingSession, person.tokens?.accessToken, "session"),
    /**
     * A token that is not the person's session (a webhook owner's stored token): a 401 on it is the
     * operator's problem and never logs anyone out (issue 13).
     */
    withServiceToken: (trackingSession: string, accessToken?: string): PlatformClient => client(trackingSession, accessToken, "service"),
    /**
     * The support bot (SUPPORT_BOT_TOKEN), moderator of the developer-support space; null when the
     * support space is not configured. Its calls carry the person's tracking part (it acts for them).
     */
    supportBot: (trackingSession: string): PlatformClient | null => (config.supportSpace ? client(trackingSession, config.supportSpace.botToken, "service") : null),
    /** The Incoming or Outgoing Webhooks bot (docs/decisions/010). */
    webhookBot: (kind: WebhookBotKind): PlatformClient =>
      client(`hooks-${kind}`, kind === "incoming" ? config.webhooks.incomingBotToken : config.webhooks.outgoingBotToken, "service"),
    /** The updates bot (UPDATES_BOT_TOKEN), which posts an app's changes to its followers (issue 16). */
    updatesBot: (): PlatformClient => client("updates", config.updates.botToken, "service"),
  };
}

export type PlatformServices = ReturnType<typeof createPlatformServices>;
