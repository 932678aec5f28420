// How the banner and modals report to analytics without depending on it: a DOM event on window.
// app/features/analytics/ listens for "apphub:analytics" (ANALYTICS_DOM_EVENT there) and sends
// `detail` — `{ name, ...props }` — as an AppHub_ event (spec §9) when consent allows; with no
// listener nothing happens. Browser-only: never on the server.
import type { AnalyticsEventName } from "~/features/analytics/events";

export const ANALYTICS_EVENT = "apphub:analytics";

export type AnalyticsEventDetail =
  /** Spec §4: clicking the banner tracks a click event with the announcement's version. */
  | { name: "AppHub_bannerClick"; version: string }
  /** Spec §9 modal views: a CMS modal was shown, identified by its metrics_id. */
  | { name: "AppHub_modalView"; metricsId: string };

// Fails to compile if analytics renames or drops one of these events.
type Known<T extends AnalyticsEventName> = T;
export type SentEventNames = Known<AnalyticsEventDetail["name"]>;

export function dispatchAnalytics(detail: AnalyticsEventDetail): void {
  if (typeof window === "undefined") return;
  window.dispatchEvent(new CustomEvent(ANALYTICS_EVENT, { detail }));
}
