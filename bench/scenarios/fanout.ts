// The update fan-out (`--only=fanout` runs just this; docs/decisions/026): one app with --followers
// (10,000) followers, one update announced through the local queue, every message posted to the
// platform emulator as the updates bot. Measures the time from the announce message to the last
// recorded post (the queue drained), messages per second, and when the first, the median and the
// 99th-percentile follower heard; then checks the emulator received each follower's message exactly
// once (by the unfollow token each message carries) in the right place.
//
// The app runs the built Worker in Miniflare with wrangler.toml's development queues (the same
// producer, consumers, batch size, retries and dead-letter queue as `wrangler dev`), pointed at the
// emulator, which runs in its own Miniflare (its own workerd) on 127.0.0.1, as in the tests. Four in
// five followers want a direct message (each to a person of their own the bench adds to the
// emulator), one in five one of 50 spaces the bot is in.
import { randomBytes } from "node:crypto";
import { Miniflare } from "miniflare";
import { unstable_readConfig } from "wrangler";
import { applyMigrations, queueOptions } from "../../test/integration/harness.ts";
import { startPlatform } from "../../test/platform/harness.ts";
import { ORGS, SERVICE_BOTS } from "../../workers/platform/demo-data.ts";
import { encodeId } from "../../workers/platform/ids.ts";
import { botUuid } from "../../workers/platform/seed.ts";
import { fmt, log } from "../../scripts/harness/report.ts";
import { percentile } from "../../scripts/harness/stats.ts";
import { textBindings } from "../lib/build.ts";
import { type Fetcher, helperOf, helperWorker, type Statement } from "../lib/worker.ts";
import type { BuildContext, Outcome, Scenario } from "../scenario.ts";

const SPACES = 50;
const SPACE_SHARE = 0.2;
const TIMEOUT_MS = 10 * 60_000;

/** Literal multi-row INSERTs (D1 binds at most 100 parameters, and takes at most 100 KB, a statement). */
function inserts(head: string, rows: string[], perStatement = 200): Statement[] {
  const out: Statement[] = [];
  for (let i = 0; i < rows.length; i += perStatement) out.push({ sql: head + rows.slice(i, i + perStatement).join(", "), params: [] });
  return out;
}
const q = (text: string) => `'${String(text).replace(/'/g, "''")}'`;

export type FanoutResult = {
  followers: number;
  direct: number;
  inSpaces: number;
  spaces: number;
  setupSeconds: number;
  drainSeconds: number;
  messagesPerSecond: number;
  firstHeardSeconds: number;
  p50HeardSeconds: number;
  p99HeardSeconds: number;
  states: Record<string, number>;
  retried: number;
  emulatorAlonePerSecond: number;
  received: number;
  missing: number;
  duplicated: number;
  misplaced: number;
  exactlyOnce: boolean;
  queue: { maxBatchSize?: number; maxBatchTimeout?: number; maxRetries?: number; deadLetterQueue?: string };
};

type Follow = { userId: string; personId: string; room: { uuid: string; title: string } | null; token: string };

