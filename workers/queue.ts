// The Worker's Queues handler (wrangler.toml [[queues.consumers]]): the update fan-out and its
// dead-letter queue (docs/decisions/026), and the insights queue (docs/decisions/038), told apart by
// the queue's name. The Worker is bundled with the Remix build (remix.config.js `server`), so these
// are the same app modules the routes use (docs/decisions/056).
import { consumeUpdatesBatch } from "../app/features/followers/fan-out.server";
import { INSIGHTS_QUEUE_SUFFIX } from "../app/features/insights/events";
import { consumeInsightsBatch } from "../app/features/insights/rollup.server";

export async function queue(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  if (batch.queue.endsWith(INSIGHTS_QUEUE_SUFFIX)) await consumeInsightsBatch(batch, env);
  else await consumeUpdatesBatch(batch, env);
}
