// Issue 12: retries are fair per webhook. The Cron Trigger picks at most a few due deliveries per
// webhook per run and sends them concurrently, so one receiver that never answers (each attempt
// waits for the time-out) cannot use up the run, nor keep another webhook's retry waiting.
import { describe, expect, it } from "vitest";
import { USERS } from "../../workers/platform/demo-data.ts";

import { helpers, room, startReceiver, useWebhookWorld } from "./webhook-helpers.ts";
import { BACK_OFFICE_WORKER } from "./harness.ts";

const world = useWebhookWorld();
const { as, create } = helpers(() => world);

const queue = (webhookId: string, n: number, dueAt: number) =>
  world.app.db
    .prepare(
      "INSERT INTO webhook_deliveries (id, webhook_id, body, attempts, next_attempt_at, last_error, created_at) VALUES (?, ?, ?, 1, ?, 'answered 503', '2026-01-01T00:00:00Z')",
    )
    .bind(`m${n}:${webhookId}`, webhookId, JSON.stringify({ n }), dueAt);

describe("retries from the Cron Trigger", () => {
  it("one receiver that hangs does not delay another webhook's retry, and costs the run one time-out", async () => {
    const hanging = await startReceiver({ hang: true });
    const working = await startReceiver();
    try {
      const riley = await as(USERS.riley.email);
      const slow = await create(riley, "outgoing", { roomId: room("designTeam"), displayName: "Hangs", webhookUrl: hanging.url });
      const fine = await create(riley, "outgoing", { roomId: room("marketingLaunch"), displayName: "Works", webhookUrl: working.url });
      // 60 retries of the hanging receiver fell due before the working receiver's one.
      await world.app.db.batch([...Array.from({ length: 60 }, (_, i) => queue(slow.id, i, i + 1)), queue(fine.id, 999, 1000)]);

      const started = Date.now();
      await (await world.app.mf.getWorker(BACK_OFFICE_WORKER)).scheduled({ cron: "* * * * *", scheduledTime: new Date() });
      const took = Date.now() - started;

      expect(working.received.map((r) => JSON.parse(r.body))).toEqual([{ n: 999 }]);
      expect(hanging.received).toHaveLength(1); // after its first time-out, the rest wait for the next run
      expect(took).toBeLessThan(4000); // about one 1 s time-out, not sixty
      const left = (await world.app.db.prepare("SELECT webhook_id, attempts FROM webhook_deliveries").all<{ webhook_id: string; attempts: number }>()).results;
      expect(left.filter((d) => d.webhook_id === fine.id)).toEqual([]);
      expect(left).toHaveLength(60);
      expect(left.filter((d) => d.attempts === 2)).toHaveLength(1);
    } finally {
      await Promise.all([hanging.close(), working.close()]);
    }
  });
});
