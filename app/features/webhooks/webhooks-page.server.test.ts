import type { AppLoadContext } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import type { Auth } from "~/auth/session.server";
import type { Membership, Room } from "~/platform/schemas";
import { webhookSpaces } from "./webhooks-page.server";

const ME = "Y2lzY29zcGFyazovL3VzL1BFT1BMRS9tZQ";
const SOMEONE_ELSE = "Y2lzY29zcGFyazovL3VzL1BFT1BMRS9vdGhlcg";
const room = (id: string, isLocked: boolean): Room => ({ id, title: id, type: "group", isLocked, created: "2026-01-01T00:00:00.000Z" });
const membership = (roomId: string, personId: string, isModerator: boolean): Membership => ({
  id: `${roomId}${personId}`,
  roomId,
  personId,
  personEmail: `${personId}@example.com`,
  isModerator,
  created: "2026-01-01T00:00:00.000Z",
});

function contextListing(rooms: Room[], memberships: Membership[]) {
  const person = { listRooms: async () => ({ items: rooms }), listAllMemberships: async () => memberships };
  const noop = () => {};
  return {
    platform: { forPerson: () => person },
    logger: { debug: noop, info: noop, warn: noop, error: noop },
  } as unknown as AppLoadContext;
}
const auth = { user: { id: ME } } as unknown as Auth;

describe("the spaces a webhook is offered", () => {
  it("offers a locked space only when the person's own membership there is a moderator's", async () => {
    // GET /memberships without roomId may list the other members of the person's rooms too.
    const context = contextListing(
      [room("Open", false), room("LockedMine", true), room("LockedTheirs", true)],
      [membership("LockedMine", ME, true), membership("LockedTheirs", ME, false), membership("LockedTheirs", SOMEONE_ELSE, true)],
    );
    const { spaces } = await webhookSpaces(new Request("https://hub.example/"), context, auth);
    expect(spaces.map((space) => space.id)).toEqual(["Open", "LockedMine"]);
  });
});
