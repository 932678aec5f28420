// Mounted once in app/root.tsx's Layout. Renders nothing; after hydration it loads the tracker (a
// separate chunk) and reports each page: AppHub_pageView, AppHub_query on search results,
// AppHub_appView on detail pages, AppHub_failedPageLoad when an error page shows (spec §2.2) and
// AppHub_categoriesLoadFailed when the category list is empty (spec §2.3). Nothing runs on the
// server, and the tracker sends nothing without consent or with Global Privacy Control on.
import { isRouteErrorResponse, useLocation, useMatches, useRouteError, useRouteLoaderData } from "@remix-run/react";
import { useEffect } from "react";
import type { loader as rootLoader } from "~/root";
import { browserMayTrack } from "./consent";
import { ANALYTICS_DOM_EVENT, type AnalyticsEvent } from "./events";

/** Error routes that render the error page themselves (spec §2.1 INTERNAL_SERVER, TIME_OUT). */
const ERROR_ROUTES: Record<string, number> = { "routes/internal-server": 500, "routes/time-out": 504 };
const LAST_OPTIONS = "apphub_analytics";

/**
 * Window events other features dispatch before the tracker has loaded (a modal shown on mount):
 * held here, from the moment this module runs (before hydration), and handed to the tracker.
 */
const early: Event[] = [];
const hold = (event: Event) => void (early.length < 20 && early.push(event));
if (typeof window !== "undefined") window.addEventListener(ANALYTICS_DOM_EVENT, hold);

type AppData = { app?: { id?: unknown; type?: unknown; name?: unknown } };

export function Analytics() {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const error = useRouteError();
  const location = useLocation();
  const matches = useMatches();

  useEffect(() => {
    // Cheap check first, so visitors without consent never even download the tracker.
    if (!browserMayTrack()) return;
    const path = location.pathname;
    const events: AnalyticsEvent[] = [{ name: "AppHub_pageView", props: { path } }];
    const q = new URLSearchParams(location.search).get("q")?.trim();
    if (path === "/search" && q) events.push({ name: "AppHub_query", props: { query: q.slice(0, 100), path } });
    const detail = matches.find((m) => m.id === "routes/applications.$appId")?.data as AppData | undefined;
    if (detail?.app && typeof detail.app.id === "string" && typeof detail.app.type === "string") {
      events.push({ name: "AppHub_appView", props: { appId: detail.app.id, appType: detail.app.type.toLowerCase(), appName: String(detail.app.name ?? "") } });
    }
    const errorRoute = matches.map((m) => ERROR_ROUTES[m.id]).find(Boolean);
    if (error || errorRoute) {
      const status = isRouteErrorResponse(error) ? error.status : (errorRoute ?? 500);
      events.push({ name: "AppHub_failedPageLoad", props: { status, path } });
    }
    if (root && root.nav.categories.length === 0) events.push({ name: "AppHub_categoriesLoadFailed", props: { path } });

    // The root loader's data is missing on a failed root load: use the options seen last.
    let options = root?.config.analytics;
    try {
      if (options) sessionStorage.setItem(LAST_OPTIONS, JSON.stringify(options));
      else options = JSON.parse(sessionStorage.getItem(LAST_OPTIONS) ?? "null") ?? undefined;
    } catch {
      // Storage disabled.
    }
    const user = root?.user as { userId?: unknown } | null | undefined;
    const userId = typeof user?.userId === "string" ? user.userId : null;
    void import("./tracker").then(async ({ startTracker, trackEvent, onDomEvent }) => {
      await startTracker(options ?? { endpoint: "/api/analytics", key: "" }, userId);
      window.removeEventListener(ANALYTICS_DOM_EVENT, hold);
      early.splice(0).forEach(onDomEvent);
      for (const e of events) trackEvent(e.name, e.props);
    });
    // One report per page (location.key changes on every navigation, including to the same URL).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [location.key]);

  return null;
}
