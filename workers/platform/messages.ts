// Messages: POST/GET /v1/messages (a strict body, direct rooms created on demand, mentions from
// markup only, size limit) and the message-created webhook trigger. Bots never answer by
// themselves: a bot only says something when its own code posts it.
import { z } from "zod";
import { ApiError, badRequest, notFound } from "./errors.ts";
import type { Ctx } from "./http.ts";
import { json, maxParam, parseJsonBody, parseQuery } from "./http.ts";
import { decodeId, encodeId } from "./ids.ts";
import { BOT_POLICY_MESSAGE, isBotDisabled, resolvePerson } from "./memberships.ts";
import type { PersonRow } from "./people.ts";
import { findPerson } from "./people.ts";
import type { ViewedRoom } from "./rooms.ts";
import { viewRoom, viewRoomByUuid } from "./rooms.ts";
import { deliveryRule, dispatchMessageCreated, ownerReceives } from "./webhooks.ts";

/** The platform's limit for text and for markdown, each in UTF-8 bytes. */
export const MAX_MESSAGE_BYTES = 7439;

export type MessageRow = {
  seq: number;
  uuid: string;
  room_uuid: string;
  person_uuid: string;
  parent_uuid: string | null;
  to_person_uuid: string | null;
  to_person_email: string | null;
  text: string | null;
  markdown: string | null;
  mentioned: string;
  created: string;
  // Joined columns.
  person_email: string;
  room_type: "direct" | "group";
};

const MESSAGE_SELECT = `
  SELECT m.*, p.email AS person_email, r.type AS room_type
  FROM messages m JOIN people p ON p.uuid = m.person_uuid JOIN rooms r ON r.uuid = m.room_uuid`;

export function mentionedUuids(row: Pick<MessageRow, "mentioned">): string[] {
  return JSON.parse(row.mentioned) as string[];
}

export function messageJson(row: MessageRow): Record<string, unknown> {
  const mentioned = mentionedUuids(row);
  return {
    id: encodeId("MESSAGE", row.uuid),
    roomId: encodeId("ROOM", row.room_uuid),
    roomType: row.room_type,
    ...(row.to_person_uuid ? { toPersonId: encodeId("PEOPLE", row.to_person_uuid) } : {}),
    ...(row.to_person_email ? { toPersonEmail: row.to_person_email } : {}),
    ...(row.parent_uuid ? { parentId: encodeId("MESSAGE", row.parent_uuid) } : {}),
    ...(row.text !== null ? { text: row.text } : {}),
    ...(row.markdown !== null ? { markdown: row.markdown } : {}),
    personId: encodeId("PEOPLE", row.person_uuid),
    personEmail: row.person_email,
    ...(mentioned.length ? { mentionedPeople: mentioned.map((uuid) => encodeId("PEOPLE", uuid)) } : {}),
    created: row.created,
  };
}

const utf8 = new TextEncoder();

const createBody = z
  .object({
    roomId: z.string().min(1).optional(),
    toPersonId: z.string().min(1).optional(),
    toPersonEmail: z.string().email().optional(),
    parentId: z.string().min(1).optional(),
    text: z.string().optional(),
    markdown: z.string().optional(),
  })
  // As upstream, anything else is refused (e.g. a sender name: the platform has no such field);
  // parseJsonBody does that for every body.
  .refine((b) => [b.roomId, b.toPersonId, b.toPersonEmail].filter(Boolean).length === 1, {
    message: "exactly one of roomId, toPersonId or toPersonEmail is required",
  })
  .refine((b) => Boolean(b.text?.trim()) || Boolean(b.markdown?.trim()), { message: "text or markdown is required" })
  .refine((b) => utf8.encode(b.text ?? "").length <= MAX_MESSAGE_BYTES, { message: `text must be at most ${MAX_MESSAGE_BYTES} bytes`, path: ["text"] })
  .refine((b) => utf8.encode(b.markdown ?? "").length <= MAX_MESSAGE_BYTES, {
    message: `markdown must be at most ${MAX_MESSAGE_BYTES} bytes`,
    path: ["markdown"],
  });

