// The AppHub_ analytics events (spec §9, §2.2, §2.3, §8). Shared by the browser tracker and the
// /api/analytics sink; plain data only, so the browser bundle stays tiny (no zod here).
export const ANALYTICS_EVENTS = [
  "AppHub_pageView",
  "AppHub_query",
  "AppHub_appView",
  "AppHub_login",
  "AppHub_install",
  "AppHub_externalLinkClick",
  "AppHub_modalView",
  "AppHub_bannerClick",
  "AppHub_failedPageLoad",
  "AppHub_categoriesLoadFailed",
] as const;

export type AnalyticsEventName = (typeof ANALYTICS_EVENTS)[number];
export type AnalyticsProps = Record<string, string | number | boolean>;
export type AnalyticsEvent = { name: AnalyticsEventName; props?: AnalyticsProps };

export const isAnalyticsEventName = (name: unknown): name is AnalyticsEventName => typeof name === "string" && (ANALYTICS_EVENTS as readonly string[]).includes(name);

/** The window event other features dispatch: `detail` is `{ name, ...props }` (banner clicks, modal views). */
export const ANALYTICS_DOM_EVENT = "apphub:analytics";

/** Limits the sink enforces; the tracker trims to them so honest events are never refused. */
export const LIMITS = { maxEvents: 20, maxBodyBytes: 16_384, maxProps: 24, maxKeyLength: 40, maxStringLength: 300 } as const;

/**
 * An install the server completed (spec §9 "installs": a bot added, an integration connected, a
 * webhook created), carried by the flash to the next page, which reports it once with trackInstall.
 */
export type InstallEvent = {
  /**
   * Names this one install, so the browser reports it once: the root loader's data can outlive its
   * page (a navigation that does not reload the root keeps it).
   */
  id: string;
  appId: string;
  appType: string;
  appName: string;
  via: "space" | "direct" | "connect" | "webhook";
};
