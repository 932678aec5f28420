// Joining the developer-support space from /support (spec §1, §2.5, §6, §8). The support bot, a
// moderator of the space, adds the person through the platform client with its own token (config
// SUPPORT_BOT_TOKEN): people cannot add themselves to a space they are not in. Outcomes: joined,
// already joined (they joined from App Hub before, per our record) and already a member (the
// platform's 409 without our record). A platform 401 here is the bot's token, not the person's
// session, so it is logged as a configuration problem and the session stays.
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Auth } from "~/auth/session.server";
import type { Notice } from "~/components/notice";
import { hasJoinedSupportSpace, recordSupportSpaceJoin } from "~/models/support-space.server";
import { PlatformError } from "~/platform/client.server";
import { SUPPORT_SPACE_MESSAGES as M } from "./messages";

export type SupportJoinOutcome = "joined" | "already-joined" | "already-member" | "failed" | "unavailable";
export type SupportJoinResult = { outcome: SupportJoinOutcome; status: number; notice: Notice };

export async function joinSupportSpace(context: AppLoadContext, auth: Auth): Promise<SupportJoinResult> {
  const { config, db, logger } = context;
  const product = config.productName;
  const bot = context.platform.supportBot(auth.trackingSession);
  if (!config.supportSpace || !bot) {
    return { outcome: "unavailable", status: 503, notice: { title: M.failedTitle, message: M.unavailable, level: "error" } };
  }
  const { roomId } = config.supportSpace;
  const spaceName = async () => {
    try {
      return (await bot.getRoom(roomId)).title;
    } catch {
      return M.defaultSpaceName;
    }
  };
  try {
    await bot.createMembership({ roomId, personId: auth.user.id });
  } catch (error) {
    if (!(error instanceof PlatformError)) throw error;
    if (error.status === 409) {
      const joinedHere = await hasJoinedSupportSpace(db, auth.user.userId, roomId);
      const name = await spaceName();
      return joinedHere
        ? { outcome: "already-joined", status: 409, notice: { title: M.alreadyJoinedTitle, message: M.alreadyJoined(name, product), level: "info" } }
        : { outcome: "already-member", status: 409, notice: { title: M.alreadyMemberTitle, message: M.alreadyMember(name), level: "info" } };
    }
    const level = error.status === 401 || error.status === 403 || error.status === 404 || error.status >= 500 ? "error" : "warn";
    logger[level]("Unable to join the developer-support space", { status: error.status, message: error.message, trackingId: error.trackingId });
    return { outcome: "failed", status: error.status >= 400 && error.status < 600 ? error.status : 502, notice: { title: M.failedTitle, message: M.failed, level: "error" } };
  }
  await recordSupportSpaceJoin(db, auth.user.userId, roomId);
  return { outcome: "joined", status: 200, notice: { title: M.joinedTitle, message: M.joined(await spaceName(), product), level: "success" } };
}
