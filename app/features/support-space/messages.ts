// Joining the developer-support space (spec §2.5, §8: "Support space: success, already joined,
// already-a-member messages"). The spec names the three outcomes but not their words; these are ours.
export const SUPPORT_SPACE_MESSAGES = {
  joinedTitle: "Welcome to the developer-support space",
  joined: (space: string, product: string) => `You were added to the ${space} space. Find it in your spaces in ${product}.`,
  alreadyJoinedTitle: "You already joined",
  alreadyJoined: (space: string, product: string) => `You joined the ${space} space from App Hub before. Find it in your spaces in ${product}.`,
  alreadyMemberTitle: "You are already a member",
  alreadyMember: (space: string) => `You are already a member of the ${space} space.`,
  failedTitle: "Not joined",
  /** Spec §8's fallback for a failed add. */
  failed: "Unknown error. Please try again later",
  unavailable: "Joining the developer-support space is not available right now. Please write to us instead.",
  /** The space's name when the platform cannot tell it. */
  defaultSpaceName: "developer-support",
  joinLabel: "Join the developer-support space",
  loginLabel: "Log in to join the developer-support space",
} as const;
