// The person's organisation's standing of the apps in a list (issue 29), for the cards: provided by
// a list page for a logged-in member of an organisation that requires approval, null everywhere
// else (anonymous and shared pages never have it). Browser-safe; the labels are the policy's.
import { createContext, useContext } from "react";
import type { StandingState } from "~/features/org-policy/standing-view";

export type OrgCardStates = { byApp: Readonly<Record<string, StandingState>>; otherwise: StandingState };

/** What a list's loader data carries for them: the states of the apps it shows, and whether "Approved for my organisation" is on. */
export type OrgListData = { states: OrgCardStates; approvedOnly: boolean } | null;

export const OrgStandingContext = createContext<OrgCardStates | null>(null);

export function useOrgCardState(appId: string): StandingState | null {
  const states = useContext(OrgStandingContext);
  return states ? (states.byApp[appId] ?? states.otherwise) : null;
}
