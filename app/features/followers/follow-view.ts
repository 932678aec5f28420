// What the follow parts of the pages render (issue 16; docs/decisions/026): the detail page's
// "Follow updates", the follow page, the unfollow page and My Integrations' "Apps you follow".
// Types and plain texts only: this module ships to the browser.

/** Where a follower's updates go, as a person reads it. */
export type DestinationView = { kind: "direct" } | { kind: "space"; roomId: string; title: string };

/** Why the last update could not be posted where a follower chose (set by the fan-out, shown in My Integrations). */
/** Why the last update was not posted; "org-policy": the follower's organisation does not allow the app now (issue 40 item 5). */
export type FollowProblem = "not-found" | "forbidden" | "rejected" | "org-policy";

/** The detail page's offer: null when the app takes no followers (coming soon, not published). */
export type FollowOffer = { kind: "follow"; href: string } | { kind: "following"; href: string; destination: DestinationView } | null;

/** A space a person may send updates to. */
export type SpaceChoice = { id: string; title: string; isLocked: boolean };

export type FollowPageData = {
  app: { name: string; path: string; followPath: string; deprecated: boolean };
  /** The person's follow of this app, or null. */
  following: DestinationView | null;
  spaces: SpaceChoice[];
  /** Why the spaces could not be listed (a direct message still works), or null. */
  spacesError: string | null;
};

/** What a refused follow post sends back: the choice kept, and why it failed. */
export type FollowActionData = { destination: string; problem: { title: string; message: string } };

export type FollowedAppView = {
  appId: string;
  name: string;
  /** The app's page, or null when it is no longer in the catalogue. */
  path: string | null;
  /** Where the unfollow form posts (works for an app no longer in the catalogue too). */
  followPath: string;
  destination: DestinationView;
  since: string;
  problem: { kind: FollowProblem; at: string } | null;
};

export type UnfollowPageData = { state: "unknown" } | { state: "confirm"; csrf: string; app: { name: string; path: string | null }; destination: DestinationView };

/** The label the follow page and the notices use for the direct-message choice. */
export const DIRECT_MESSAGE_LABEL = "Direct message from the App Hub bot";

/** A destination in a sentence: "a direct message from the App Hub bot", "the Design Team space". */
export function destinationPhrase(destination: DestinationView): string {
  return destination.kind === "direct" ? "a direct message from the App Hub bot" : `the ${destination.title} space`;
}

export const FOLLOW_MESSAGES = {
  followed: (app: string, destination: DestinationView) => `Updates about ${app} go to ${destinationPhrase(destination)}.`,
  unchanged: (app: string, destination: DestinationView) => `You already follow ${app}: updates go to ${destinationPhrase(destination)}.`,
  unfollowed: (app: string) => `You no longer follow ${app}.`,
  notFollowing: (app: string) => `You did not follow ${app}.`,
  chooseDestination: "Choose where updates should go.",
  notYourSpace: "That space is not one of yours any more. Choose another one.",
  cannotPost: (title: string) => `The App Hub bot cannot post in ${title}. Ask a moderator to let it post there, or choose another space.`,
  deprecated: (app: string) => `${app} is deprecated: it gets no more updates, so there is nothing to follow.`,
  tooMany: (seconds: number) => `You changed where updates go many times in a short time. Wait ${seconds} seconds, then choose again.`,
  problem: (kind: FollowProblem, destination: DestinationView, appName: string) =>
    kind === "org-policy"
      ? `The last update was not posted: your organisation does not allow ${appName} now.`
      : kind === "not-found"
        ? destination.kind === "space"
          ? `The last update could not be posted: ${destination.title} is gone, or the App Hub bot is no longer in it.`
          : "The last update could not be posted: the platform no longer finds your account."
        : kind === "forbidden"
          ? `The last update could not be posted: your organization does not let the App Hub bot post ${destination.kind === "space" ? `in ${destination.title}` : "to you"}.`
          : "The last update could not be posted there.",
} as const;
