// What the detail page needs to offer a logged-in person a bot: their spaces, or why they can't be
// listed (spec §4 Rooms: failure stores the message and an empty list), and where the add-bot
// dialog starts (spec §3 add-bot modal statuses).

export type SpaceOption = { id: string; title: string; isLocked: boolean; lastActivity: string | null };

/** Spec §3: the add-bot dialog's steps. Without JavaScript each is a page (`?add=<status>`). */
export const ADD_BOT_STATUSES = ["select", "direct-message", "group-space", "error"] as const;
export type AddBotStatus = (typeof ADD_BOT_STATUSES)[number];

export type AddBotOffer = { spaces: SpaceOption[]; spacesError: string | null; status: AddBotStatus };

/** The step a `?add=` link asks for; choosing a space when they cannot be listed is the error step. */
export function addBotStatus(requested: string | null, spacesError: string | null): AddBotStatus {
  const status = ADD_BOT_STATUSES.find((s) => s === requested) ?? "select";
  return status === "group-space" && spacesError ? "error" : status;
}