/** The direct room of two people, created (with both memberships) when they have none yet. */
async function directRoom(db: D1Database, me: PersonRow, other: PersonRow): Promise<string> {
  const existing = await db
    .prepare(
      `SELECT r.uuid FROM rooms r
       JOIN memberships a ON a.room_uuid = r.uuid AND a.person_uuid = ?
       JOIN memberships b ON b.room_uuid = r.uuid AND b.person_uuid = ?
       WHERE r.type = 'direct' LIMIT 1`,
    )
    .bind(me.uuid, other.uuid)
    .first<{ uuid: string }>();
  if (existing) return existing.uuid;
  const uuid = crypto.randomUUID();
  const now = new Date().toISOString();
  await db.batch([
    db
      .prepare(
        "INSERT INTO rooms (uuid, title, type, is_locked, is_restricted, is_announcement_only, team_uuid, creator_uuid, owner_org_uuid, description, created, last_activity) VALUES (?, NULL, 'direct', 0, 0, 0, NULL, ?, ?, NULL, ?, ?)",
      )
      .bind(uuid, me.uuid, me.org_uuid, now, now),
    db.prepare("INSERT INTO memberships (person_uuid, room_uuid, is_moderator, created) VALUES (?, ?, 0, ?), (?, ?, 0, ?)").bind(me.uuid, uuid, now, other.uuid, uuid, now),
  ]);
  return uuid;
}

/**
 * Who a message mentions: only the platform's mention markup in the markdown,
 * `<@personId:ID>` / `<@personId:ID|Name>` and `<@personEmail:EMAIL>` / `<@personEmail:EMAIL|Name>`.
 * Plain "@Name" text is no mention, as upstream.
 */
async function parseMentions(db: D1Database, markdown: string | undefined): Promise<string[]> {
  const found = new Set<string>();
  for (const match of (markdown ?? "").matchAll(/<@(personId|personEmail):([^|>\s]+)(?:\|[^>]*)?>/g)) {
    const [, kind, value] = match;
    const person =
      kind === "personId"
        ? await (async () => {
            const uuid = decodeId("PEOPLE", value!);
            return uuid ? findPerson(db, uuid) : null;
          })()
        : await db.prepare("SELECT * FROM people WHERE email = ? COLLATE NOCASE").bind(value!).first<PersonRow>();
    if (person) found.add(person.uuid);
  }
  return [...found];
}

