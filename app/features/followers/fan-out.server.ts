// The update queue's consumer (wrangler.toml [[queues.consumers]]; docs/decisions/026), reached by
// the Worker's `queue` handler (workers/queue.ts) through the server build, like the request
// services (app/request-services.server.ts says why).
// - announce: one page of the app's followers becomes one deliver message each (sendBatch, at most
//   100 messages and 256 KB a call), then the announce message of the next page.
// - deliver: claim the (update, follower) row, post the message as the updates bot, record it. The
//   claim makes a message the queue delivers twice post once. A refusal for now (5xx, 429, time-out,
//   network) is retried with a delay: Retry-After when the platform gives one, else doubling from
//   UPDATES_RETRY_BASE_SECONDS; after max_retries the queue moves it to the dead-letter queue. A
//   refusal for good (404 the space is gone, 403 the bot was removed or turned off, 400) is
//   recorded, shown to the follower in My Integrations, and not retried. So is an update about an
//   app the follower's organisation does not allow now (restricted, or needing approval and not
//   approved; issue 40 item 5): checked before each post, as following it is refused.
// - the dead-letter queue: every message is recorded in follow_dead_letters, for operators.
// Each message is acked or retried on its own.
import { createLogger, type LogLevel, type Logger } from "~/lib/logger.server";
import { portalConfigFor, type PortalConfig } from "~/lib/config.server";
import { mapPool } from "~/lib/map-pool";
import type { Db } from "~/models/db.server";
import { PlatformError, type PlatformClient } from "~/platform/client.server";
import { createPlatformServices } from "~/platform/services.server";
import { claimDelivery, type DeadLetter, type DeliveryKey, markDelivered, markFailed, markWaiting, recordDeadLetters } from "./deliveries.server";
import type { FollowProblem } from "./follow-view";
import { followersPage } from "./follows.server";
import { userMayUse } from "~/features/org-policy/owner-standing.server";
import { getAppDetail } from "~/models/catalogue.server";
import { type AnnounceMessage, type DeliverMessage, type UpdatesQueueMessage, updatesQueueMessageSchema } from "./queue-messages.server";
import { updateMessage } from "./update-message.server";

/** The dead-letter queue of a queue is named after it with this suffix (wrangler.toml). */
export const DEAD_LETTER_SUFFIX = "-dead-letters";
/** Followers read per announce message: 10 sendBatch calls and one D1 read per invocation. */
export const FOLLOWERS_PAGE = 1000;
/** Messages of one batch posted at once (a batch is at most 100; wrangler.toml max_concurrency bounds batches). */
const POSTS_AT_ONCE = 10;
/** Queues' limits for one sendBatch call. */
const SEND_BATCH_MAX = { messages: 100, bytes: 250_000 } as const;
/** The longest delay Queues accepts for a retry (12 hours), and the longest backoff we choose (an hour). */
const MAX_DELAY_SECONDS = 43_200;
const MAX_BACKOFF_SECONDS = 3_600;

export type FanOutDeps = {
  db: Db;
  queue: Queue<UpdatesQueueMessage>;
  bot: PlatformClient;
  config: Pick<PortalConfig, "url" | "platform" | "updates">;
  logger: Logger;
  now?: () => Date;
};

/** The Worker's queue handler for both queues (workers/queue.ts). */
export async function consumeUpdatesBatch(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  const logger = createLogger((env.LOG_LEVEL as LogLevel | undefined) ?? "info");
  const config = portalConfigFor(env);
  const deps: FanOutDeps = {
    db: env.DB,
    queue: env.UPDATES_QUEUE as Queue<UpdatesQueueMessage>,
    bot: createPlatformServices({ config, logger }).updatesBot(),
    config,
    logger,
  };
  if (batch.queue.endsWith(DEAD_LETTER_SUFFIX)) await recordDeadBatch(batch, deps);
  else await consumeBatch(batch, deps);
}

export async function consumeBatch(batch: MessageBatch<unknown>, deps: FanOutDeps): Promise<void> {
  await mapPool(batch.messages, POSTS_AT_ONCE, async (message) => {
    const parsed = updatesQueueMessageSchema.safeParse(message.body);
    if (!parsed.success) {
      // Retrying cannot make it readable: straight to the operators' record.
      deps.logger.error("An update queue message could not be read", { messageId: message.id, issue: parsed.error.issues[0]?.message });
      await recordDeadLetters(deps.db, [deadLetterOf(message, null, "The message could not be read")], now(deps)).then(
        () => message.ack(),
        (error: unknown) => retryLater(message, deps, `recording an unreadable message failed: ${String(error)}`, null),
      );
      return;
    }
    try {
      if (parsed.data.kind === "deliver") await deliver(message, parsed.data, deps);
      else {
        await expandPage(parsed.data, deps);
        message.ack();
      }
    } catch (error) {
      // D1 or the queue itself failed (the platform's answers are handled in deliver): try again.
      retryLater(message, deps, String(error), null);
    }
  });
}

