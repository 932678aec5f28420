// Telling an app's followers about a published change (issue 16; docs/decisions/026). The review
// queue calls announceAppUpdate after its D1 batch committed: one queue message, sent from the
// request, and the queue consumer (./fan-out.server.ts) does the rest, follower by follower.
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { AppUpdate } from "./app-update";
import { recordDeadLetters } from "./deliveries.server";
import { announceMessage } from "./queue-messages.server";

/**
 * Queues the announcement of `update` to the app's followers. An update that is not well formed is a
 * bug in the caller and throws (a ZodError). A queue that refuses the message does not throw: the
 * change is already published, so the approval must not fail because of it. The announcement is
 * recorded as a dead letter instead (logged as an error), for an operator to announce again.
 */
export async function announceAppUpdate(context: AppLoadContext, update: AppUpdate): Promise<void> {
  const message = announceMessage(update);
  try {
    await context.env.UPDATES_QUEUE.send(message, { contentType: "json" });
    context.logger.info("App update announced to followers", { updateId: update.id, appId: update.appId });
  } catch (error) {
    context.logger.error("Announcing an app update failed: its followers are not told", { updateId: update.id, appId: update.appId, error: String(error) });
    await recordDeadLetters(
      context.db,
      [
        {
          messageId: `announce:${update.id}:${message.before}`,
          kind: "announce",
          updateId: update.id,
          userId: null,
          attempts: 0,
          body: JSON.stringify(message),
          error: `The queue refused the announcement: ${String(error)}`,
        },
      ],
      new Date(),
    ).catch((recordError: unknown) => context.logger.error("Recording the unannounced update failed", { updateId: update.id, error: String(recordError) }));
  }
}
