// The browser side of analytics, loaded by <Analytics /> only after hydration (its own small chunk,
// outside the first-load JavaScript). Every send re-checks consent and Global Privacy Control.
// Events go out in small batches with navigator.sendBeacon (a JSON Blob; it survives leaving the
// page), falling back to fetch(..., { keepalive: true }).
import { browserMayTrack } from "./consent";
import { ANALYTICS_DOM_EVENT, isAnalyticsEventName, LIMITS, type AnalyticsEvent, type AnalyticsEventName, type AnalyticsProps, type InstallEvent } from "./events";
import { trackInstall } from "./track";
import { captureUtm, type Utm } from "./utm";

const UTM_KEY = "apphub_utm";
const OPTIONS_KEY = "apphub_analytics";
const USER_KEY = "apphub_user";
/** The search this browser tab showed last, for the page opened from its results (insights: docs/decisions/038). */
const SEARCH_KEY = "apphub_search";

export type TrackerOptions = { endpoint: string; key: string };

let options: TrackerOptions = { endpoint: "/api/analytics", key: "" };
let common: AnalyticsProps = {};
let queue: AnalyticsEvent[] = [];
let scheduled = false;
let started = false;

const session = {
  get: (k: string) => {
    try {
      return sessionStorage.getItem(k);
    } catch {
      return null;
    }
  },
  set: (k: string, v: string | null) => {
    try {
      if (v === null) sessionStorage.removeItem(k);
      else sessionStorage.setItem(k, v);
    } catch {
      // Storage disabled: the visit's UTM and login state are just not remembered.
    }
  },
};

/** Only flat string/number/boolean values under sane names, trimmed to the sink's limits. */
export function cleanProps(input: Record<string, unknown>): AnalyticsProps {
  const out: AnalyticsProps = {};
  for (const [k, v] of Object.entries(input)) {
    if (Object.keys(out).length >= LIMITS.maxProps) break;
    if (k === "name" || !/^[A-Za-z][A-Za-z0-9_]{0,39}$/.test(k)) continue;
    if (typeof v === "string") out[k] = v.slice(0, LIMITS.maxStringLength);
    else if ((typeof v === "number" && Number.isFinite(v)) || typeof v === "boolean") out[k] = v;
  }
  return out;
}

function transmit(events: AnalyticsEvent[]): void {
  const body = JSON.stringify({ key: options.key || undefined, events });
  try {
    if (navigator.sendBeacon?.(options.endpoint, new Blob([body], { type: "application/json" }))) return;
  } catch {
    // Some browsers refuse non-form Blob types in sendBeacon: fall through to fetch.
  }
  void fetch(options.endpoint, { method: "POST", body, keepalive: true, credentials: "same-origin", headers: { "Content-Type": "application/json" } }).catch(() => {});
}

function flush(): void {
  scheduled = false;
  const events = queue;
  queue = [];
  // Consent is checked when sending: a choice made while the page is open counts at once.
  if (!browserMayTrack()) return;
  for (let i = 0; i < events.length; i += LIMITS.maxEvents) transmit(events.slice(i, i + LIMITS.maxEvents));
}

/** Queues an event; everything queued in the same task goes out in one request. */
export function trackEvent(name: AnalyticsEventName, props: AnalyticsProps = {}): void {
  if (typeof window === "undefined" || !browserMayTrack()) return;
  queue.push({ name, props: cleanProps({ ...common, ...props }) });
  if (!scheduled) {
    scheduled = true;
    setTimeout(flush, 0);
  }
}

/** A pseudonymous id: SHA-256 of the user id (spec §6 "user id goes into analytics"; docs/decisions/009). */
async function hashId(id: string): Promise<string | null> {
  try {
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`apphub:${id}`));
    return [...new Uint8Array(digest)]
      .map((b) => b.toString(16).padStart(2, "0"))
      .join("")
      .slice(0, 32);
  } catch {
    return null;
  }
}

function onExternalClick(event: MouseEvent): void {
  const link = (event.target as Element | null)?.closest?.("a[href]");
  if (!(link instanceof HTMLAnchorElement)) return;
  let url: URL;
  try {
    url = new URL(link.href, location.href);
  } catch {
    return;
  }
  if ((url.protocol === "http:" || url.protocol === "https:") && url.origin !== location.origin) {
    // Origin and path only: a query string can hold anything.
    trackEvent("AppHub_externalLinkClick", { url: url.origin + url.pathname, path: location.pathname });
  }
}