async function run(ctx: BuildContext): Promise<Outcome> {
  const followers = ctx.options.followers;
  const platform = await startPlatform();
  const config = unstable_readConfig({ config: `${ctx.root}/wrangler.toml`, env: "development" }, { hideWarnings: true });
  const vars = {
    ...Object.fromEntries(Object.entries(config.vars).map(([k, v]) => [k, String(v)])),
    LOG_LEVEL: "warn",
    PLATFORM_API_BASE: `${platform.origin}/v1`,
    PLATFORM_TOKENS_PAGE_URL: `${platform.origin}/account/authorized-apps`,
  };
  const queues = queueOptions("development");
  const compatibilityDate = config.compatibility_date ?? "2026-07-01";
  const mf = new Miniflare({
    workers: [
      {
        config: {
          name: "app-hub",
          compatibilityDate,
          manifest: { mainModule: "app.js", modules: { "app.js": { type: "esm", contents: ctx.build.workerScript } } },
          env: { DB: { type: "d1", id: "fanout-db" }, KV: { type: "kv", id: "fanout-kv" }, ...queues.bindings, ...textBindings(vars) },
          triggers: queues.triggers,
        },
      },
      helperWorker("fanout-helper", "fanout-db", compatibilityDate),
    ],
  } as ConstructorParameters<typeof Miniflare>[0]);
  try {
    await mf.ready;
    const helper = helperOf((await mf.getWorker("fanout-helper")) as unknown as Fetcher, "fanout helper");
    const all = async <T>(sql: string, params: unknown[] = []) => (await helper.all<T>(sql, params)).results;
    await applyMigrations((await mf.getD1Database("DB")) as unknown as D1Database);

    // The world: people and spaces at the emulator, their follows in the app.
    const t = performance.now();
    const now = new Date();
    const created = new Date(now.getTime() - 3_600_000).toISOString();
    const bot = botUuid(SERVICE_BOTS.updates.email);
    const spaces = Array.from({ length: SPACES }, (_, i) => ({ uuid: crypto.randomUUID(), title: `Bench space ${i + 1}` }));
    const people: { uuid: string; email: string }[] = [];
    const follows: Follow[] = [];
    for (let i = 0; i < followers; i++) {
      const token = randomBytes(24).toString("base64url");
      if (i % Math.round(1 / SPACE_SHARE) === 0) {
        follows.push({ userId: `bench-${i}`, personId: encodeId("PEOPLE", crypto.randomUUID()), room: spaces[i % SPACES] ?? null, token });
      } else {
        const uuid = crypto.randomUUID();
        people.push({ uuid, email: `bench-${i}@acme.example` });
        follows.push({ userId: `bench-${i}`, personId: encodeId("PEOPLE", uuid), room: null, token });
      }
    }
    const platformStatements = [
      ...inserts(
        "INSERT INTO people (uuid, email, display_name, first_name, last_name, org_uuid, type, is_org_admin, created, last_modified) VALUES ",
        people.map((p) => `(${q(p.uuid)}, ${q(p.email)}, 'Bench Person', 'Bench', 'Person', ${q(ORGS.acme.uuid)}, 'person', 0, ${q(created)}, ${q(created)})`),
      ),
      ...inserts(
        "INSERT INTO rooms (uuid, title, type, is_locked, is_restricted, is_announcement_only, creator_uuid, owner_org_uuid, created, last_activity) VALUES ",
        spaces.map((s) => `(${q(s.uuid)}, ${q(s.title)}, 'group', 0, 0, 0, ${q(bot)}, ${q(ORGS.acme.uuid)}, ${q(created)}, ${q(created)})`),
      ),
      ...inserts(
        "INSERT INTO memberships (person_uuid, room_uuid, is_moderator, created) VALUES ",
        spaces.map((s) => `(${q(bot)}, ${q(s.uuid)}, 0, ${q(created)})`),
      ),
    ];
    for (let i = 0; i < platformStatements.length; i += 10) {
      await platform.db.batch(platformStatements.slice(i, i + 10).map((s) => platform.db.prepare(s.sql)));
    }
    const followStatements = inserts(
      "INSERT INTO follows (user_id, person_id, app_id, destination, room_id, room_title, unfollow_token, created_at, updated_at) VALUES ",
      follows.map(
        (f) =>
          `(${q(f.userId)}, ${q(f.personId)}, 'bench-app', ${f.room ? "'space'" : "'direct'"}, ${f.room ? q(encodeId("ROOM", f.room.uuid)) : "NULL"}, ${f.room ? q(f.room.title) : "NULL"}, ${q(f.token)}, ${q(created)}, ${q(created)})`,
      ),
    );
    for (let i = 0; i < followStatements.length; i += 10) await helper.batch(followStatements.slice(i, i + 10));
    const setupMs = performance.now() - t;
    log(`bench: fanout: ${followers} followers (${people.length} by direct message, ${followers - people.length} in ${SPACES} spaces) set up in ${fmt(setupMs / 1000)} s`);

    // One update, announced through the queue as announceAppUpdate does. The body is written out
    // here (Node cannot load the app's "~/" modules); the consumer checks it with the same zod schema
    // as every message, so a bench that drifted from it would record a dead letter and deliver nothing.
    const update = {
      id: `bench:${crypto.randomUUID()}`,
      kind: "version",
      appId: "bench-app",
      appName: "Pollster",
      path: "/applications/pollster",
      version: "2.4.0",
      notesSummary: "What's new Polls can close on a timer. Results export to CSV.",
      addedPermissions: ["spark:messages_read"],
      replacement: null,
      at: now.toISOString(),
    };
    const announce = { kind: "announce", notice: update, before: now.toISOString(), after: 0 };
    const producer = await mf.getQueueProducer("UPDATES_QUEUE");
    const started = Date.now();
    await producer.send(announce, { contentType: "json" });
    let done = 0;
    let states: Record<string, number> = {};
    while (done < followers) {
      if (Date.now() - started > TIMEOUT_MS) throw new Error(`fanout: only ${done} of ${followers} deliveries finished in ${TIMEOUT_MS / 1000} s (${JSON.stringify(states)})`);
      await new Promise((resolve) => setTimeout(resolve, 250));
      const rows = await all<{ state: string; n: number }>("SELECT state, COUNT(*) AS n FROM follow_deliveries WHERE update_id = ? GROUP BY state", [update.id]);
      states = Object.fromEntries(rows.map((r) => [r.state, r.n]));
      done = (states.sent ?? 0) + (states.failed ?? 0) + (states.dead ?? 0);
    }
    const times = async (sql: string) => (await all<{ updated_at: string }>(sql, [update.id])).map((r) => Date.parse(r.updated_at) - started);
    const drainMs = Math.max(...(await times("SELECT updated_at FROM follow_deliveries WHERE update_id = ?")));
    const heard = (await times("SELECT updated_at FROM follow_deliveries WHERE update_id = ? AND state = 'sent'")).sort((a, b) => a - b);
    const retried = (await all<{ n: number }>("SELECT COUNT(*) AS n FROM follow_deliveries WHERE update_id = ? AND attempts > 1", [update.id]))[0]?.n ?? 0;
    // Let any duplicate still in the queue run before counting what arrived.
    await new Promise((resolve) => setTimeout(resolve, 3_000));

    // What the emulator received from the updates bot: one message per follower, in the right place.
    const { results: messages } = await platform.db
      .prepare("SELECT m.markdown, m.room_uuid, m.to_person_uuid FROM messages m WHERE m.person_uuid = ? AND m.markdown LIKE '**Pollster 2.4.0 is out**%'")
      .bind(bot)
      .all<{ markdown: string; room_uuid: string | null; to_person_uuid: string | null }>();
    const byToken = new Map(follows.map((f) => [f.token, f]));
    const seen = new Map<string, number>();
    let misplaced = 0;
    for (const m of messages) {
      const token = /\/unfollow\/([A-Za-z0-9_-]+)\)/.exec(m.markdown)?.[1] ?? "";
      const f = byToken.get(token);
      seen.set(token, (seen.get(token) ?? 0) + 1);
      const right = f && (f.room ? m.room_uuid === f.room.uuid : m.to_person_uuid !== null && encodeId("PEOPLE", m.to_person_uuid) === f.personId);
      if (!right) misplaced++;
    }
    // The ceiling: the emulator alone, the same mix of posts sent straight to it from here, 10 at once
    // (one consumer batch posts 10 at once), so the fan-out's rate can be read against it.
    const sample = follows.slice(0, Math.min(1000, followers));
    let next = 0;
    const aloneStarted = performance.now();
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (next < sample.length) {
          const f = sample[next++]!;
          const res = await fetch(`${platform.origin}/v1/messages`, {
            method: "POST",
            headers: { Authorization: `Bearer ${SERVICE_BOTS.updates.token}`, "Content-Type": "application/json" },
            body: JSON.stringify({ ...(f.room ? { roomId: encodeId("ROOM", f.room.uuid) } : { toPersonId: f.personId }), markdown: "**Bench** ceiling" }),
          });
          if (!res.ok) throw new Error(`fanout: the emulator answered ${res.status} to a direct post`);
          await res.arrayBuffer();
        }
      }),
    );
    const emulatorAlonePerSecond = sample.length / ((performance.now() - aloneStarted) / 1000);
    const missing = follows.filter((f) => !seen.has(f.token)).length;
    const duplicated = [...seen.values()].filter((n) => n > 1).length;
    const exactlyOnce = messages.length === followers && missing === 0 && duplicated === 0 && misplaced === 0;
    const consumer = (config.queues.consumers ?? []).find((c: { dead_letter_queue?: string }) => c.dead_letter_queue);
    const result: FanoutResult = {
      followers,
      direct: people.length,
      inSpaces: followers - people.length,
      spaces: SPACES,
      setupSeconds: setupMs / 1000,
      drainSeconds: drainMs / 1000,
      messagesPerSecond: followers / (drainMs / 1000),
      firstHeardSeconds: (heard[0] ?? Number.NaN) / 1000,
      p50HeardSeconds: percentile(heard, 50) / 1000,
      p99HeardSeconds: percentile(heard, 99) / 1000,
      states,
      retried,
      emulatorAlonePerSecond,
      received: messages.length,
      missing,
      duplicated,
      misplaced,
      exactlyOnce,
      queue: {
        maxBatchSize: consumer?.max_batch_size,
        maxBatchTimeout: consumer?.max_batch_timeout,
        maxRetries: consumer?.max_retries,
        deadLetterQueue: consumer?.dead_letter_queue,
      },
    };
    return {
      report: fanoutReport(result),
      verdicts: [
        {
          target: `fan-out: ${followers.toLocaleString("en")} messages arrived exactly once`,
          value: `${messages.length} received, ${missing} missing, ${duplicated} twice, ${misplaced} misplaced`,
          ok: exactlyOnce,
        },
      ],
      json: result,
    };
  } finally {
    await Promise.allSettled([mf.dispose(), platform.dispose()]);
  }
}

