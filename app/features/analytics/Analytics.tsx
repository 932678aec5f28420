// Mounted once in app/root.tsx's Layout. Renders nothing. After hydration, and only when the
// visitor allowed analytics (and Global Privacy Control is off: ./consent.ts, also loaded after
// hydration), it loads the tracker (its own chunk, outside the first-load JavaScript) and hands it what this page is: the tracker reports
// AppHub_pageView, AppHub_query, AppHub_appView, AppHub_install (the action before this page added a
// bot, confirmed a connection or created a webhook: spec §9 "installs"), AppHub_failedPageLoad (an
// error page shows, spec §2.2) and AppHub_categoriesLoadFailed (empty category list, spec §2.3).
// Nothing runs on the server.
import { isRouteErrorResponse, useLocation, useMatches, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import type { loader as rootLoader } from "~/root";

/**
 * Window events other features dispatch before the tracker has loaded (a modal shown on mount):
 * held from the moment this module runs (before hydration) and handed to the tracker. The name is
 * ANALYTICS_DOM_EVENT in ./events, written out here to keep that module out of the first load.
 */
const early: Event[] = [];
const hold = (event: Event) => void (early.length < 20 && early.push(event));
if (typeof window !== "undefined") window.addEventListener("apphub:analytics", hold);

export function Analytics() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const error = useRouteError();
  const errorStatus = error ? (isRouteErrorResponse(error) ? error.status : 500) : 0;
  const location = useLocation();
  const matches = useMatches();

  // biome-ignore lint/correctness/useExhaustiveDependencies: one report per page, keyed by location.key alone
  useEffect(() => {
    // What the page is, the consent check and the tracker all load after hydration (./page-view.ts).
    void import("./page-view").then((m) => m.reportPageView({ root, errorStatus, location, matches }, early, hold));
    // One report per page (location.key changes on every navigation, including to the same URL).
  }, [location.key]);

  return null;
}
