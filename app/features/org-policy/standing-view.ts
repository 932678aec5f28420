// What pages show of an organisation's policy (issue 29): the standing's words and the view types.
// Types and labels only: this module ships to the browser.

export type StandingState = "approved" | "restricted" | "needs-approval";

export const STANDING_LABELS: Record<StandingState, string> = {
  approved: "Approved by your organisation",
  restricted: "Restricted by your organisation",
  "needs-approval": "Needs approval",
};

/** An app page's policy part, for a logged-in member of an approval organisation (null otherwise). */
export type OrgStandingView = {
  state: StandingState;
  /** The sentence under the badge (the refusal's words when the person may not use the app). */
  message: string;
  /** A restriction's reason, as the admin gave it (shown as "Reason: …"); null when none was given. */
  reason: string | null;
  /** "Request this app", when it can be requested (needs approval, no open request). */
  requestHref: string | null;
};

/** An organisation admin's quick decisions on an app page (in any mode). */
export type OrgAdminOffer = { appId: string; current: "approved" | "restricted" | null; returnTo: string };
