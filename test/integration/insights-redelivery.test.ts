// The insights queue delivers at least once (docs/decisions/038, 047): a batch whose D1 write
// committed may come again (the consumer died before the ack, or the ack was lost). The consumer
// runs here against a real D1 in workerd (Miniflare), fed the same messages twice, and the rollups
// must hold each message's counts once. The record of handled messages is kept for a bounded time.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { InsightsMessage } from "../../app/features/insights/events.ts";
import { consumeInsightsBatch, HANDLED_MESSAGE_DAYS, refreshRollups } from "../../app/features/insights/rollup.server.ts";
import { type D1World, startD1 } from "./d1-worker.ts";

let world: D1World;
let db: D1Database;

beforeAll(async () => {
  world = await startD1("insights-redelivery");
  db = world.db;
});
afterAll(() => world?.mf.dispose());
beforeEach(async () => {
  await db.batch(
    ["insights_app_daily", "insights_market_daily", "insights_search_daily", "insights_app_search_daily", "insights_handled_messages"].map((t) => db.prepare(`DELETE FROM ${t}`)),
  );
});

const day = "2026-11-20";
const views = (app: string, n: number): InsightsMessage => ({ v: 1, day, events: Array.from({ length: n }, () => ({ kind: "views" as const, app })) });

/** A queue batch as the runtime hands it over, counting acks and retries. */
function batchOf(messages: { id: string; body: unknown }[]) {
  const acked = { all: 0, retried: 0 };
  const batch = {
    queue: "app-hub-insights",
    messages: messages.map((m) => ({ id: m.id, body: m.body, timestamp: new Date(), attempts: 1, ack() {}, retry() {} })),
    ackAll() {
      acked.all++;
    },
    retryAll() {
      acked.retried++;
    },
  } as unknown as MessageBatch<unknown>;
  return { batch, acked };
}

const env = () => ({ DB: db, LOG_LEVEL: "error" }) as unknown as Env;
const appViews = async (app: string) => (await db.prepare("SELECT views FROM insights_app_daily WHERE app_id = ?1 AND day = ?2").bind(app, day).first<number>("views")) ?? 0;
const marketViews = async () => (await db.prepare("SELECT views FROM insights_market_daily WHERE day = ?1").bind(day).first<number>("views")) ?? 0;

describe("a batch the queue delivers again", () => {
  it("is counted once: the same message ids a second time add nothing", async () => {
    const messages = [
      { id: "m-1", body: views("app-a", 3) },
      { id: "m-2", body: views("app-b", 2) },
    ];
    const first = batchOf(messages);
    await consumeInsightsBatch(first.batch, env());
    const again = batchOf(messages);
    await consumeInsightsBatch(again.batch, env());
    expect(await appViews("app-a")).toBe(3);
    expect(await appViews("app-b")).toBe(2);
    expect(await marketViews()).toBe(5);
    // The redelivered batch is acknowledged, not retried forever.
    expect([first.acked.all, again.acked.all]).toEqual([1, 1]);
  });

  it("counts the new messages of a batch that mixes redelivered and new ones", async () => {
    await consumeInsightsBatch(batchOf([{ id: "m-1", body: views("app-a", 3) }]).batch, env());
    await consumeInsightsBatch(
      batchOf([
        { id: "m-1", body: views("app-a", 3) },
        { id: "m-3", body: views("app-a", 4) },
      ]).batch,
      env(),
    );
    expect(await appViews("app-a")).toBe(7);
    expect(await marketViews()).toBe(7);
  });

  it("counts a message that appears twice in one batch once", async () => {
    await consumeInsightsBatch(
      batchOf([
        { id: "m-1", body: views("app-a", 3) },
        { id: "m-1", body: views("app-a", 3) },
      ]).batch,
      env(),
    );
    expect(await appViews("app-a")).toBe(3);
  });

  it("two consumers handed the same message at once add it once (the other fails and its batch is retried)", async () => {
    const messages = [{ id: "m-1", body: views("app-a", 3) }];
    const outcomes = await Promise.allSettled([consumeInsightsBatch(batchOf(messages).batch, env()), consumeInsightsBatch(batchOf(messages).batch, env())]);
    expect(outcomes.filter((o) => o.status === "fulfilled").length).toBeGreaterThanOrEqual(1);
    expect(await appViews("app-a")).toBe(3);
  });

  it("keeps the record of handled messages for a bounded time: the daily clean-up deletes older ones", async () => {
    await consumeInsightsBatch(batchOf([{ id: "m-1", body: views("app-a", 1) }]).batch, env());
    const handled = () => db.prepare("SELECT count(*) AS n FROM insights_handled_messages").first<number>("n");
    expect(await handled()).toBe(1);
    const soon = new Date(Date.now() + (HANDLED_MESSAGE_DAYS - 1) * 86_400_000);
    await refreshRollups(db, new Date(Date.UTC(soon.getUTCFullYear(), soon.getUTCMonth(), soon.getUTCDate(), 3, 7)));
    expect(await handled()).toBe(1);
    const later = new Date(Date.now() + (HANDLED_MESSAGE_DAYS + 1) * 86_400_000);
    await refreshRollups(db, new Date(Date.UTC(later.getUTCFullYear(), later.getUTCMonth(), later.getUTCDate(), 3, 7)));
    expect(await handled()).toBe(0);
  });
});
