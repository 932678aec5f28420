// The messaging platform's REST shapes (docs/platform-api.md), as zod schemas. The platform
// client parses every response with these, and the emulator's contract tests check its answers
// against the same schemas, so the client, the emulator and the document cannot drift apart.
// Objects are not strict: the real platform adds fields over time and the client must not break.
import { z } from "zod";
import { lazySchema } from "../lib/lazy-schema.ts";

// Every schema below is built on its first parse (lazySchema, docs/decisions/051): a request that
// never calls the platform (a cached page, the catalogue API, a health check) no longer pays for
// building them all when its isolate starts.

const isoDate = z.string().datetime({ offset: true });

/** Hydra-style id: base64url (padding accepted) of `ciscospark://<cluster>/<TYPE>/<uuid>`. */
export const hydraId = z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/, "must be a base64url id");

export const platformErrorSchema = lazySchema(() =>
  z.object({
    message: z.string(),
    errors: z.array(z.object({ description: z.string() })).optional(),
    trackingId: z.string().optional(),
  }),
);
export type PlatformErrorBody = z.infer<typeof platformErrorSchema>;

export const tokenResponseSchema = lazySchema(() =>
  z.object({
    access_token: z.string().min(1),
    token_type: z.string().optional(),
    expires_in: z.number().int().positive(),
    refresh_token: z.string().min(1),
    refresh_token_expires_in: z.number().int().positive(),
  }),
);
export type TokenResponse = z.infer<typeof tokenResponseSchema>;

export const personSchema = lazySchema(() =>
  z.object({
    id: hydraId,
    emails: z.array(z.string()),
    displayName: z.string().optional(),
    nickName: z.string().optional(),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    avatar: z.string().url().optional(),
    orgId: hydraId,
    type: z.enum(["person", "bot", "appuser"]).optional(),
    created: isoDate.optional(),
    lastModified: isoDate.optional(),
    status: z.string().optional(),
    /** Role ids; present for administrators (the full administrator's is FULL_ADMIN_ROLE). */
    roles: z.array(z.string()).optional(),
  }),
);
/** The platform's full administrator role id (Hydra: ciscospark://us/ROLE/id_full_admin). */
export const FULL_ADMIN_ROLE = "Y2lzY29zcGFyazovL3VzL1JPTEUvaWRfZnVsbF9hZG1pbg";
export type Person = z.infer<typeof personSchema>;

export const roomSchema = lazySchema(() =>
  z.object({
    id: hydraId,
    title: z.string(),
    type: z.enum(["direct", "group"]),
    isLocked: z.boolean(),
    teamId: hydraId.optional(),
    lastActivity: isoDate.optional(),
    creatorId: hydraId.optional(),
    created: isoDate,
    ownerId: hydraId.optional(),
    isAnnouncementOnly: z.boolean().optional(),
    isReadOnly: z.boolean().optional(),
    isPublic: z.boolean().optional(),
    description: z.string().optional(),
  }),
);
export type Room = z.infer<typeof roomSchema>;
export const roomListSchema = lazySchema(() => z.object({ items: z.array(roomSchema) }));

export const membershipSchema = lazySchema(() =>
  z.object({
    id: hydraId,
    roomId: hydraId,
    personId: hydraId,
    personEmail: z.string(),
    personDisplayName: z.string().optional(),
    personOrgId: hydraId.optional(),
    isModerator: z.boolean(),
    roomType: z.enum(["direct", "group"]).optional(),
    created: isoDate,
  }),
);
export type Membership = z.infer<typeof membershipSchema>;
export const membershipListSchema = lazySchema(() => z.object({ items: z.array(membershipSchema) }));

/**
 * Mentioned person ids. The platform's published examples put several ids in one comma-joined
 * string (`["id1,id2"]`), so both forms are accepted and split into one id per item.
 */
const mentionedPeople = lazySchema(() =>
  z
    .array(z.string())
    .transform((ids) =>
      ids
        .flatMap((s) => s.split(","))
        .map((s) => s.trim())
        .filter(Boolean),
    )
    .pipe(z.array(hydraId)),
);

