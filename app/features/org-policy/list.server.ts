// A list's organisation parts (issue 29), for a logged-in member of an organisation that requires
// approval, on list pages and /search alike: each card's standing and the "Approved for my
// organisation" filter (`org=approved`, read only here and only for such a member; anonymous pages
// never see it, so the shared cache's key and page are unchanged). One D1 batch. Cards show the decision lists' word: an approved app
// that now asks for more is found out on its page (the list has no permissions to compare).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { getAuth } from "~/auth/session.server";
import type { OrgCardStates } from "~/components/org-standing-context";
import { orgKeyOf } from "./access.server";
import { ORG_FILTER_PARAM, ORG_FILTER_VALUE } from "./paths";
import { readListInputs } from "./store.server";

export type ListOrgView = { states: OrgCardStates; approvedOnly: boolean; approvedIds: string[] };

export async function listOrgView(request: Request, context: AppLoadContext): Promise<ListOrgView | null> {
  const url = new URL(request.url);
  const auth = await getAuth(request, context, url.pathname + url.search);
  const orgId = auth ? orgKeyOf(auth.user) : null;
  if (!auth || !orgId) return null;
  const { policy, decisions } = await readListInputs(context.db, orgId);
  if (policy?.mode !== "approval") return null;
  const byApp: Record<string, "approved" | "restricted"> = {};
  for (const d of decisions.values()) byApp[d.appId] = d.status;
  return {
    states: { byApp, otherwise: "needs-approval" },
    approvedOnly: url.searchParams.get(ORG_FILTER_PARAM) === ORG_FILTER_VALUE,
    approvedIds: [...decisions.values()].filter((d) => d.status === "approved").map((d) => d.appId),
  };
}

/** The catalogue query's part of the filter: only the approved apps, while the filter is on. */
export const orgFilterQuery = (org: ListOrgView | null): { appIds?: string[] } => (org?.approvedOnly ? { appIds: org.approvedIds } : {});

/** What a page's data carries (the badges and whether the filter is on; never the ids), or null. */
export type ListOrgData = { states: OrgCardStates; approvedOnly: boolean } | null;
export const orgPageData = (org: ListOrgView | null): ListOrgData => (org ? { states: org.states, approvedOnly: org.approvedOnly } : null);
