// Memberships: POST/GET/DELETE /v1/memberships with the platform's 400/403/404/409 rules, and the
// organisation bot policy shared with direct messages.
import { z } from "zod";
import { ApiError, badRequest, notFound } from "./errors.ts";
import type { Ctx } from "./http.ts";
import { json, noContent, pageFields, pageLink, parseJsonBody, parseQuery } from "./http.ts";
import { decodeId, encodeId, membershipUuid } from "./ids.ts";
import type { PersonRow } from "./people.ts";
import { findPerson, findPersonByEmail, nameOf } from "./people.ts";
import { BOT_POLICY_MESSAGE, isBotDisabled } from "./policy.ts";
import { viewRoom, viewRoomByUuid } from "./rooms.ts";

export { BOT_POLICY_MESSAGE, isBotDisabled };

export const LOCKED_MESSAGE = "The space is locked. Only moderators can add people or apps.";
export const RESTRICTED_MESSAGE = "Room/Membership cannot be created due to restrictions set by the owning organization";
export const ALREADY_MEMBER_MESSAGE = "The person is already a member of this space.";
export const DIRECT_SPACE_MESSAGE = "Adding people to a direct space is not allowed.";
export const UNKNOWN_PERSON_MESSAGE = "No person or bot was found with that id or email.";

type MembershipRow = {
  person_uuid: string;
  room_uuid: string;
  is_moderator: number;
  created: string;
  room_type: "direct" | "group";
} & Pick<PersonRow, "email" | "display_name" | "first_name" | "last_name" | "org_uuid">;

const MEMBERSHIP_SELECT = `
  SELECT m.*, r.type AS room_type, p.email, p.display_name, p.first_name, p.last_name, p.org_uuid
  FROM memberships m JOIN rooms r ON r.uuid = m.room_uuid JOIN people p ON p.uuid = m.person_uuid`;

function membershipJson(row: MembershipRow): Record<string, unknown> {
  return {
    id: encodeId("MEMBERSHIP", membershipUuid(row.person_uuid, row.room_uuid)),
    roomId: encodeId("ROOM", row.room_uuid),
    personId: encodeId("PEOPLE", row.person_uuid),
    personEmail: row.email,
    personDisplayName: nameOf(row as unknown as PersonRow),
    personOrgId: encodeId("ORGANIZATION", row.org_uuid),
    isModerator: row.is_moderator === 1,
    roomType: row.room_type,
    created: row.created,
  };
}

/** A person by id or email; 404 when neither resolves. */
export async function resolvePerson(db: D1Database, by: { personId?: string; personEmail?: string }): Promise<PersonRow> {
  let person: PersonRow | null = null;
  if (by.personId) {
    const uuid = decodeId("PEOPLE", by.personId);
    person = uuid ? await findPerson(db, uuid) : null;
  } else if (by.personEmail) {
    person = await findPersonByEmail(db, by.personEmail);
  }
  if (!person) throw notFound(UNKNOWN_PERSON_MESSAGE);
  return person;
}

const createBody = z
  .object({
    roomId: z.string().min(1),
    personId: z.string().min(1).optional(),
    personEmail: z.string().email().optional(),
    isModerator: z.boolean().optional(),
  })
  .refine((b) => Boolean(b.personId) !== Boolean(b.personEmail), { message: "exactly one of personId or personEmail is required" });

