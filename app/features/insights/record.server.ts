// The producer side of insights (docs/decisions/038): events go to the INSIGHTS_QUEUE (Cloudflare
// Queues), never straight to D1, so a burst of traffic becomes a few batched upserts. Two sources,
// one consent rule (spec §9, docs/decisions/009): the performance-consent cookie says "true" and
// the browser sends no Global Privacy Control (Sec-GPC: 1).
// - the browser's analytics beacons (/api/analytics): app page views, searches and the result opened;
// - the server's actions: an add or a connect started and done, a follow and an unfollow.
// Sending never delays or fails the answer: it runs in waitUntil and a failure is only logged.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { mayTrack, readConsent } from "~/features/analytics/consent";
import type { AnalyticsEvent } from "~/features/analytics/events";
import { clientKey } from "~/lib/rate-limit.server";
import { BROWSER_BUCKETS, normaliseQuery, utcDay, type InsightEvent, type InsightsMessage } from "./events";

export { BROWSER_BUCKETS };

/**
 * Which of BROWSER_BUCKETS buckets a request's browser falls in: a hash of its address (an IPv6
 * client by its /64, as the rate limits count it), cut to under 6 bits. Not of the user agent: the
 * sender chooses it, so five made-up agents from one address would pass the floor alone (issue 40,
 * third review); people behind one address count as one, which hides more, never less. The search
 * floor counts distinct browsers with it (issue 40 item 8; docs/decisions/038) without storing
 * anything that names one: no cookie or id is added (the beacon sends none for anonymous visitors),
 * the address never leaves this function, and a bucket holds about 1/48 of all browsers. The same
 * browser is in the same bucket every day, so a window's buckets count browsers, not browser-days.
 */
export function browserBucket(request: Request): number {
  const text = `apphub-insights-browser\n${clientKey(request)}`;
  // FNV-1a (32 bits): synchronous and evenly spread; a bucket of 48 needs no secrecy.
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash % BROWSER_BUCKETS;
}

/** The consent rules of spec §9, read on the server from the request's cookie and Sec-GPC header. */
export function requestMayTrack(request: Request): boolean {
  const https = new URL(request.url).protocol === "https:";
  return mayTrack(readConsent(request.headers.get("Cookie") ?? "", https), request.headers.get("Sec-GPC") === "1");
}

const text = (v: unknown) => (typeof v === "string" ? v : "");

/**
 * The insight events among a beacon's analytics events: AppHub_appView (a view, and a search's
 * result opened when it carries `searchQuery`) and AppHub_query (a search with its `results`, and
 * the browser's bucket: `browserBucket(request)`).
 * Everything else in a beacon (user id hash, UTM, paths) is left behind here.
 */
export function insightEventsOf(events: readonly AnalyticsEvent[], browser?: number): InsightEvent[] {
  const out: InsightEvent[] = [];
  for (const e of events) {
    const props = e.props ?? {};
    if (e.name === "AppHub_appView") {
      const app = text(props.appId).slice(0, 200);
      if (!app) continue;
      out.push({ kind: "views", app });
      const query = normaliseQuery(text(props.searchQuery));
      if (query) out.push({ kind: "search_opens", app, query });
    } else if (e.name === "AppHub_query") {
      const query = normaliseQuery(text(props.query));
      const results = typeof props.results === "number" && Number.isInteger(props.results) && props.results >= 0 ? props.results : null;
      if (query && results !== null) out.push({ kind: "search", query, results, ...(browser === undefined ? {} : { browser }) });
    }
  }
  return out;
}

/** Sends the events (after the answer) when the request's consent allows; else drops them. */
export function recordInsights(context: AppLoadContext, request: Request, events: readonly InsightEvent[], now = new Date()): void {
  if (events.length === 0 || !requestMayTrack(request)) return;
  const queue = context.env.INSIGHTS_QUEUE as Queue<InsightsMessage> | undefined;
  if (!queue) return;
  const message: InsightsMessage = { v: 1, day: utcDay(now), events: [...events] };
  context.waitUntil(
    queue.send(message, { contentType: "json" }).catch((error: unknown) => context.logger.warn("Sending insight events failed (they are not counted)", { error: String(error) })),
  );
}

/** One event about one app, from a server action. */
export const recordAppInsight = (context: AppLoadContext, request: Request, kind: Exclude<InsightEvent["kind"], "search">, app: string) =>
  recordInsights(context, request, [{ kind, app }]);
