// What the detail page needs to offer a logged-in person a bot: their spaces, or why they can't be
// listed (spec §4 Rooms: failure stores the message and an empty list).

export type SpaceOption = { id: string; title: string; isLocked: boolean; lastActivity: string | null };

export type AddBotOffer = { spaces: SpaceOption[]; spacesError: string | null };