const now = (deps: FanOutDeps) => deps.now?.() ?? new Date();

function retryLater(message: Message<unknown>, deps: FanOutDeps, reason: string, retryAfterSeconds: number | null): void {
  const delaySeconds = retryDelaySeconds(message.attempts, deps.config.updates.retryBaseSeconds, retryAfterSeconds);
  deps.logger.warn("Update queue message retried", { messageId: message.id, attempt: message.attempts, delaySeconds, reason });
  message.retry({ delaySeconds });
}

/** The delay before another attempt: the platform's Retry-After when given, else base × 2^(attempt-1), at most an hour. */
export function retryDelaySeconds(attempt: number, baseSeconds: number, retryAfterSeconds: number | null): number {
  if (retryAfterSeconds !== null) return Math.min(Math.max(0, Math.ceil(retryAfterSeconds)), MAX_DELAY_SECONDS);
  return Math.min(baseSeconds * 2 ** Math.max(0, attempt - 1), MAX_BACKOFF_SECONDS);
}

/** One page of followers → their deliver messages, then the next page's announce message. */
async function expandPage(announce: AnnounceMessage, deps: FanOutDeps): Promise<void> {
  const page = await followersPage(deps.db, announce.notice.appId, { after: announce.after, before: announce.before, limit: FOLLOWERS_PAGE });
  const deliveries = page.map(
    (follower): MessageSendRequest<UpdatesQueueMessage> => ({
      body: { kind: "deliver", notice: announce.notice, userId: follower.userId },
      contentType: "json",
    }),
  );
  for (const chunk of sendBatchChunks(deliveries)) await deps.queue.sendBatch(chunk);
  const last = page.at(-1);
  if (page.length === FOLLOWERS_PAGE && last) await deps.queue.send({ ...announce, after: last.id }, { contentType: "json" });
  deps.logger.info("Update fanned out to a page of followers", { updateId: announce.notice.id, followers: page.length, after: announce.after });
}

/** Requests cut to what one sendBatch call takes (by count and by size). */
export function sendBatchChunks<T>(requests: readonly MessageSendRequest<T>[]): MessageSendRequest<T>[][] {
  const chunks: MessageSendRequest<T>[][] = [];
  let chunk: MessageSendRequest<T>[] = [];
  let bytes = 0;
  for (const request of requests) {
    const size = new TextEncoder().encode(JSON.stringify(request.body)).length + 100;
    if (chunk.length && (chunk.length === SEND_BATCH_MAX.messages || bytes + size > SEND_BATCH_MAX.bytes)) {
      chunks.push(chunk);
      chunk = [];
      bytes = 0;
    }
    chunk.push(request);
    bytes += size;
  }
  if (chunk.length) chunks.push(chunk);
  return chunks;
}

type Failure = { kind: "retry"; retryAfterSeconds: number | null } | { kind: "permanent"; problem: FollowProblem } | { kind: "delivered" };

/** What a failed post means for the delivery (docs/decisions/026). */
export function classifyFailure(error: unknown): Failure {
  if (!(error instanceof PlatformError)) return { kind: "retry", retryAfterSeconds: null };
  // The platform answered 2xx with a body we could not read: the message was posted, and posting
  // it again would make a second one.
  if (error.kind === "invalid-response") return { kind: "delivered" };
  if (error.kind !== "http") return { kind: "retry", retryAfterSeconds: null }; // time-out, network
  // 401: the bot's token was refused, an operator's fix (logged as an error), after which it works.
  if (error.status >= 500 || error.status === 429 || error.status === 423 || error.status === 401 || error.status === 408) {
    return { kind: "retry", retryAfterSeconds: error.retryAfterSeconds };
  }
  if (error.status === 404) return { kind: "permanent", problem: "not-found" };
  if (error.status === 403) return { kind: "permanent", problem: "forbidden" };
  return { kind: "permanent", problem: "rejected" };
}

