// My Webhooks (spec §2.5, §3, §5): the two kinds, the form's validation with the spec's texts word
// for word, and the shape a webhook is shown in. Shared by the page, the API and the server, and
// by tools that read the hub's answers (scripts/soak/): relative imports only.
import { z } from "zod";

export const WEBHOOK_KINDS = ["incoming", "outgoing"] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

/** The catalogue's first-party apps whose detail pages host My Webhooks (by friendlyId). */
export const WEBHOOK_APP_KIND: Readonly<Record<string, WebhookKind>> = {
  "incoming-webhooks": "incoming",
  "outgoing-webhooks": "outgoing",
};

/** The webhook kind whose My Webhooks an app's page hosts, or null for every other app. */
export const webhookKindOf = (app: { friendlyId: string | null; type: string }): WebhookKind | null =>
  app.type === "bot" && app.friendlyId ? (WEBHOOK_APP_KIND[app.friendlyId] ?? null) : null;

/**
 * At most this many webhooks per person, incoming and outgoing together: each one costs standing
 * checks and (outgoing) a platform webhook, whatever its kind (docs/decisions/010).
 */
export const WEBHOOK_LIMIT = 25;

export const WEBHOOK_MESSAGES = {
  // Spec §5, word for word.
  name: "A valid webhook name containing no special characters is required",
  room: "Room is required",
  urlRequired: "WebhookUrl is required",
  urlHttp: "Url must start with http",
  // Spec §8 names "a no-webhooks-found message" without its words; ours:
  noWebhooks: "No webhooks found",
  // Not in the spec (§8: "user-facing text for webhook errors beyond those above: not shown").
  urlInvalid: "Enter a complete URL, such as https://example.com/hooks/lumen",
  urlPrivate: "Use a public URL: private and loopback addresses cannot be called",
  directSpace: "Webhooks work only in group spaces. Choose a group space.",
  urlHttps: "Use an https URL: webhooks are sent only over https",
  nameTaken: (name: string) => `You already have a webhook called ${name} in that space`,
  created: (name: string, space: string) => `${name} was created in the ${space} space`,
  deleted: (name: string) => `${name} was deleted`,
  notFound: "That webhook was not found. It may have been deleted already.",
  limit: `You already have ${WEBHOOK_LIMIT} webhooks, the most one person can have. Delete one to add another.`,
  listFailed: "We couldn't load your webhooks. Please try again later.",
} as const;

/** The titles of the notices a page shows after a create or a delete (Post/Redirect/Get). */
export const WEBHOOK_NOTICE_TITLES = { added: "Webhook added", deleted: "Webhook deleted" } as const;

/** The hub's two webhook apps, as the catalogue and the platform name their bots. */
export const WEBHOOK_APP_NAME: Readonly<Record<WebhookKind, string>> = { incoming: "Incoming Webhooks", outgoing: "Outgoing Webhooks" };

/**
 * Why a webhook stopped (its owner's standing, docs/decisions/010): only what the platform states
 * plainly. A 404 or 403 on the standing lookup is no reason (issue 27): the post is tried instead.
 * The owner's organisation's app policy is the hub's own (decision 035; issue 40 item 5): it
 * restricted the webhook app, or requires approval for it and has not approved it (again).
 */
export const INACTIVE_REASONS = ["left_space", "grant_revoked", "org_restricted", "org_needs_approval"] as const;
export type InactiveReason = (typeof INACTIVE_REASONS)[number];
export const isInactiveReason = (value: string): value is InactiveReason => (INACTIVE_REASONS as readonly string[]).includes(value);

/** The reason as its owner reads it on My Webhooks (and in /api/my-webhooks). */
export function inactiveMessage(reason: InactiveReason, kind: WebhookKind, space: string): string {
  switch (reason) {
    case "left_space":
      return `Inactive: you are no longer a member of the ${space} space. It works again if you rejoin the space.`;
    case "grant_revoked":
      return "Inactive: App Hub's access to your account was revoked at the platform. Log in again to turn it back on.";
    case "org_restricted":
      return `Inactive: your organisation has restricted ${WEBHOOK_APP_NAME[kind]}. It works again if an administrator approves it.`;
    case "org_needs_approval":
      return `Inactive: your organisation requires approval for ${WEBHOOK_APP_NAME[kind]}, and has not approved it. It works again once an administrator does; you can request it on its page.`;
  }
}

