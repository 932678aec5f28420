// Adding an app to a space or a direct message: the spec's texts (§8), word for word.
export const ADD_APP_MESSAGES = {
  added: (appName: string, label: string) => `${appName} was added successfully to the ${label} space`,
  directMessage: (appName: string) => `${appName} will say hello any second!`,
  alreadyThere: (name: string, label: string) => `${name} is already in the ${label} space`,
  conflict: "That app is already in that space. Try choosing another one.",
  locked: "This space is locked. Let the moderator(s) know you'd like to add this app.",
  restricted: "Room/Membership cannot be created due to restrictions set by the owing organization",
  unknown: "Unknown error. Please try again later",
  roomName: "Cannot get room name now, try later",
  poweredDown: (appName: string) => `Oh, shoot. It looks like your organization has ${appName} powered down.`,
  talkToAdmin: "Talk to your IT Admin for more information",
  /** Not in the spec (it stores the platform's message): shown when the spaces cannot be listed. */
  roomsFailed: "We couldn't load your spaces. Please try again later.",
} as const;

/**
 * The titles of the notices that follow an add (not in the spec, which words only the messages).
 * The soak (scripts/soak/) tells an add's outcome by them.
 */
export const ADD_APP_TITLES = {
  added: "App added",
  locked: "This space is locked",
  notAdded: "Not added",
  messageSent: "Message sent",
  messageNotSent: "Message not sent",
} as const;

/** Spec §7: the direct message our side sends so the bot answers ("a fixed word"). */
export const DIRECT_MESSAGE_GREETING = "Hello";

/** Spec §9: the space picker lists at most 500 spaces, most recently active first. */
export const ROOMS_MAX = 500;
