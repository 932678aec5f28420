// Organisation bot policy: an organisation can turn a bot off. People of that organisation then
// cannot add it to a space or message it (403), and the bot itself is refused (403) in every space
// the organisation owns, whatever it tries there: post, read, list members (issue 12: how App Hub
// learns that an organisation turned its webhook bots off).
import type { PersonRow } from "./people.ts";

export const BOT_POLICY_MESSAGE = "The organization's policy does not allow this bot.";

/** True when `bot` is a bot that the organisation's policy disables. */
export async function isBotDisabled(db: D1Database, orgUuid: string, bot: PersonRow): Promise<boolean> {
  if (bot.type !== "bot") return false;
  const row = await db.prepare("SELECT 1 AS x FROM org_disabled_bots WHERE org_uuid = ? AND bot_email = ? COLLATE NOCASE").bind(orgUuid, bot.email).first();
  return row !== null;
}
