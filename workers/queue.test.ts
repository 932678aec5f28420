// wrangler.toml's update queues (docs/decisions/026), checked in every environment: bindings are not
// inherited by [env.*] sections, and the consumer (app/features/followers/fan-out.server.ts) tells
// the dead-letter queue from the main one by its name's suffix.
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";
import { DEAD_LETTER_SUFFIX } from "../app/features/followers/fan-out.server";
import { INSIGHTS_QUEUE_SUFFIX } from "../app/features/insights/events";

const config = fileURLToPath(new URL("../wrangler.toml", import.meta.url));
const ENVIRONMENTS = [undefined, "development", "staging", "production"] as const;

type Queues = {
  producers?: { binding: string; queue: string }[];
  consumers?: { queue: string; max_retries?: number; max_batch_size?: number; dead_letter_queue?: string }[];
};
const queuesOf = (env: (typeof ENVIRONMENTS)[number]): Queues => unstable_readConfig({ config, ...(env ? { env } : {}) }, { hideWarnings: true }).queues as Queues;

describe.each(ENVIRONMENTS)("wrangler.toml's update queues (%s)", (env) => {
  const queues = queuesOf(env);
  const producer = queues.producers?.find((p) => p.binding === "UPDATES_QUEUE");
  const main = queues.consumers?.find((c) => c.queue === producer?.queue);

  it("bind UPDATES_QUEUE and consume it with retries into a dead-letter queue named after it", () => {
    expect(producer).toBeDefined();
    expect(main).toMatchObject({ dead_letter_queue: `${producer!.queue}${DEAD_LETTER_SUFFIX}` });
    expect(main!.max_retries).toBeGreaterThanOrEqual(3);
    expect(main!.max_batch_size).toBeLessThanOrEqual(100);
  });

  it("consume the dead-letter queue too (where the dead letters are recorded), and besides only the insights queue", () => {
    const dead = queues.consumers?.find((c) => c.queue === main?.dead_letter_queue);
    expect(dead).toBeDefined();
    expect(dead!.dead_letter_queue).toBeUndefined();
    expect(queues.consumers).toHaveLength(3);
  });

  it("bind INSIGHTS_QUEUE and consume it, its name ending as workers/queue.ts expects (docs/decisions/038)", () => {
    const insights = queues.producers?.find((p) => p.binding === "INSIGHTS_QUEUE");
    expect(insights?.queue.endsWith(INSIGHTS_QUEUE_SUFFIX)).toBe(true);
    const consumer = queues.consumers?.find((c) => c.queue === insights?.queue);
    expect(consumer).toBeDefined();
    expect(consumer!.max_batch_size).toBeLessThanOrEqual(100);
    expect(consumer!.dead_letter_queue).toBeUndefined();
  });
});

it("gives staging and production queues of their own", () => {
  const names = ENVIRONMENTS.map((env) => queuesOf(env).producers?.[0]?.queue);
  expect(new Set([names[2], names[3], names[1]]).size).toBe(3);
});
