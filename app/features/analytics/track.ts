// For other features: report an analytics event from anywhere in the browser. It goes through the
// same window event as the banner and modal events, so consent and GPC gating apply to it too, and
// it costs nothing before the tracker has loaded (no import of the tracker itself).
import { ANALYTICS_DOM_EVENT, type AnalyticsEventName, type AnalyticsProps } from "./events";

export function track(name: AnalyticsEventName, props: AnalyticsProps = {}): void {
  if (typeof window === "undefined") return;
  window.dispatchEvent(new CustomEvent(ANALYTICS_DOM_EVENT, { detail: { ...props, name } }));
}

/**
 * AppHub_install (spec §9 "installs"): call when a person has added an app (bot to a space,
 * integration connected, ...). The app type is lowercased as spec §3 asks.
 */
export function trackInstall(app: { id: string; type: string; name?: string }, props: AnalyticsProps = {}): void {
  track("AppHub_install", { ...props, appId: app.id, appType: app.type.toLowerCase(), ...(app.name ? { appName: app.name } : {}) });
}
