// The update fan-out on Cloudflare Queues (issue 16; docs/decisions/026), in Miniflare with
// wrangler.toml's queues (harness.ts reads them): one published change reaches every follower once
// (direct messages and spaces), even when the queue delivers a message twice; a delivery the
// platform refuses for now is retried (Retry-After honoured), then dead-lettered and recorded; a
// refusal for good is recorded, shown in My Integrations and not retried.
import { describe, expect, it } from "vitest";
import { announceMessage } from "../../app/features/followers/queue-messages.server.ts";
import { toNotice } from "../../app/features/followers/update-message.server.ts";
import { ORGS, ROOMS, SERVICE_BOTS, USERS } from "../../workers/platform/demo-data.ts";
import { encodeId } from "../../workers/platform/ids.ts";
import { announce, clearFollows, deliveries, eventually, follow, followableApp, loggedIn, sendToQueue, tokenIn, updatesBotMessages, versionUpdate } from "./followers-helpers.ts";
import { queueConfig } from "./harness.ts";
import { read } from "./html.ts";
import { startWorld, useWorld, visit, type World } from "./login.ts";

// No backoff between attempts (a Retry-After still applies), so retries run out in seconds.
const world: World = useWorld(
  () => startWorld({ UPDATES_RETRY_BASE_SECONDS: "0" }),
  async (w) => {
    await w.platform.reset();
    await clearFollows(w);
  },
);

const room = (key: keyof typeof ROOMS) => encodeId("ROOM", ROOMS[key].uuid);
/** The update messages (not the follow confirmations) the bot posted about one update. */
const updateMessages = async (headline: string) => (await updatesBotMessages(world)).filter((m) => m.markdown.startsWith(`**${headline}**`));
const followToken = async (userUuid: string) =>
  (await world.app.db.prepare("SELECT unfollow_token FROM follows WHERE user_id = ?").bind(userUuid).first<{ unfollow_token: string }>())!.unfollow_token;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const mainQueue = () => queueConfig().consumers.find((c) => c.dead_letter_queue)!;

