// The bodies of the update queue's messages (wrangler.toml [[queues.producers]] UPDATES_QUEUE;
// docs/decisions/026), checked with zod on both sides: what the request sends and what the consumer
// reads back (a message may outlive a deploy that changed its shape).
// - announce: one published change of one app; the consumer reads one page of its followers, sends
//   one deliver message each, and (when the page was full) the announce message for the next page.
// - deliver: one follower (by person) of that change.
import { z } from "zod";
import { lazySchema, once } from "~/lib/lazy-schema";
import { PERMISSION_KEYS, type PermissionKey } from "~/models/permissions";
import type { AppUpdate } from "./app-update";
import { SUMMARY_MAX_CHARS, toNotice, type UpdateNotice } from "./update-message.server";

/**
 * The schemas, built on first use (docs/decisions/051): only a publish and the queue consumer parse
 * these, and building them at import cost every isolate's startup.
 */
const schemas = once(() => {
  /** A path on the portal ("/applications/pollster"), never an address elsewhere. */
  const portalPath = z
    .string()
    .max(500)
    .regex(/^\/(?!\/)[^\s\\]*$/, "must be a path on the portal, starting with a single /");

  const updateFields = {
    id: z.string().min(1).max(200),
    kind: z.enum(["version", "deprecated"]),
    appId: z.string().min(1).max(200),
    appName: z.string().min(1).max(200),
    path: portalPath,
    version: z.string().min(1).max(100).nullable(),
    addedPermissions: z.array(z.enum(PERMISSION_KEYS as [PermissionKey, ...PermissionKey[]])).max(100),
    replacement: z.object({ name: z.string().min(1).max(200), path: portalPath }).nullable(),
    at: z.string().datetime({ offset: true }),
  };

  /** The review queue's AppUpdate (./app-update.ts), as announceAppUpdate accepts it. */
  const appUpdate = z.object({ ...updateFields, releaseNotes: z.string().max(100_000).nullable() }) satisfies z.ZodType<AppUpdate>;

  /** An update as the queue carries it: release notes already cut to their summary (./update-message.server.ts). */
  const notice = z.object({
    ...updateFields,
    notesSummary: z
      .string()
      .max(SUMMARY_MAX_CHARS * 4)
      .nullable(),
  }) satisfies z.ZodType<UpdateNotice>;

  const announce = z.object({
    kind: z.literal("announce"),
    notice,
    /** Follows made after this (the announcement's time) are left out: they did not ask about this change. */
    before: z.string().datetime({ offset: true }),
    /** Followers with a follow id above this one are the next page (0: the first). */
    after: z.number().int().min(0),
  });

  const deliver = z.object({ kind: z.literal("deliver"), notice, userId: z.string().min(1).max(200) });

  const message = z.discriminatedUnion("kind", [announce, deliver]);
  return { appUpdate, announce, deliver, message };
});
type Schemas = ReturnType<typeof schemas>;

/** The review queue's AppUpdate (./app-update.ts), as announceAppUpdate accepts it. */
export const appUpdateSchema = lazySchema(() => schemas().appUpdate);
export const updatesQueueMessageSchema = lazySchema(() => schemas().message);

export type AnnounceMessage = z.infer<Schemas["announce"]>;
export type DeliverMessage = z.infer<Schemas["deliver"]>;
export type UpdatesQueueMessage = z.infer<typeof updatesQueueMessageSchema>;

/** The first announce message of a published change. Throws a ZodError for an update that is not one. */
export function announceMessage(update: AppUpdate, now = new Date()): AnnounceMessage {
  return { kind: "announce", notice: toNotice(appUpdateSchema.parse(update)), before: now.toISOString(), after: 0 };
}
