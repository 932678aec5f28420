// The Worker's Queues handler (wrangler.toml [[queues.consumers]]): the update fan-out and its
// dead-letter queue (docs/decisions/026), and the insights queue (docs/decisions/038), told apart by
// the queue's name. The work is app code, reached through the server build (entry.server re-exports
// it), not imported here: the Worker and the Remix build are bundled separately, and one copy of the
// app modules per request path keeps classes such as PlatformError recognisable
// (app/request-services.server.ts says more).
import * as build from "virtual:remix/server-build";
import { INSIGHTS_QUEUE_SUFFIX } from "../app/features/insights/events";

type ConsumeBatch = (batch: MessageBatch<unknown>, env: Env) => Promise<void>;

const entry = build.entry.module as unknown as { consumeUpdatesBatch?: ConsumeBatch; consumeInsightsBatch?: ConsumeBatch };
const { consumeUpdatesBatch, consumeInsightsBatch } = entry;
if (!consumeUpdatesBatch) throw new Error("The server build does not export consumeUpdatesBatch (app/entry.server.tsx)");
if (!consumeInsightsBatch) throw new Error("The server build does not export consumeInsightsBatch (app/entry.server.tsx)");

export async function queue(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  if (batch.queue.endsWith(INSIGHTS_QUEUE_SUFFIX)) await consumeInsightsBatch!(batch, env);
  else await consumeUpdatesBatch!(batch, env);
}