/** The reason as whoever posts to an incoming webhook's URL reads it (403). */
export function inactiveRefusal(reason: InactiveReason, _kind: WebhookKind): string {
  switch (reason) {
    case "left_space":
      return "This webhook is inactive: its owner is no longer a member of the space it posts to.";
    case "grant_revoked":
      return "This webhook is inactive: its owner revoked App Hub's access at the platform. It works again once they log in to App Hub.";
    case "org_restricted":
    case "org_needs_approval":
      // Whoever posts may be outside the organisation: its policy's details are for its owner (My Webhooks).
      return "This webhook is inactive: its owner's organisation does not allow it now.";
  }
}

/** The emulator and our sender labels allow 100 characters. */
export const WEBHOOK_NAME_MAX = 100;
export const WEBHOOK_URL_MAX = 2000;

export type WebhookInput = { displayName: string; roomId: string; webhookUrl: string | null };
export type WebhookFieldErrors = Partial<Record<"displayName" | "roomId" | "webhookUrl", string>>;
export type WebhookValidation = { ok: true; value: WebhookInput } | { ok: false; errors: WebhookFieldErrors };

const text = (v: unknown): string => (typeof v === "string" ? v.trim() : "");

/** Spec §5 rules; every failing field gets its message, so the form can show them all at once. */
export function validateWebhookInput(kind: WebhookKind, raw: Record<string, unknown>): WebhookValidation {
  const displayName = text(raw.displayName);
  const roomId = text(raw.roomId);
  const webhookUrl = text(raw.webhookUrl);
  const errors: WebhookFieldErrors = {};
  if (!/^[A-Za-z0-9-]+$/.test(displayName) || displayName.length > WEBHOOK_NAME_MAX) errors.displayName = WEBHOOK_MESSAGES.name;
  if (!roomId || roomId.length > 300) errors.roomId = WEBHOOK_MESSAGES.room;
  if (kind === "outgoing") {
    if (!webhookUrl) errors.webhookUrl = WEBHOOK_MESSAGES.urlRequired;
    else if (!/^http/i.test(webhookUrl)) errors.webhookUrl = WEBHOOK_MESSAGES.urlHttp;
    else if (!isHttpUrl(webhookUrl)) errors.webhookUrl = WEBHOOK_MESSAGES.urlInvalid;
  }
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, value: { displayName, roomId, webhookUrl: kind === "outgoing" ? webhookUrl : null } };
}

function isHttpUrl(value: string): boolean {
  if (value.length > WEBHOOK_URL_MAX) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && Boolean(url.hostname) && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** A webhook as its owner sees it (spec §3: id, roomId, displayName, webhookUrl, target space). */
/** A webhook as its owner sees it: My Webhooks (page and `GET /api/my-webhooks`). */
export const webhookViewSchema = z.object({
  id: z.string(),
  type: z.enum(WEBHOOK_KINDS),
  roomId: z.string(),
  roomTitle: z.string(),
  displayName: z.string(),
  /** Incoming: the secret URL to POST to. Outgoing: the person's server. */
  webhookUrl: z.string(),
  /** Outgoing: the key of the X-AppHub-Signature HMAC. */
  signingSecret: z.string().nullable(),
  createdAt: z.string(),
  /** The owner's standing, as last checked: inactive webhooks post and deliver nothing. */
  status: z.enum(["active", "inactive"]),
  inactiveReason: z.enum(INACTIVE_REASONS).nullable(),
  /** The reason in words, for the owner. */
  inactiveMessage: z.string().nullable(),
  /** When the standing was last checked with the platform (ISO), if ever. */
  checkedAt: z.string().nullable(),
});
export type WebhookView = z.infer<typeof webhookViewSchema>;

/** Spec §7 `GET /api/my-webhooks`. */
export const myWebhooksAnswerSchema = z.object({ items: z.array(webhookViewSchema) });
export type MyWebhooksAnswer = z.infer<typeof myWebhooksAnswerSchema>;

/** Spec §7 `POST /api/webhooks?type=`: 201 when made, 200 when the same webhook already existed. */
export const webhookCreateAnswerSchema = webhookViewSchema.pick({ id: true, roomId: true, displayName: true, webhookUrl: true });
export type WebhookCreateAnswer = z.infer<typeof webhookCreateAnswerSchema>;
