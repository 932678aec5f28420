// What the soak did, for the audit: every webhook it made, post it sent, bot it added, beacon it
// sent, delivery it received, and the people it acts as.
import type { WebhookKind } from "../../app/features/webhooks/webhook-form.ts";
import type { AppSummary } from "../../app/models/types.ts";
import { encodeId } from "../../workers/platform/ids.ts";
import { ROOMS, USERS } from "../../workers/platform/demo-data.ts";
import type { Jar } from "./http.ts";
import type { DemoUser } from "./options.ts";
import type { AddOutcome } from "./product.ts";

export type Person = {
  key: DemoUser;
  email: string;
  hookSeq: number;
  jar: Jar;
  csrf?: string /** Apps the person added through the hub (by id): they may review them. */;
  used: Map<string, AppSummary>;
};

export type Hook = {
  id: string | null;
  kind: WebhookKind;
  owner: DemoUser;
  roomId: string;
  roomTitle: string;
  name: string;
  /** Incoming: the URL and its path. */
  url: string | null;
  path: string | null;
  /** Outgoing: where deliveries go. */
  target: string | null;
  signingSecret: string | null;
  stable: boolean;
  createdAt: number;
  deleteStartedAt: number | null;
  deletedAt: number | null;
  /** Created (the form or API said so) but never listed. */
  lost?: boolean;
};
export type RefusedHook = { owner: DemoUser; kind: WebhookKind; roomId: string; name: string; message: string };
export type BotAdd = { owner: DemoUser; roomId: string; roomTitle: string; bot: string; outcome: AddOutcome; title: string; at: number };
export type Post = {
  seq: number;
  marker: string;
  hookId: string | null;
  hookName: string;
  roomId: string;
  kind: string;
  status: number;
  accepted: boolean;
  messageId: string | null;
  mention: boolean;
  sentAt: number;
  answeredAt: number;
};
export type Delivery = { path: string; headers: Record<string, string | string[] | undefined>; body: string; at: number };

export const world = {
  hooks: [] as Hook[],
  refusedHooks: [] as RefusedHook[],
  botAdds: [] as BotAdd[],
  posts: [] as Post[],
  beacons: { accepted: 0, acceptedEvents: 0, refused: 0 },
  deliveries: [] as Delivery[],
  receiverOrigin: "",
};

export const demoUser = (key: DemoUser) => USERS[key];

type DemoRoom = (typeof ROOMS)[keyof typeof ROOMS];
export const roomById = new Map<string, DemoRoom>(Object.values(ROOMS).map((r) => [encodeId("ROOM", r.uuid), r]));
/** Where this person's webhook or bot can go: a group space that is neither locked for them nor restricted. */
export function roomFits(person: Person, roomId: string): boolean {
  const room = roomById.get(roomId);
  if (!room) return false;
  const me = (room.members as ReadonlyArray<{ user: string; moderator?: boolean }>).find((m) => m.user === person.key);
  const flag = (name: "isRestricted" | "isLocked") => name in room && (room as Record<string, unknown>)[name] === true;
  return room.type === "group" && !flag("isRestricted") && !(flag("isLocked") && !me?.moderator);
}