/** Plain text of our markdown when only markdown was sent (mention markup becomes the name). */
function plainText(markdown: string): string {
  return markdown
    .replace(/<@(?:personId|personEmail):([^|>]+)\|([^>]*)>/g, "$2")
    .replace(/<@personEmail:([^>]+)>/g, "$1")
    .replace(/[*_`~]/g, "");
}

type NewMessage = {
  room: Pick<ViewedRoom, "uuid" | "type">;
  author: PersonRow;
  text?: string;
  markdown?: string;
  parentUuid?: string | null;
  to?: { uuid: string | null; email: string | null };
  mentioned: string[];
};

async function insertMessage(c: Ctx, m: NewMessage): Promise<MessageRow> {
  const uuid = crypto.randomUUID();
  const created = new Date().toISOString();
  const text = m.text ?? (m.markdown !== undefined ? plainText(m.markdown) : null);
  await c.db.batch([
    c.db
      .prepare(
        "INSERT INTO messages (uuid, room_uuid, person_uuid, parent_uuid, to_person_uuid, to_person_email, text, markdown, mentioned, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      )
      .bind(uuid, m.room.uuid, m.author.uuid, m.parentUuid ?? null, m.to?.uuid ?? null, m.to?.email ?? null, text, m.markdown ?? null, JSON.stringify(m.mentioned), created),
    c.db.prepare("UPDATE rooms SET last_activity = ? WHERE uuid = ?").bind(created, m.room.uuid),
  ]);
  const row = (await c.db.prepare(`${MESSAGE_SELECT} WHERE m.uuid = ?`).bind(uuid).first<MessageRow>())!;
  // Deliveries never hold up the answer; failures are logged by the dispatcher.
  c.waitUntil(dispatchMessageCreated(c.db, row, messageJson(row), deliveryRule(c.env)));
  return row;
}

export async function createMessage(c: Ctx, me: PersonRow): Promise<Response> {
  const body = await parseJsonBody(c, createBody);
  let room: ViewedRoom;
  let to: NewMessage["to"];

  if (body.roomId) {
    room = await viewRoom(c.db, me, body.roomId);
  } else {
    const recipient = await resolvePerson(c.db, { personId: body.toPersonId, personEmail: body.toPersonEmail });
    if (recipient.uuid === me.uuid) throw badRequest("You cannot send a direct message to yourself.");
    if (await isBotDisabled(c.db, me.org_uuid, recipient)) throw new ApiError(403, BOT_POLICY_MESSAGE);
    room = await viewRoomByUuid(c.db, me, await directRoom(c.db, me, recipient));
    to = body.toPersonId ? { uuid: recipient.uuid, email: null } : { uuid: null, email: recipient.email };
  }
  if (room.is_announcement_only === 1 && room.viewer_is_moderator !== 1) throw new ApiError(403, "Only moderators can post in this space.");
  let parentUuid: string | null = null;
  if (body.parentId) {
    parentUuid = decodeId("MESSAGE", body.parentId);
    const parent = parentUuid ? await c.db.prepare("SELECT room_uuid FROM messages WHERE uuid = ?").bind(parentUuid).first<{ room_uuid: string }>() : null;
    if (!parent || parent.room_uuid !== room.uuid) throw badRequest("parentId must be a message in the same space.");
  }
  const mentioned = await parseMentions(c.db, body.markdown);
  const row = await insertMessage(c, { room, author: me, text: body.text, markdown: body.markdown, parentUuid, to, mentioned });

  return json(messageJson(row));
}

const listQuery = z.object({
  roomId: z.string().min(1),
  mentionedPeople: z.literal("me").optional(),
  beforeMessage: z.string().optional(),
  max: maxParam.default(50),
});

export async function listMessages(c: Ctx, me: PersonRow): Promise<Response> {
  const q = parseQuery(c.url, listQuery);
  const room = await viewRoom(c.db, me, q.roomId);
  // A bot in a group space reads only what mentions it, asked for or not (ownerReceives).
  const mentioning = q.mentionedPeople || (me.type === "bot" && room.type === "group") ? me.uuid : undefined;
  return json({ items: (await roomMessages(c.db, room.uuid, q.max, { mentioning, before: q.beforeMessage })).map(messageJson) });
}

/** A room's messages, newest first. */
export async function roomMessages(db: D1Database, roomUuid: string, max: number, opts: { mentioning?: string; before?: string } = {}): Promise<MessageRow[]> {
  const where = ["m.room_uuid = ?"];
  const params: (string | number)[] = [roomUuid];
  if (opts.mentioning) {
    where.push("EXISTS (SELECT 1 FROM json_each(m.mentioned) WHERE value = ?)");
    params.push(opts.mentioning);
  }
  if (opts.before) {
    where.push("m.seq < COALESCE((SELECT seq FROM messages WHERE uuid = ?), 0)");
    params.push(decodeId("MESSAGE", opts.before) ?? "");
  }
  params.push(max);
  const { results } = await db
    .prepare(`${MESSAGE_SELECT} WHERE ${where.join(" AND ")} ORDER BY m.seq DESC LIMIT ?`)
    .bind(...params)
    .all<MessageRow>();
  return results;
}

export async function getMessage(c: Ctx, me: PersonRow): Promise<Response> {
  const uuid = decodeId("MESSAGE", c.params.id!);
  const row = uuid ? await c.db.prepare(`${MESSAGE_SELECT} WHERE m.uuid = ?`).bind(uuid).first<MessageRow>() : null;
  if (!row) throw notFound();
  await viewRoomByUuid(c.db, me, row.room_uuid); // 404 unless the caller is in that room
  // A bot in a group space cannot read a message that does not mention it: 404, as upstream.
  if (!ownerReceives(me, row)) throw notFound();
  return json(messageJson(row));
}
