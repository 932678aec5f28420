// Where an organisation's requests may go (issue 40 item 9; docs/decisions/035): only a group space
// of the organisation itself. A request message carries the requester's name, their comment and the
// app's facts; in a space shared with another organisation, outsiders would read them. The platform
// says both things the hub needs: a room's `ownerId` (the organisation that owns it) and each
// membership's `personOrgId`. A space qualifies when the organisation owns it and every member but
// the App Hub bot belongs to it. Checked when an admin chooses the space and again before each post,
// since anyone in a space may invite an outsider later.
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Auth } from "~/auth/session.server";
import { hydraUuid } from "~/auth/user";
import { ROOMS_MAX } from "~/features/add-app/messages";
import { updatesBotIdentity } from "~/features/followers/updates-bot.server";
import type { PlatformClient } from "~/platform/client.server";
import type { Room } from "~/platform/schemas";

/** Whether the platform says `orgId` (the hub's key: the uuid inside the platform's id) owns the room. */
export const ownedBy = (room: Pick<Room, "ownerId">, orgId: string): boolean => Boolean(room.ownerId) && hydraUuid(room.ownerId ?? "") === orgId;

export type RequestsSpace = { id: string; title: string; isLocked: boolean };

/**
 * The group spaces an admin may send requests to: theirs (the platform lists only spaces they are
 * in) and owned by their organisation. Members are checked when one is chosen (checkRequestsSpace):
 * listing them for every space here would be a platform call per space on each page view.
 */
export async function listOrgGroupSpaces(context: AppLoadContext, auth: Auth, orgId: string): Promise<RequestsSpace[]> {
  const { items } = await context.platform.forPerson(auth).listRooms({ type: "group", sortBy: "lastactivity", max: ROOMS_MAX });
  return items
    .slice(0, ROOMS_MAX)
    .filter((room) => room.type === "group" && ownedBy(room, orgId))
    .map((room) => ({ id: room.id, title: room.title, isLocked: room.isLocked }));
}

export type SpaceCheck = { ok: true; title: string } | { ok: false; why: "not-ours" | "shared" };

/**
 * Whether the space is one of the organisation's own now, asked with `client` (the admin's when they
 * choose it, the updates bot's before a post: both are members). A member the platform gives no
 * organisation for counts as an outsider: the hub cannot vouch for them. Platform errors are thrown
 * (the caller decides; nothing is posted to a space it could not check).
 */
export async function checkRequestsSpace(context: AppLoadContext, client: PlatformClient, roomId: string, orgId: string): Promise<SpaceCheck> {
  const room = await client.getRoom(roomId);
  if (room.type !== "group" || !ownedBy(room, orgId)) return { ok: false, why: "not-ours" };
  const [members, bot] = await Promise.all([client.listAllMemberships({ roomId }), updatesBotIdentity(context)]);
  const botEmail = bot.email.toLowerCase();
  const outsider = members.some((m) => m.personEmail.toLowerCase() !== botEmail && (!m.personOrgId || hydraUuid(m.personOrgId) !== orgId));
  return outsider ? { ok: false, why: "shared" } : { ok: true, title: room.title };
}
