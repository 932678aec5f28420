// The whole App Hub Worker: every route, the health monitor's Cron Trigger and the queue consumers.
// In production it is the back-office Worker, which the front (./front.ts) forwards the back office's
// routes to; locally (npm run dev, the e2e tests, the soak) it serves everything alone
// (docs/decisions/057). Remix's compiler bundles it with the full build (remix.config.js `server`).
import { handleFetch } from "./fetch";
import { scheduled } from "./health";
import { queue } from "./queue";

export default {
  fetch: handleFetch,
  // The health monitor's Cron Trigger (wrangler.toml [triggers]); the logic is in ./health.ts.
  scheduled,
  // The update fan-out and its dead-letter queue (wrangler.toml [[queues.consumers]]): ./queue.ts.
  queue,
} satisfies ExportedHandler<Env>;