export async function createMembership(c: Ctx, me: PersonRow): Promise<Response> {
  const body = await parseJsonBody(c, createBody);
  const room = await viewRoom(c.db, me, body.roomId);
  if (room.type === "direct") throw badRequest(DIRECT_SPACE_MESSAGE);
  const person = await resolvePerson(c.db, body);
  if (room.is_locked === 1 && room.viewer_is_moderator !== 1) throw new ApiError(403, LOCKED_MESSAGE);
  if (await isBotDisabled(c.db, me.org_uuid, person)) throw new ApiError(403, BOT_POLICY_MESSAGE);
  if (room.is_restricted === 1) throw badRequest(RESTRICTED_MESSAGE);
  // Only moderators of a locked space may make moderators; elsewhere anyone may (as upstream).
  const moderator = body.isModerator === true && (room.is_locked !== 1 || room.viewer_is_moderator === 1);
  const inserted = await c.db
    .prepare("INSERT INTO memberships (person_uuid, room_uuid, is_moderator, created) VALUES (?, ?, ?, ?) ON CONFLICT DO NOTHING")
    .bind(person.uuid, room.uuid, moderator ? 1 : 0, new Date().toISOString())
    .run();
  if (inserted.meta.changes === 0) throw new ApiError(409, ALREADY_MEMBER_MESSAGE);
  const row = await c.db.prepare(`${MEMBERSHIP_SELECT} WHERE m.person_uuid = ? AND m.room_uuid = ?`).bind(person.uuid, room.uuid).first<MembershipRow>();
  return json(membershipJson(row!));
}

const listQuery = z.object({
  roomId: z.string().optional(),
  personId: z.string().optional(),
  personEmail: z.string().optional(),
  // The platform's limits: 100 by default, at most 1000 a page; longer lists go on by Link.
  ...pageFields(100, 1000),
});

export async function listMemberships(c: Ctx, me: PersonRow): Promise<Response> {
  const q = parseQuery(c.url, listQuery);
  const where: string[] = [];
  const params: (string | number)[] = [];
  if (q.roomId) {
    const room = await viewRoom(c.db, me, q.roomId);
    where.push("m.room_uuid = ?");
    params.push(room.uuid);
  } else {
    // Without a room: the caller's own memberships, as upstream.
    where.push("m.person_uuid = ?");
    params.push(me.uuid);
  }
  if (q.personId) {
    where.push("m.person_uuid = ?");
    params.push(decodeId("PEOPLE", q.personId) ?? "");
  }
  if (q.personEmail) {
    where.push("p.email = ? COLLATE NOCASE");
    params.push(q.personEmail);
  }
  params.push(q.max + 1, q.cursor ?? 0);
  const { results } = await c.db
    .prepare(`${MEMBERSHIP_SELECT} WHERE ${where.join(" AND ")} ORDER BY m.created, m.person_uuid, m.room_uuid LIMIT ? OFFSET ?`)
    .bind(...params)
    .all<MembershipRow>();
  return json({ items: results.slice(0, q.max).map(membershipJson) }, 200, pageLink(c.url, q, results.length));
}

/** (person, room) of a membership id the caller may see; 404 otherwise. */
async function membershipTarget(c: Ctx, me: PersonRow): Promise<{ personUuid: string; roomUuid: string }> {
  const [personUuid, roomUuid] = (decodeId("MEMBERSHIP", c.params.id!) ?? "").split(":");
  if (!personUuid || !roomUuid) throw notFound();
  await viewRoomByUuid(c.db, me, roomUuid);
  return { personUuid, roomUuid };
}

export async function getMembership(c: Ctx, me: PersonRow): Promise<Response> {
  const { personUuid, roomUuid } = await membershipTarget(c, me);
  const row = await c.db.prepare(`${MEMBERSHIP_SELECT} WHERE m.person_uuid = ? AND m.room_uuid = ?`).bind(personUuid, roomUuid).first<MembershipRow>();
  if (!row) throw notFound();
  return json(membershipJson(row));
}

export async function deleteMembership(c: Ctx, me: PersonRow): Promise<Response> {
  const { personUuid, roomUuid } = await membershipTarget(c, me);
  const room = await viewRoomByUuid(c.db, me, roomUuid);
  if (room.type === "direct") throw badRequest("Members cannot be removed from a direct space.");
  if (personUuid !== me.uuid && room.is_locked === 1 && room.viewer_is_moderator !== 1) throw new ApiError(403, LOCKED_MESSAGE);
  const result = await c.db.prepare("DELETE FROM memberships WHERE person_uuid = ? AND room_uuid = ?").bind(personUuid, roomUuid).run();
  if (result.meta.changes === 0) throw notFound();
  return noContent();
}
