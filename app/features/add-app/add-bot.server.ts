// Adding a bot to a group space or messaging it directly (spec §2.5 add-bot flow, §4, §8), through
// the platform client. Each outcome becomes a notice with the spec's texts; a 401 is left to the
// caller, which ends the session.
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Notice } from "~/components/notice";
import { endSessionOn401, type Auth } from "~/auth/session.server";
import { isSessionRefused, PlatformError } from "~/platform/client.server";
import type { Room } from "~/platform/schemas";
import { addBotStatus, type AddBotOffer, type SpaceOption } from "./add-bot";
import { ADD_APP_MESSAGES as M, ADD_APP_TITLES as T, DIRECT_MESSAGE_GREETING, ROOMS_MAX } from "./messages";

export type BotApp = { name: string; botEmail: string };
export type AddResult = { status: number; notice: Notice };

/** What the detail page offers: the person's group spaces, or why they could not be listed (spec §4). */
export async function addBotOffer(request: Request, context: AppLoadContext, auth: Auth): Promise<AddBotOffer> {
  const { spaces, spacesError } = await spacesOrProblem(request, context, auth, "group");
  return { spaces, spacesError, status: addBotStatus(new URL(request.url).searchParams.get("add"), spacesError) };
}

/**
 * The person's spaces for a picker, or why they cannot be listed (spec §4 Rooms: failure stores the
 * message and an empty list). A 401 ends the session (thrown as the redirect).
 */
export async function spacesOrProblem(request: Request, context: AppLoadContext, auth: Auth, type?: "group"): Promise<{ spaces: SpaceOption[]; spacesError: string | null }> {
  try {
    return { spaces: await listSpaces(context, auth, type), spacesError: null };
  } catch (error) {
    const expired = await endSessionOn401(request, context, error);
    if (expired) throw expired;
    context.logger.error("Unable to fetch rooms", { error: String(error) });
    return { spaces: [], spacesError: M.roomsFailed };
  }
}

/** The person's group spaces, most recently active first (spec §7: type group, lastactivity, 500). */
export const listGroupSpaces = (context: AppLoadContext, auth: Auth) => listSpaces(context, auth, "group");

/** The person's spaces (of one type, or all), most recently active first, at most 500 (spec §7). */
export async function listSpaces(context: AppLoadContext, auth: Auth, type?: "group"): Promise<SpaceOption[]> {
  const { items } = await context.platform.forPerson(auth).listRooms({ ...(type ? { type } : {}), sortBy: "lastactivity", max: ROOMS_MAX });
  return items.slice(0, ROOMS_MAX).map((room: Room) => ({
    id: room.id,
    title: room.title,
    isLocked: room.isLocked,
    lastActivity: room.lastActivity ?? null,
  }));
}

/** Only a 401 on the person's own token is rethrown (the caller ends the session; issue 13). */
const rethrowAuth = (error: unknown) => {
  if (!(error instanceof PlatformError) || isSessionRefused(error)) throw error;
  return error;
};

export async function addBotToSpace(context: AppLoadContext, auth: Auth, app: BotApp, roomId: string): Promise<AddResult> {
  const client = context.platform.forPerson(auth);
  // The space's name for the notice, and whether it is locked; null when it cannot be read.
  const roomOrNull = async (): Promise<Room | null> => {
    try {
      return await client.getRoom(roomId);
    } catch (error) {
      rethrowAuth(error);
      return null;
    }
  };
  try {
    await client.createMembership({ roomId, personEmail: app.botEmail });
  } catch (thrown) {
    const error = rethrowAuth(thrown);
    context.logger.warn("Add bot to space refused", { status: error.status, message: error.message, trackingId: error.trackingId });
    if (error.status === 409) {
      const label = (await roomOrNull())?.title;
      return {
        status: 409,
        notice: label ? { title: M.alreadyThere(app.name, label), message: M.conflict, level: "info" } : { title: M.conflict, message: M.roomName, level: "info" },
      };
    }
    if (error.status === 403) {
      // The platform refuses for two reasons with one status: a locked space, or an organisation
      // that has the bot turned off. The space itself says which.
      return (await roomOrNull())?.isLocked
        ? { status: 403, notice: { title: T.locked, message: M.locked, level: "error" } }
        : { status: 403, notice: { title: M.poweredDown(app.name), message: M.talkToAdmin, level: "error" } };
    }
    if (error.status === 400) return { status: 400, notice: { title: T.notAdded, message: M.restricted, level: "error" } };
    return { status: error.status >= 400 && error.status < 600 ? error.status : 500, notice: { title: T.notAdded, message: M.unknown, level: "error" } };
  }
  const label = (await roomOrNull())?.title;
  return {
    status: 200,
    notice: label ? { title: T.added, message: M.added(app.name, label), level: "success" } : { title: T.added, message: M.roomName, level: "warning" },
  };
}

export async function messageBotDirectly(context: AppLoadContext, auth: Auth, app: BotApp): Promise<AddResult> {
  try {
    await context.platform.forPerson(auth).sendMessage({ toPersonEmail: app.botEmail, text: DIRECT_MESSAGE_GREETING });
    return { status: 200, notice: { title: T.messageSent, message: M.directMessage(app.name), level: "success" } };
  } catch (thrown) {
    const error = rethrowAuth(thrown);
    context.logger.warn("Direct message to a bot refused", { status: error.status, message: error.message, trackingId: error.trackingId });
    if (error.status === 403) return { status: 403, notice: { title: M.poweredDown(app.name), message: M.talkToAdmin, level: "error" } };
    return { status: error.status >= 400 && error.status < 600 ? error.status : 500, notice: { title: T.messageNotSent, message: M.unknown, level: "error" } };
  }
}