export const messageSchema = lazySchema(() =>
  z.object({
    id: hydraId,
    roomId: hydraId,
    roomType: z.enum(["direct", "group"]).optional(),
    toPersonId: hydraId.optional(),
    toPersonEmail: z.string().optional(),
    text: z.string().optional(),
    markdown: z.string().optional(),
    personId: hydraId,
    personEmail: z.string(),
    mentionedPeople: mentionedPeople.optional(),
    created: isoDate,
  }),
);
export type Message = z.infer<typeof messageSchema>;
export const messageListSchema = lazySchema(() => z.object({ items: z.array(messageSchema) }));

export const platformWebhookSchema = lazySchema(() =>
  z.object({
    id: hydraId,
    name: z.string(),
    targetUrl: z.string().url(),
    resource: z.string(),
    event: z.string(),
    filter: z.string().optional(),
    secret: z.string().optional(),
    status: z.enum(["active", "inactive"]),
    created: isoDate,
  }),
);
export type PlatformWebhook = z.infer<typeof platformWebhookSchema>;
export const platformWebhookListSchema = lazySchema(() => z.object({ items: z.array(platformWebhookSchema) }));

/**
 * A delivery the platform POSTs to a webhook's targetUrl (signed with X-Spark-Signature), exactly
 * the platform's documented envelope (docs/platform-api.md "Platform webhooks"): `id`, `name`,
 * `resource`, `event` and `data.id` come in every delivery; the rest is listed without a promise
 * (`filter` only when the webhook has one), so it is optional. There is no top-level `created`: a
 * schema that required one refused every real delivery with 400, and the platform then disabled
 * the webhook (issue 27). `data` depends on the resource: see `messageEventDataSchema`.
 */
export const webhookEventSchema = lazySchema(() =>
  z.object({
    id: hydraId,
    name: z.string(),
    resource: z.string(),
    event: z.string(),
    filter: z.string().optional(),
    orgId: z.string().optional(),
    createdBy: z.string().optional(),
    appId: z.string().optional(),
    ownedBy: z.string().optional(),
    status: z.string().optional(),
    actorId: z.string().optional(),
    data: z.object({ id: hydraId }).passthrough(),
  }),
);

/** `data` of a `messages` delivery: the message's ids, without its text (read the message for that). */
export const messageEventDataSchema = lazySchema(() =>
  z
    .object({
      id: hydraId,
      roomId: hydraId,
      personId: hydraId,
      personEmail: z.string(),
      roomType: z.enum(["direct", "group"]).optional(),
      /** Deliveries may omit it: read the message (GET /v1/messages/{id}) to be sure. */
      mentionedPeople: mentionedPeople.optional(),
      created: isoDate.optional(),
    })
    .passthrough(),
);
export type MessageEventData = z.infer<typeof messageEventDataSchema>;
export type WebhookEvent = z.infer<typeof webhookEventSchema>;

/**
 * `data` of a `rooms`/`migrated` delivery: the space under its new id (`id`) and its old one. The
 * platform documents the event ("A room was migrated to a different geography. The roomId has
 * changed.") but not this shape: `previousRoomId` is the emulator's guess (workers/platform/README.md
 * "Fidelity"). A delivery without it is acknowledged and logged with its keys, and nothing moves.
 */
export const roomMigratedEventDataSchema = lazySchema(() => z.object({ id: hydraId, previousRoomId: hydraId }).passthrough());

export const authorizationSchema = lazySchema(() =>
  z.object({
    id: hydraId,
    applicationId: hydraId,
    applicationName: z.string(),
    /** In the platform's reference text but not in its published example, hence optional. */
    orgId: hydraId.optional(),
    personId: hydraId,
    clientId: z.string(),
    created: isoDate,
    type: z.enum(["refresh", "access"]),
    // No `scopes`: the platform does not say which scopes were granted (docs/platform-api.md).
  }),
);
export type Authorization = z.infer<typeof authorizationSchema>;
export const authorizationListSchema = lazySchema(() => z.object({ items: z.array(authorizationSchema) }));
