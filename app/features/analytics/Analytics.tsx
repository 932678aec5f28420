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

/** Error routes that render the error page themselves (spec §2.1 INTERNAL_SERVER, TIME_OUT). */
const ERROR_ROUTES: Record<string, number> = { "routes/internal-server": 500, "routes/time-out": 504 };

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
  const location = useLocation();
  const matches = useMatches();

  // biome-ignore lint/correctness/useExhaustiveDependencies: one report per page, keyed by location.key alone
  useEffect(() => {
    // The detail route's data is { page: DetailPage, ... } (app/features/app-detail/detail-page.ts).
    const detail = (matches.find((m) => m.id === "routes/applications.$appId")?.data as { page?: { app?: unknown } } | undefined)?.page;
    const errorRoute = matches.map((m) => ERROR_ROUTES[m.id]).find(Boolean);
    const page = {
      path: location.pathname,
      search: location.search,
      app: detail?.app,
      // The search page's count (routes/_nav.search: { total }), for the insights of issue 28.
      searchResults: (matches.find((m) => m.id === "routes/_nav.search")?.data as { total?: number } | undefined)?.total ?? null,
      failedStatus: error ? (isRouteErrorResponse(error) ? error.status : 500) : (errorRoute ?? 0),
      categoriesEmpty: root ? root.nav.categories.length === 0 : false,
      options: root?.config.analytics,
      user: root?.user,
      // An install the previous request completed (a one-time flash, so only this page has it).
      install: root?.install ?? null,
    };
    // The consent check's code loads after hydration too; the tracker only when it allows tracking.
    void import("./consent").then(({ browserMayTrack }) => {
      if (!browserMayTrack()) return;
      return import("./tracker").then(({ reportPage }) => {
        window.removeEventListener("apphub:analytics", hold);
        return reportPage(page, early.splice(0));
      });
    });
    // One report per page (location.key changes on every navigation, including to the same URL).
  }, [location.key]);

  return null;
}
