// A list's organisation parts (issue 29), for a logged-in member of an organisation that requires
// approval, on list pages and /search alike: each card's standing and the "Approved for my
// organisation" filter (`org=approved`, read only here and only for such a member; anonymous pages
// never see it, so the shared cache's key and page are unchanged). One D1 statement. Cards show the
// decision lists' word: an approved app that now asks for more is found out on its page (the list
// has no permissions to compare).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { getAuth } from "~/auth/session.server";
import type { OrgListData } from "~/components/org-standing-context";
import type { StandingState } from "./standing-view";
import { orgKeyOf } from "./access.server";
import { ORG_FILTER_PARAM, ORG_FILTER_VALUE } from "./paths";
import { readListStates } from "./store.server";

export type ListOrgView = { byApp: ReadonlyMap<string, "approved" | "restricted">; approvedOnly: boolean; approvedIds: string[] };

export async function listOrgView(request: Request, context: AppLoadContext): Promise<ListOrgView | null> {
  const url = new URL(request.url);
  const auth = await getAuth(request, context, url.pathname + url.search);
  const orgId = auth ? orgKeyOf(auth.user) : null;
  if (!auth || !orgId) return null;
  const { approval, decisions } = await readListStates(context.db, orgId);
  if (!approval) return null;
  return {
    byApp: new Map(decisions.map((d) => [d.appId, d.status])),
    approvedOnly: url.searchParams.get(ORG_FILTER_PARAM) === ORG_FILTER_VALUE,
    approvedIds: decisions.filter((d) => d.status === "approved").map((d) => d.appId),
  };
}

/** The catalogue query's part of the filter: only the approved apps, while the filter is on. */
export const orgFilterQuery = (org: ListOrgView | null): { appIds?: string[] } => (org?.approvedOnly ? { appIds: org.approvedIds } : {});

/**
 * What a page's data carries (never the ids): the states of the apps it shows only (an organisation
 * may have decided about thousands; the page's data and its markup's key carry the few on it), and
 * whether the filter is on; null for everyone else. Pages loaded later bring their own
 * (app/features/list-page/AppList.tsx merges them).
 */
export function orgPageData(org: ListOrgView | null, shown: readonly { id: string }[]): OrgListData {
  if (!org) return null;
  const byApp: Record<string, StandingState> = {};
  for (const app of shown) {
    const state = org.byApp.get(app.id);
    if (state) byApp[app.id] = state;
  }
  return { states: { byApp, otherwise: "needs-approval" }, approvedOnly: org.approvedOnly };
}
