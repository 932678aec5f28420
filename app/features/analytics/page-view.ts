// What a page is, for analytics, and whether to report it: loaded by <Analytics /> (./Analytics.tsx)
// after hydration, so neither this nor the consent check (./consent.ts) is first-load JavaScript
// (docs/decisions/052). The tracker itself loads only when the visitor allowed tracking.
// Types only from @remix-run/react: a value import would split React's JSX runtime out of the framework
// chunk (this module is an entry of its own and has no JSX), one more first-load file.
import type { UIMatch } from "@remix-run/react";
import type { SerializeFrom } from "@remix-run/cloudflare";
import type { loader as rootLoader } from "~/root";
import { browserMayTrack } from "./consent";

/** Error routes that render the error page themselves (spec §2.1 INTERNAL_SERVER, TIME_OUT). */
const ERROR_ROUTES: Record<string, number> = { "routes/internal-server": 500, "routes/time-out": 504 };

export type PageViewInput = {
  root: SerializeFrom<typeof rootLoader> | undefined;
  /** The route error's status (500 for a thrown Error), 0 when the page did not fail. */
  errorStatus: number;
  location: { pathname: string; search: string };
  matches: UIMatch[];
};

/**
 * Reports the page when the visitor allows tracking. `early` holds the window events dispatched
 * before the tracker loaded; `hold` is the listener that collected them, removed once the tracker
 * listens itself.
 */
export async function reportPageView({ root, errorStatus, location, matches }: PageViewInput, early: Event[], hold: (event: Event) => void): Promise<void> {
  if (!browserMayTrack()) return;
  // The detail route's data is { page: DetailPage, ... } (app/features/app-detail/detail-page.ts).
  const detail = (matches.find((m) => m.id === "routes/applications.$appId")?.data as { page?: { app?: unknown } } | undefined)?.page;
  const errorRoute = matches.map((m) => ERROR_ROUTES[m.id]).find(Boolean);
  const page = {
    path: location.pathname,
    search: location.search,
    app: detail?.app,
    // The search page's count (routes/_nav.search: { total }), for the insights of issue 28.
    searchResults: (matches.find((m) => m.id === "routes/_nav.search")?.data as { total?: number } | undefined)?.total ?? null,
    failedStatus: errorStatus || (errorRoute ?? 0),
    categoriesEmpty: root ? root.nav.categories.length === 0 : false,
    options: root?.config.analytics,
    user: root?.user,
    // An install the previous request completed (a one-time flash, so only this page has it).
    install: root?.install ?? null,
  };
  const { reportPage } = await import("./tracker");
  window.removeEventListener("apphub:analytics", hold);
  await reportPage(page, early.splice(0));
}
