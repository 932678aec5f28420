// Following an app (issue 16; docs/decisions/026): where updates go, checked with the platform before
// the follow is saved, so a follow that cannot work is refused at once with a reason instead of
// failing quietly at the next release.
// - A space: it must be one of the person's group spaces; the updates bot is added to it with the
//   person's token (as the add-bot flow adds a bot; 409 "already there" is fine), with the add-bot
//   flow's texts for a locked or restricted space or a bot the organisation turned off (spec §8).
// - Then the bot posts a confirmation there (./update-message.server.ts): it proves the bot can post,
//   tells a space's members who asked for the messages, and carries the unfollow link.
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Auth } from "~/auth/session.server";
import { ADD_APP_MESSAGES as M } from "~/features/add-app/messages";
import { randomToken } from "~/lib/random-token.server";
import { RATE_LIMITS, withinLimit } from "~/lib/rate-limit.server";
import { isSessionRefused, PlatformError } from "~/platform/client.server";
import type { Room } from "~/platform/schemas";
import { FOLLOW_MESSAGES, type DestinationView } from "./follow-view";
import { deleteFollow, findFollow, saveFollow, type Follow, type FollowDestination } from "./follows.server";
import { followConfirmation } from "./update-message.server";
import { updatesBotIdentity } from "./updates-bot.server";

/** The app as following needs it. */
export type FollowedApp = { id: string; name: string; path: string };

/** "direct", or the id of one of the person's group spaces. */
export type DestinationChoice = { kind: "direct" } | { kind: "space"; roomId: string };

export type FollowOutcome =
  | { ok: true; follow: Follow; changed: boolean /** A new follow, not a new destination of one (insights count these). */; created?: boolean }
  | { ok: false; status: number; problem: { title: string; message: string }; retryAfter?: number };

/** How the updates bot is named in the platform's words (spec §8's texts take an app name). */
const BOT_NAME = "the App Hub bot";
const NOT_FOLLOWED = "Not followed";

export const destinationView = (destination: FollowDestination): DestinationView =>
  destination.kind === "space" ? { kind: "space", roomId: destination.roomId, title: destination.roomTitle } : { kind: "direct" };

const refused = (status: number, message: string, title = NOT_FOLLOWED): FollowOutcome => ({ ok: false, status, problem: { title, message } });

/** Only a 401 on the person's own token goes on (the caller ends the session); other failures are answers. */
function platformFailure(error: unknown): PlatformError {
  if (!(error instanceof PlatformError) || isSessionRefused(error)) throw error;
  return error;
}

const statusOf = (error: PlatformError) => (error.status >= 400 && error.status < 600 ? error.status : 502);

/**
 * Follows `app` with updates going to `choice`, or moves an existing follow there. The follow is
 * saved only once the bot could post there.
 */
