// What the review queue's approval tells an app's followers (issue 16): one published change of one
// app. The approval (app/features/review-queue) builds it after its D1 batch committed and hands it to
// the fan-out (announceAppUpdate); the queue consumer turns it into one message per follower.
import type { PermissionKey } from "~/models/permissions";

export type AppUpdateKind = "version" | "deprecated";

export type AppUpdate = {
  /**
   * Unique per published change, e.g. "submission:42". Deliveries are deduplicated on
   * (update id, follower), so a retried or repeated announcement reaches nobody twice.
   */
  id: string;
  kind: AppUpdateKind;
  appId: string;
  appName: string;
  /** The app's page, relative to the portal (e.g. "/applications/pollster"). */
  path: string;
  /** The version just published (kind "version"), else null. */
  version: string | null;
  /** Its release notes, markdown as the publisher wrote them; the message carries a short summary. */
  releaseNotes: string | null;
  /** Permissions the app asks for now that it did not ask for before, in the order to show. */
  addedPermissions: PermissionKey[];
  /** For "deprecated": the app to use instead, when the publisher named one. */
  replacement: { name: string; path: string } | null;
  /** When it was published (ISO 8601). */
  at: string;
};