const describe = (error: unknown) => (error instanceof PlatformError ? `${error.status} ${error.message}${error.trackingId ? ` (${error.trackingId})` : ""}` : String(error));

async function deliver(message: Message<unknown>, body: DeliverMessage, deps: FanOutDeps): Promise<void> {
  const { notice } = body;
  const key: DeliveryKey = { updateId: notice.id, userId: body.userId, appId: notice.appId };
  const started = now(deps);
  // A claim older than the platform's time-out (and a margin) belongs to a consumer that died.
  const leaseSeconds = Math.ceil(deps.config.platform.timeoutMs / 1000) + 15;
  const claim = await claimDelivery(deps.db, key, started, new Date(started.getTime() - leaseSeconds * 1000));
  if (claim.kind === "not-following" || claim.kind === "done") {
    message.ack();
    return;
  }
  if (claim.kind === "busy") {
    message.retry({ delaySeconds: leaseSeconds });
    return;
  }
  const { target } = claim;
  // The organisation's policy now, not when they followed: the same standing as the app's page.
  if (!(await userMayUse(deps.db, body.userId, notice.appId, () => getAppDetail(deps.db, notice.appId)))) {
    await markFailed(deps.db, key, target.followId, { problem: "org-policy", error: "The follower's organisation does not allow the app now." }, now(deps));
    message.ack();
    return;
  }
  const markdown = updateMessage(notice, { portalUrl: deps.config.url, unfollowToken: target.unfollowToken });
  let messageId: string | null;
  try {
    const sent = await deps.bot.sendMessage(target.destination.kind === "space" ? { roomId: target.destination.roomId, markdown } : { toPersonId: target.personId, markdown });
    messageId = sent.id;
  } catch (error) {
    const failure = classifyFailure(error);
    if (failure.kind === "retry") {
      if (error instanceof PlatformError && error.status === 401)
        deps.logger.error("The platform refused the updates bot's token (401): check UPDATES_BOT_TOKEN", { trackingId: error.trackingId });
      await markWaiting(deps.db, key, describe(error), now(deps));
      retryLater(message, deps, describe(error), failure.retryAfterSeconds);
      return;
    }
    if (failure.kind === "permanent") {
      deps.logger.warn("An update could not be posted to a follower, for good", { updateId: notice.id, followId: target.followId, error: describe(error) });
      await markFailed(deps.db, key, target.followId, { problem: failure.problem, error: describe(error) }, now(deps)).catch((recordError: unknown) =>
        deps.logger.error("Recording a failed update delivery failed", { updateId: notice.id, error: String(recordError) }),
      );
      message.ack();
      return;
    }
    deps.logger.warn("The platform's answer to an update post was unreadable; counted as posted", { updateId: notice.id, followId: target.followId });
    messageId = null;
  }
  // Posted: whatever happens to the record now, the message must not be retried (a second post).
  message.ack();
  await markDelivered(deps.db, key, target.followId, messageId, now(deps)).catch((error: unknown) =>
    deps.logger.error("Recording a posted update failed", { updateId: notice.id, followId: target.followId, error: String(error) }),
  );
}

/** A queue message as a dead letter: its body as given, and what it was about when readable. */
function deadLetterOf(message: Message<unknown>, body: UpdatesQueueMessage | null, error: string | null): DeadLetter {
  return {
    messageId: message.id,
    kind: body?.kind ?? "unreadable",
    updateId: body?.notice.id ?? null,
    userId: body?.kind === "deliver" ? body.userId : null,
    attempts: message.attempts,
    body: JSON.stringify(message.body) ?? "null",
    error,
  };
}

/** The dead-letter queue: record every message (once), then ack; if D1 fails, try the batch again. */
async function recordDeadBatch(batch: MessageBatch<unknown>, deps: FanOutDeps): Promise<void> {
  const letters = batch.messages.map((message) => {
    const parsed = updatesQueueMessageSchema.safeParse(message.body);
    return deadLetterOf(message, parsed.success ? parsed.data : null, parsed.success ? null : "The message could not be read");
  });
  try {
    await recordDeadLetters(deps.db, letters, now(deps));
    for (const letter of letters) deps.logger.error("An update message ran out of retries (recorded in follow_dead_letters)", { ...letter, body: undefined });
    batch.ackAll();
  } catch (error) {
    deps.logger.error("Recording dead update messages failed", { count: letters.length, error: String(error) });
    batch.retryAll({ delaySeconds: 30 });
  }
}