describe("one published update", () => {
  it("reaches every follower exactly once, in their direct messages and spaces, even when the queue delivers twice", async () => {
    const app = followableApp(world);
    const followers = [
      { user: USERS.riley, destination: room("designTeam") },
      { user: USERS.ada, destination: "direct" },
      { user: USERS.sam, destination: "direct" },
      { user: USERS.max, destination: room("globexResearch") },
    ];
    for (const f of followers) expect((await follow(world, await loggedIn(world, f.user.email), app.path, f.destination)).status).toBe(302);

    const update = versionUpdate(app);
    const message = announceMessage(update);
    // The announcement twice (each follower's message then comes twice), and Riley's own message twice more.
    const riley = { kind: "deliver" as const, notice: toNotice(update), userId: USERS.riley.uuid };
    await sendToQueue(world, message, message, riley, riley);

    const sent = await eventually(async () => {
      const rows = await deliveries(world, update.id);
      return rows.length === 4 && rows.every((r) => r.state === "sent") ? rows : undefined;
    });
    expect(sent.map((r) => r.attempts)).toEqual([1, 1, 1, 1]);
    // Let the duplicates run too (a batch waits up to max_batch_timeout), then count.
    await sleep((mainQueue().max_batch_timeout ?? 1) * 1000 * 3);

    const posted = await updateMessages(`${app.name} 2.4.0 is out`);
    expect(posted).toHaveLength(4);
    const where = posted.map((m) => (m.toPersonUuid ? `dm:${m.toPersonUuid}` : `room:${m.roomUuid}`)).sort();
    expect(where).toEqual([`dm:${USERS.ada.uuid}`, `dm:${USERS.sam.uuid}`, `room:${ROOMS.designTeam.uuid}`, `room:${ROOMS.globexResearch.uuid}`].sort());
    for (const f of followers) {
      const mine = posted.find((m) =>
        f.destination === "direct" ? m.toPersonUuid === f.user.uuid : m.roomUuid === ROOMS[f.destination === room("designTeam") ? "designTeam" : "globexResearch"].uuid,
      )!;
      expect(tokenIn(mine.markdown)).toBe(await followToken(f.user.uuid));
    }
    const text = posted[0]!.markdown;
    expect(text).toContain("What's new Polls can close on a timer. Results export to CSV.");
    expect(text).toContain("It now asks for one more permission:\n- Read the messages in your spaces");
    expect(text).toContain(`[See ${app.name} in App Hub](http://127.0.0.1:8787${app.path})`);
    expect(text).toMatch(/\[Unfollow\]\(http:\/\/127\.0\.0\.1:8787\/unfollow\/[A-Za-z0-9_-]+\)$/);
    // The platform's own record: posted by the updates bot.
    const { items } = (await (await world.platform.fetch(`/_emulator/messages?roomId=${room("designTeam")}`)).json()) as { items: { personEmail: string; markdown?: string }[] };
    expect(items.filter((m) => m.markdown?.includes("2.4.0 is out")).map((m) => m.personEmail)).toEqual([SERVICE_BOTS.updates.email]);
  });

  it("tells of a deprecation and what to use instead, and skips people who unfollowed", async () => {
    const [app, replacement] = [followableApp(world, 0), followableApp(world, 1)];
    const ada = await loggedIn(world, USERS.ada.email);
    expect((await follow(world, ada, app.path, "direct")).status).toBe(302);
    const sam = await loggedIn(world, USERS.sam.email);
    expect((await follow(world, sam, app.path, "direct")).status).toBe(302);
    await world.app.db.prepare("DELETE FROM follows WHERE user_id = ?").bind(USERS.sam.uuid).run();

    const update = versionUpdate(app, {
      kind: "deprecated",
      version: null,
      releaseNotes: null,
      addedPermissions: [],
      replacement: { name: replacement.name, path: replacement.path },
    });
    await announce(world, update);
    await eventually(async () => ((await deliveries(world, update.id)).some((r) => r.state === "sent") ? true : undefined));
    const posted = await updateMessages(`${app.name} is deprecated`);
    expect(posted).toHaveLength(1);
    expect(posted[0]!.toPersonUuid).toBe(USERS.ada.uuid);
    expect(posted[0]!.markdown).toContain(`Use [${replacement.name}](http://127.0.0.1:8787${replacement.path}) instead.`);
    expect((await deliveries(world, update.id)).map((r) => r.user_id)).toEqual([USERS.ada.uuid]);
  });
});

