// Rooms (spaces): the Room JSON shape, membership-scoped lookups, GET /v1/rooms and /v1/rooms/{id}.
import { z } from "zod";
import { ApiError, notFound } from "./errors.ts";
import type { Ctx } from "./http.ts";
import { json, pageFields, pageLink, parseQuery } from "./http.ts";
import { decodeId, encodeId } from "./ids.ts";
import type { PersonRow } from "./people.ts";
import { BOT_POLICY_MESSAGE, isBotDisabled } from "./policy.ts";

export type RoomRow = {
  uuid: string;
  title: string | null;
  type: "direct" | "group";
  is_locked: number;
  is_restricted: number;
  is_announcement_only: number;
  team_uuid: string | null;
  creator_uuid: string;
  owner_org_uuid: string;
  description: string | null;
  created: string;
  last_activity: string;
};

/** A room as seen by one member: direct rooms are titled with the other member's name. */
export type ViewedRoom = RoomRow & { shown_title: string; viewer_is_moderator: number };

// ?1 is the viewer. The name fallback (display name, else first + last, else email) matches nameOf().
const VIEWED_ROOM_SELECT = `
  SELECT r.*, m.is_moderator AS viewer_is_moderator,
    COALESCE(r.title, (
      SELECT COALESCE(p.display_name, NULLIF(TRIM(COALESCE(p.first_name, '') || ' ' || COALESCE(p.last_name, '')), ''), p.email)
      FROM memberships o JOIN people p ON p.uuid = o.person_uuid
      WHERE o.room_uuid = r.uuid AND o.person_uuid <> ?1 LIMIT 1
    ), 'Empty space') AS shown_title
  FROM rooms r JOIN memberships m ON m.room_uuid = r.uuid AND m.person_uuid = ?1`;

export function roomJson(room: ViewedRoom): Record<string, unknown> {
  return {
    id: encodeId("ROOM", room.uuid),
    title: room.shown_title,
    type: room.type,
    isLocked: room.is_locked === 1,
    ...(room.team_uuid ? { teamId: encodeId("TEAM", room.team_uuid) } : {}),
    lastActivity: room.last_activity,
    creatorId: encodeId("PEOPLE", room.creator_uuid),
    created: room.created,
    ownerId: encodeId("ORGANIZATION", room.owner_org_uuid),
    isAnnouncementOnly: room.is_announcement_only === 1,
    isReadOnly: false,
    isPublic: false,
    ...(room.description ? { description: room.description } : {}),
  };
}

/**
 * The room as the viewer sees it; 404 when the id is bad or the viewer is not a member; 403 for a
 * bot that the room's owning organisation has turned off (policy.ts).
 */
export async function viewRoom(db: D1Database, viewer: PersonRow, roomId: string): Promise<ViewedRoom> {
  const uuid = decodeId("ROOM", roomId);
  const room = uuid ? await db.prepare(`${VIEWED_ROOM_SELECT} WHERE r.uuid = ?2`).bind(viewer.uuid, uuid).first<ViewedRoom>() : null;
  if (!room) throw notFound();
  if (await isBotDisabled(db, room.owner_org_uuid, viewer)) throw new ApiError(403, BOT_POLICY_MESSAGE);
  return room;
}

export async function viewRoomByUuid(db: D1Database, viewer: PersonRow, uuid: string): Promise<ViewedRoom> {
  return viewRoom(db, viewer, encodeId("ROOM", uuid));
}

const ORDER_BY = {
  id: "r.uuid ASC",
  lastactivity: "r.last_activity DESC, r.uuid ASC",
  created: "r.created DESC, r.uuid ASC",
} as const;

const listQuery = z.object({
  type: z.enum(["direct", "group"]).optional(),
  teamId: z.string().optional(),
  sortBy: z.enum(["id", "lastactivity", "created"]).default("id"),
  ...pageFields(100, 1000),
});

export async function listRooms(c: Ctx, me: PersonRow): Promise<Response> {
  const q = parseQuery(c.url, listQuery);
  const offset = q.cursor ?? 0;
  const where: string[] = [];
  const params: (string | number)[] = [me.uuid];
  if (q.type) {
    params.push(q.type);
    where.push(`r.type = ?${params.length}`);
  }
  if (q.teamId) {
    params.push(decodeId("TEAM", q.teamId) ?? "");
    where.push(`r.team_uuid = ?${params.length}`);
  }
  // One row more than a page tells whether a next page exists.
  params.push(q.max + 1, offset);
  const sql = `${VIEWED_ROOM_SELECT} ${where.length ? `WHERE ${where.join(" AND ")}` : ""} ORDER BY ${ORDER_BY[q.sortBy]} LIMIT ?${params.length - 1} OFFSET ?${params.length}`;
  const { results } = await c.db
    .prepare(sql)
    .bind(...params)
    .all<ViewedRoom>();
  const items = results.slice(0, q.max).map(roomJson);
  return json({ items }, 200, pageLink(c.url, q, results.length));
}

export async function getRoom(c: Ctx, me: PersonRow): Promise<Response> {
  return json(roomJson(await viewRoom(c.db, me, c.params.id!)));
}
