// How the banner and modals report to analytics without depending on it: a DOM event on window.
// app/features/analytics/ listens for "apphub:analytics" and sends `detail` as an AppHub_ event
// (spec §9) when consent allows; with no listener nothing happens. Browser-only: never on the server.
//
//   window.addEventListener(ANALYTICS_EVENT, (e) => track((e as CustomEvent<AnalyticsEventDetail>).detail));

export const ANALYTICS_EVENT = "apphub:analytics";

export type AnalyticsEventDetail =
  /** Spec §4: clicking the banner tracks a click event with the announcement's version. */
  | { name: "AppHub_Announcement_Click"; version: string }
  /** Spec §9 modal views: a CMS modal was shown, identified by its metrics_id. */
  | { name: "AppHub_Modal_View"; metricsId: string };

export function dispatchAnalytics(detail: AnalyticsEventDetail): void {
  if (typeof window === "undefined") return;
  window.dispatchEvent(new CustomEvent(ANALYTICS_EVENT, { detail }));
}