describe("a delivery the platform refuses", () => {
  it("for now (503 with Retry-After) is retried after the delay it asks for, and posted once", async () => {
    const app = followableApp(world);
    expect((await follow(world, await loggedIn(world, USERS.ada.email), app.path, "direct")).status).toBe(302);
    await world.platform.fault({ method: "POST", path: "/v1/messages", kind: "status", status: 503, retryAfter: 1, times: 2 });
    const update = versionUpdate(app);
    const started = Date.now();
    await announce(world, update);
    const [row] = await eventually(async () => {
      const rows = await deliveries(world, update.id);
      return rows[0]?.state === "sent" ? rows : undefined;
    });
    expect(row!.attempts).toBe(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_000);
    expect(await updateMessages(`${app.name} 2.4.0 is out`)).toHaveLength(1);
  });

  it("until its retries run out goes to the dead-letter queue, which records it for operators", async () => {
    const app = followableApp(world);
    expect((await follow(world, await loggedIn(world, USERS.ada.email), app.path, "direct")).status).toBe(302);
    await world.platform.fault({ method: "POST", path: "/v1/messages", kind: "status", status: 503, times: -1 });
    try {
      const update = versionUpdate(app);
      await announce(world, update);
      const letter = await eventually(
        () =>
          world.app.db
            .prepare("SELECT * FROM follow_dead_letters WHERE update_id = ?")
            .bind(update.id)
            .first<{ kind: string; user_id: string; attempts: number; last_error: string; body: string }>()
            .then((r) => r ?? undefined),
        60_000,
        "the dead letter",
      );
      const maxRetries = mainQueue().max_retries!;
      expect(letter).toMatchObject({ kind: "deliver", user_id: USERS.ada.uuid, attempts: maxRetries + 1 });
      expect(letter.last_error).toContain("503");
      expect(JSON.parse(letter.body)).toMatchObject({ kind: "deliver", userId: USERS.ada.uuid, notice: { id: update.id } });
      const [row] = await deliveries(world, update.id);
      expect(row).toMatchObject({ state: "dead", attempts: maxRetries + 1 });
      expect(await updateMessages(`${app.name} 2.4.0 is out`)).toEqual([]);
    } finally {
      await world.platform.clearFaults();
    }
  }, 90_000);

  it("for good (the organisation turned the bot off) is recorded, shown in My Integrations, and not retried", async () => {
    const app = followableApp(world);
    const riley = await loggedIn(world, USERS.riley.email);
    expect((await follow(world, riley, app.path, room("designTeam"))).status).toBe(302);
    const policy = await world.platform.fetch("/_emulator/org-policy", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ orgId: ORGS.acme.uuid, botEmail: SERVICE_BOTS.updates.email, disabled: true }),
    });
    expect(policy.status).toBe(200);
    const update = versionUpdate(app);
    await announce(world, update);
    await eventually(async () => ((await deliveries(world, update.id))[0]?.state === "failed" ? true : undefined));
    await sleep(2_000);
    const [row] = await deliveries(world, update.id);
    expect(row).toMatchObject({ state: "failed", attempts: 1 });
    expect(row!.error).toContain("403");
    const page = read(await (await visit(world, riley, "/my-integrations")).text()).text;
    expect(page).toContain("The last update could not be posted: your organization does not let the App Hub bot post in Design Team.");
  });
});

describe("a follow made while the organisation was open (issue 40 item 5)", () => {
  it("gets no more updates once the app is restricted, and the follower reads why in My Integrations", async () => {
    const app = followableApp(world);
    const riley = await loggedIn(world, USERS.riley.email);
    expect((await follow(world, riley, app.path, "direct")).status).toBe(302);
    const at = new Date().toISOString();
    await world.app.db.batch([
      world.app.db.prepare("INSERT OR REPLACE INTO org_policies (org_id, mode, updated_by, updated_at) VALUES (?, 'approval', 'Ada Admin', ?)").bind(ORGS.acme.uuid, at),
      world.app.db
        .prepare("INSERT OR REPLACE INTO org_app_decisions (org_id, app_id, status, reason, decided_by, decided_at) VALUES (?, ?, 'restricted', '', 'Ada Admin', ?)")
        .bind(ORGS.acme.uuid, app.id, at),
    ]);
    try {
      const update = versionUpdate(app);
      await announce(world, update);
      await eventually(async () => ((await deliveries(world, update.id))[0]?.state === "failed" ? true : undefined));
      expect(await updateMessages(`${app.name} 2.4.0 is out`)).toEqual([]);
      const page = read(await (await visit(world, riley, "/my-integrations")).text()).text;
      expect(page).toContain(`The last update was not posted: your organisation does not allow ${app.name} now.`);
    } finally {
      await world.app.db.batch(["org_policies", "org_app_decisions"].map((t) => world.app.db.prepare(`DELETE FROM ${t} WHERE org_id = ?`).bind(ORGS.acme.uuid)));
    }
  });
});

describe("the queue's own problems", () => {
  it("an unreadable message goes straight to the dead letters", async () => {
    const queue = await world.app.mf.getQueueProducer("UPDATES_QUEUE");
    await queue.send({ kind: "something-else", id: 1 }, { contentType: "json" });
    const letter = await eventually(() =>
      world.app.db
        .prepare("SELECT kind, attempts, last_error, body FROM follow_dead_letters WHERE kind = 'unreadable'")
        .first<{ kind: string; attempts: number; last_error: string; body: string }>()
        .then((r) => r ?? undefined),
    );
    expect(letter).toMatchObject({ attempts: 1, last_error: "The message could not be read" });
    expect(JSON.parse(letter.body)).toEqual({ kind: "something-else", id: 1 });
  });
});
