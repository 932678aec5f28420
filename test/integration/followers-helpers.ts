// What the followers' tests share (issue 16; docs/decisions/026): an app to follow, following it
// through the real form, the updates bot's messages as the emulator stored them, and the queue.
import { expect } from "vitest";
import type { AppUpdate } from "../../app/features/followers/app-update.ts";
import { announceMessage, type UpdatesQueueMessage } from "../../app/features/followers/queue-messages.server.ts";
import { SERVICE_BOTS } from "../../workers/platform/demo-data.ts";
import { decodeId } from "../../workers/platform/ids.ts";
import { page as parse } from "./html.ts";
import { Jar, logIn, postForm, visit, type World } from "./login.ts";

/** A published, listed app of the catalogue (the n-th), with its page's key. */
export function followableApp(world: World, n = 0) {
  const apps = world.app.catalogue.apps.filter((a) => a.status === "published" && !a.deprecation && a.type === "integration");
  const app = apps[n]!;
  return { ...app, key: app.friendlyId ?? app.id, path: `/applications/${encodeURIComponent(app.friendlyId ?? app.id)}` };
}

export async function loggedIn(world: World, email: string): Promise<Jar> {
  const jar = new Jar();
  expect((await logIn(world, jar, email)).status).toBe(302);
  return jar;
}

/** Posts the follow page's form (after opening it, as a browser does) with `destination` ("direct" or a room id). */
export async function follow(world: World, jar: Jar, appPath: string, destination: string): Promise<Response> {
  const opened = await visit(world, jar, `${appPath}/follow`);
  expect(opened.status).toBe(200);
  return postForm(world, jar, `${appPath}/follow`, { intent: "follow", destination });
}

/** Empties the app's follow tables (each test starts with nobody following anything). */
export async function clearFollows(world: World): Promise<void> {
  await world.app.db.batch(["DELETE FROM follows", "DELETE FROM follow_deliveries", "DELETE FROM follow_dead_letters"].map((sql) => world.app.db.prepare(sql)));
}

export type BotMessage = { markdown: string; roomUuid: string; toPersonUuid: string | null; roomTitle: string | null };

/** Every message the updates bot posted, oldest first (direct ones name their recipient). */
export async function updatesBotMessages(world: World): Promise<BotMessage[]> {
  const { results } = await world.platform.db
    .prepare(
      `SELECT m.markdown, m.room_uuid, m.to_person_uuid, r.title FROM messages m JOIN people p ON p.uuid = m.person_uuid JOIN rooms r ON r.uuid = m.room_uuid
       WHERE p.email = ? ORDER BY m.seq`,
    )
    .bind(SERVICE_BOTS.updates.email)
    .all<{ markdown: string; room_uuid: string; to_person_uuid: string | null; title: string | null }>();
  return results.map((r) => ({ markdown: r.markdown, roomUuid: r.room_uuid, toPersonUuid: r.to_person_uuid, roomTitle: r.title }));
}

/** The unfollow token in a message's link. */
export const tokenIn = (markdown: string): string | null => /\/unfollow\/([A-Za-z0-9_-]+)\)/.exec(markdown)?.[1] ?? null;

/** The room uuid behind a room id, as the emulator stores it. */
export const roomUuid = (roomId: string) => decodeId("ROOM", roomId);

/** A new version of `app`, as the review queue announces it. */
export function versionUpdate(app: { id: string; name: string; path: string }, overrides: Partial<AppUpdate> = {}): AppUpdate {
  return {
    id: `submission:${crypto.randomUUID()}`,
    kind: "version",
    appId: app.id,
    appName: app.name,
    path: app.path,
    version: "2.4.0",
    releaseNotes: "## What's new\n\n- Polls can close on a timer.\n- Results export to **CSV**.",
    addedPermissions: ["spark:messages_read"],
    replacement: null,
    at: new Date().toISOString(),
    ...overrides,
  };
}

/** Sends to the update queue as announceAppUpdate does (its producer binding, from outside the Worker). */
export async function sendToQueue(world: World, ...messages: UpdatesQueueMessage[]): Promise<void> {
  const queue = await world.app.mf.getQueueProducer<UpdatesQueueMessage>("UPDATES_QUEUE");
  for (const message of messages) await queue.send(message, { contentType: "json" });
}

export const announce = (world: World, update: AppUpdate) => sendToQueue(world, announceMessage(update));

/** Polls until `check` returns a value (not undefined), or fails after `timeoutMs`. */
export async function eventually<T>(check: () => Promise<T | undefined>, timeoutMs = 20_000, label = "the condition"): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${label}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

export type DeliveryRow = { update_id: string; user_id: string; state: string; attempts: number; error: string | null; message_id: string | null };

export async function deliveries(world: World, updateId: string): Promise<DeliveryRow[]> {
  const { results } = await world.app.db.prepare("SELECT * FROM follow_deliveries WHERE update_id = ? ORDER BY user_id").bind(updateId).all<DeliveryRow>();
  return results;
}

/** The visible text of the follow page's alert (a refused follow's reason). */
export const alertOf = (html: string) => parse(html).text('[role="alert"]');