export async function followApp(context: AppLoadContext, auth: Auth, app: FollowedApp, choice: DestinationChoice): Promise<FollowOutcome> {
  const existing = await findFollow(context.db, auth.user.userId, app.id);
  if (existing && sameDestination(existing.destination, choice)) return { ok: true, follow: existing, changed: false };
  // Each change posts a confirmation from the bot every follower shares (issue 27): a person (or a
  // script with their session) cannot make it post on and on. Per person, by the RATE_LIMIT_FOLLOWS binding.
  if (!(await withinLimit(context.env, "RATE_LIMIT_FOLLOWS", auth.user.userId))) {
    const seconds = RATE_LIMITS.RATE_LIMIT_FOLLOWS.period;
    return { ok: false, status: 429, problem: { title: NOT_FOLLOWED, message: FOLLOW_MESSAGES.tooMany(seconds) }, retryAfter: seconds };
  }

  let destination: FollowDestination = { kind: "direct" };
  if (choice.kind === "space") {
    const joined = await botJoinsSpace(context, auth, choice.roomId);
    if (!joined.ok) return joined.outcome;
    destination = { kind: "space", roomId: joined.room.id, roomTitle: joined.room.title };
  }

  // A new token for every new destination (issue 27): the old one is in messages that people of the
  // old place can read, and must not show the new place or unfollow for the person.
  const unfollowToken = randomToken(24);
  const markdown = followConfirmation(
    { appName: app.name, appPath: app.path, followerName: auth.user.portalDisplayName, inSpace: destination.kind === "space" },
    { portalUrl: context.config.url, unfollowToken },
  );
  try {
    await context.platform.updatesBot().sendMessage(destination.kind === "space" ? { roomId: destination.roomId, markdown } : { toPersonId: auth.user.id, markdown });
  } catch (thrown) {
    const error = platformFailure(thrown);
    context.logger.warn("The updates bot could not post a follow's confirmation", { status: error.status, message: error.message, trackingId: error.trackingId });
    if (error.status === 401) context.logger.error("The platform refused the updates bot's token (401): check UPDATES_BOT_TOKEN", { trackingId: error.trackingId });
    if (error.status === 403) {
      return destination.kind === "space" ? refused(403, FOLLOW_MESSAGES.cannotPost(destination.roomTitle)) : refused(403, M.talkToAdmin, M.poweredDown(BOT_NAME));
    }
    return refused(statusOf(error) === 401 ? 502 : statusOf(error), M.unknown);
  }
  const follow = await saveFollow(context.db, { userId: auth.user.userId, personId: auth.user.id, appId: app.id, destination, unfollowToken });
  context.logger.info("App followed", { appId: app.id, destination: destination.kind });
  return { ok: true, follow, changed: true, created: !existing };
}

function sameDestination(current: FollowDestination, choice: DestinationChoice): boolean {
  return current.kind === "space" ? choice.kind === "space" && choice.roomId === current.roomId : choice.kind === "direct";
}

/** The space (one of the person's group spaces), with the updates bot now a member. */
async function botJoinsSpace(context: AppLoadContext, auth: Auth, roomId: string): Promise<{ ok: true; room: Room } | { ok: false; outcome: FollowOutcome }> {
  const client = context.platform.forPerson(auth);
  let room: Room;
  try {
    room = await client.getRoom(roomId);
  } catch (thrown) {
    const error = platformFailure(thrown);
    if (error.status === 404 || error.status === 403 || error.status === 400) return { ok: false, outcome: refused(400, FOLLOW_MESSAGES.notYourSpace) };
    context.logger.error("Cannot get room name now", { status: error.status, trackingId: error.trackingId });
    return { ok: false, outcome: refused(statusOf(error), M.roomName) };
  }
  // Nobody can be added to a direct space (docs/platform-api.md): only group spaces are offered.
  if (room.type !== "group") return { ok: false, outcome: refused(400, FOLLOW_MESSAGES.notYourSpace) };
  let email: string;
  try {
    email = (await updatesBotIdentity(context)).email;
  } catch (thrown) {
    const error = platformFailure(thrown);
    context.logger.error("The updates bot's identity could not be read: check UPDATES_BOT_TOKEN", { status: error.status, trackingId: error.trackingId });
    return { ok: false, outcome: refused(502, M.unknown) };
  }
  try {
    await client.createMembership({ roomId: room.id, personEmail: email });
  } catch (thrown) {
    const error = platformFailure(thrown);
    // Already a member (another follower's space, or an earlier follow): nothing to add.
    if (error.status === 409) return { ok: true, room };
    context.logger.warn("Adding the updates bot to a space was refused", { status: error.status, message: error.message, trackingId: error.trackingId });
    // A locked space, or an organisation that turned the bot off: the space itself says which.
    if (error.status === 403) return { ok: false, outcome: room.isLocked ? refused(403, M.locked) : refused(403, M.talkToAdmin, M.poweredDown(BOT_NAME)) };
    if (error.status === 400) return { ok: false, outcome: refused(400, M.restricted) };
    return { ok: false, outcome: refused(statusOf(error), M.unknown) };
  }
  return { ok: true, room };
}

/** Stops a person's updates about an app (by the app's id). True when they followed it. */
export const unfollowApp = (context: AppLoadContext, auth: Auth, appId: string): Promise<boolean> => deleteFollow(context.db, auth.user.userId, appId);