/** The fan-out's lines of the bench report. */
export function fanoutReport(result: FanoutResult): string[] {
  return [
    `Update fan-out: ${result.followers.toLocaleString("en")} followers of one app (${result.direct} by direct message, ${result.inSpaces} in ${result.spaces} spaces), one update through the local queue (Miniflare, wrangler.toml's development queues: batches of ${result.queue.maxBatchSize}, ${result.queue.maxBatchTimeout} s) and the platform emulator`,
    `  drained in ${fmt(result.drainSeconds, 1)} s: ${fmt(result.messagesPerSecond, 0)} messages/s; first follower heard after ${fmt(result.firstHeardSeconds, 2)} s, half after ${fmt(result.p50HeardSeconds, 1)} s, 99% after ${fmt(result.p99HeardSeconds, 1)} s`,
    `  the emulator alone (the same posts sent straight to it, 10 at once, afterwards): ${fmt(result.emulatorAlonePerSecond, 0)} messages/s`,
    `  deliveries: ${Object.entries(result.states)
      .map(([k, v]) => `${v} ${k}`)
      .join(", ")}; ${result.retried} needed more than one attempt`,
    `  at the emulator: ${result.received} messages, ${result.missing} missing, ${result.duplicated} twice, ${result.misplaced} in the wrong place → ${result.exactlyOnce ? "each follower exactly once" : "NOT exactly once"}`,
  ];
}

export const fanout: Scenario = {
  id: "fanout",
  about: "the update fan-out: --followers followers of one app, one update through the local queue and the platform emulator",
  needs: "build",
  inFullRun: true,
  run,
};
