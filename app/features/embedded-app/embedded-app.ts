// What the embedded-app dialog (spec §2.5) tells a logged-in person on an embedded app's page, and
// its texts. Shared by the loader and the browser.
import type { AppContext } from "~/models/enums";

/**
 * - available: their organisation allows it and embedded apps are on for them: how to open it.
 * - not-enabled: their organisation has not enabled it (spec §4: access false).
 * - not-yet: allowed, but the `embedded-app-phase-1-enabled` toggle is off for them.
 * - unknown: the check failed (spec §4: access false on failure); try again later.
 */
export type EmbeddedAppState = "available" | "not-enabled" | "not-yet" | "unknown";

export type EmbeddedAppOffer = { state: EmbeddedAppState; contexts: AppContext[] };

export const EMBEDDED_APP_MESSAGES = {
  trigger: (appName: string) => `Open ${appName}`,
  availableTitle: (appName: string) => `Open ${appName} in a meeting or space`,
  availableIntro: (appName: string, product: string) => `${appName} runs inside ${product}. Open it from there:`,
  inMeeting: (appName: string) => `In a meeting: select Apps, then choose ${appName}.`,
  inSpace: (appName: string) => `In a space: select Add tab (+), then choose ${appName}.`,
  availableNote: "Everyone in the meeting or space sees it together.",
  notEnabledTitle: (appName: string) => `${appName} isn't available to your organization`,
  notEnabled: (appName: string) => `Your organization hasn't enabled ${appName}.`,
  /** Spec §8, word for word. */
  talkToAdmin: "Talk to your IT Admin for more information",
  notYetTitle: "Embedded apps are coming to your account",
  notYet: (appName: string, product: string) =>
    `Embedded apps aren't turned on for your account yet. When they are, you can open ${appName} from a meeting or a space in ${product}.`,
  unknownTitle: "We couldn't check access",
  unknown: (appName: string) => `We couldn't check whether your organization allows ${appName}. Please try again later.`,
} as const;
