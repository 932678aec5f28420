// The Worker's Queues handler (wrangler.toml [[queues.consumers]]): the update fan-out and its
// dead-letter queue (docs/decisions/026). The work is app code, reached through the server build
// (entry.server re-exports it), not imported here: the Worker and the Remix build are bundled
// separately, and one copy of the app modules per request path keeps classes such as PlatformError
// recognisable (app/request-services.server.ts says more).
import * as build from "virtual:remix/server-build";

type ConsumeUpdatesBatch = (batch: MessageBatch<unknown>, env: Env) => Promise<void>;

const consumeUpdatesBatch = (build.entry.module as unknown as { consumeUpdatesBatch?: ConsumeUpdatesBatch }).consumeUpdatesBatch;
if (!consumeUpdatesBatch) throw new Error("The server build does not export consumeUpdatesBatch (app/entry.server.tsx)");

export async function queue(batch: MessageBatch<unknown>, env: Env): Promise<void> {
  await consumeUpdatesBatch!(batch, env);
}