function onDomEvent(event: Event): void {
  const detail = (event as CustomEvent<unknown>).detail;
  if (!detail || typeof detail !== "object") return;
  const { name, ...props } = detail as Record<string, unknown>;
  if (isAnalyticsEventName(name)) trackEvent(name, cleanProps(props));
}

/**
 * Sets the endpoint, key and per-visit context (UTM, hashed user id), and installs the listeners
 * once. Also reports AppHub_login when a user shows up who was not there earlier in the session.
 */
export async function startTracker(opts: TrackerOptions, userId: string | null): Promise<void> {
  options = opts;
  let utm = session.get(UTM_KEY);
  if (utm === null) {
    utm = JSON.stringify(captureUtm(location.href, document.referrer));
    session.set(UTM_KEY, utm);
  }
  const hashed = userId ? await hashId(userId) : null;
  common = { ...(JSON.parse(utm) as Utm), ...(hashed ? { userId: hashed } : {}) };
  if (!started) {
    started = true;
    document.addEventListener("click", onExternalClick, { capture: true });
    window.addEventListener(ANALYTICS_DOM_EVENT, onDomEvent);
  }
  // A login is a full page load (the OAuth redirect): a session that saw no user before and has one
  // now has just logged in. (A new tab of an old login starts a new session and counts once too.)
  const before = session.get(USER_KEY);
  session.set(USER_KEY, userId ? "1" : null);
  if (userId && before === null) trackEvent("AppHub_login");
}

/** What <Analytics /> knows about the page it is on. */
export type PageInfo = {
  path: string;
  search: string;
  /** The detail route's app, when this is a detail page. */
  app: unknown;
  /** How many apps the search page found, when this is one (AppHub_query's `results`). */
  searchResults?: number | null;
  /** The error page's status, 0 when the page did not fail. */
  failedStatus: number;
  categoriesEmpty: boolean;
  /** Missing when the root loader failed: the options seen last in this session are used. */
  options: TrackerOptions | undefined;
  user: unknown;
  /** An install the server completed just before this page (carried by the flash), or null. */
  install: InstallEvent | null;
};

/** Installs already reported by this document (the root's data can stay while pages change). */
const reportedInstalls = new Set<string>();

/** Reports one page: its events, then any window events held before the tracker loaded. */
export async function reportPage(page: PageInfo, early: Event[]): Promise<void> {
  let options = page.options;
  if (options) session.set(OPTIONS_KEY, JSON.stringify(options));
  else {
    try {
      options = JSON.parse(session.get(OPTIONS_KEY) ?? "null") ?? undefined;
    } catch {
      options = undefined;
    }
  }
  // Spec §6: the user id goes into analytics. The root loader's user carries it as userId when set.
  const userId = (page.user as { userId?: unknown } | null | undefined)?.userId;
  await startTracker(options ?? { endpoint: "/api/analytics", key: "" }, typeof userId === "string" ? userId : null);
  const { path } = page;
  trackEvent("AppHub_pageView", { path });
  // The page before this one was a search's results: this page was opened from them.
  const fromSearch = session.get(SEARCH_KEY);
  session.set(SEARCH_KEY, null);
  const q = new URLSearchParams(page.search).get("q")?.trim();
  if (path === "/search" && q) {
    const props: AnalyticsProps = { query: q.slice(0, 100), path };
    if (typeof page.searchResults === "number") props.results = page.searchResults;
    trackEvent("AppHub_query", props);
    session.set(SEARCH_KEY, q.slice(0, 100));
  }
  const app = page.app as { id?: unknown; type?: unknown; name?: unknown } | undefined;
  if (app && typeof app.id === "string" && typeof app.type === "string") {
    // Spec §3: the app type is lowercased for analytics.
    trackEvent("AppHub_appView", { appId: app.id, appType: app.type.toLowerCase(), appName: String(app.name ?? ""), ...(fromSearch ? { searchQuery: fromSearch } : {}) });
  }
  if (page.install && !reportedInstalls.has(page.install.id)) {
    reportedInstalls.add(page.install.id);
    const { appId, appType, appName, via } = page.install;
    // Through trackInstall (a window event the tracker's listener takes), as other features send it.
    trackInstall({ id: appId, type: appType, name: appName }, { via, path });
  }
  if (page.failedStatus) trackEvent("AppHub_failedPageLoad", { status: page.failedStatus, path });
  if (page.categoriesEmpty) trackEvent("AppHub_categoriesLoadFailed", { path });
  early.forEach(onDomEvent);
}
