// POST /api/analytics: the default analytics endpoint (spec §3 "Analytics config", §9). Browsers
// post AppHub_ events here with sendBeacon (no custom headers, so it is CSRF-exempt: it only adds
// to anonymous counts). The Worker has already counted the request against the client address's
// allowance (a flood is refused before its body is read); here each body is size-capped and
// validated; we keep counts per event and UTC day, never the properties (docs/decisions/009, 013).
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { LIMITS } from "~/features/analytics/events";
import { analyticsBodySchema, describeProblem, eventsOf } from "~/features/analytics/schema.server";
import { recordCounts } from "~/features/analytics/store.server";
import { browserBucket, insightEventsOf, recordInsights } from "~/features/insights/record.server";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";
import { jsonError } from "~/lib/http.server";
import { readCapped } from "~/lib/read-capped";

/** The body as text, or null past the cap (a missing Content-Length is no way around it). */
async function readBodyText(request: Request, cap: number): Promise<string | null> {
  if (Number(request.headers.get("Content-Length") ?? "0") > cap) return null;
  if (!request.body) return "";
  const bytes = await readCapped(request.body, cap);
  return bytes && new TextDecoder().decode(bytes);
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return jsonError(405, "Use POST.");
  const text = await readBodyText(request, LIMITS.maxBodyBytes);
  if (text === null) return jsonError(413, `The body is larger than ${LIMITS.maxBodyBytes} bytes.`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return jsonError(400, "The body must be JSON: one event {name, props} or {events: [...]}.");
  }
  const parsed = analyticsBodySchema.safeParse(json);
  if (!parsed.success) return jsonError(400, `Invalid analytics event: ${describeProblem(parsed.error)}`);
  const expected = context.config.analytics.key;
  if (expected && parsed.data.key !== expected) return jsonError(403, "Unknown analytics key.");
  const events = eventsOf(parsed.data);
  // Written after the answer, together with the other beacons this isolate receives meanwhile.
  recordCounts(
    context.db,
    events.map((e) => e.name),
    context.waitUntil,
    (error) => context.logger.error("Recording analytics counts failed (kept for the next write)", { error: String(error) }),
  );
  // App page views and searches for the insights pages (docs/decisions/038): through the queue, and
  // only while this browser's consent cookie allows it (checked again here: the beacon carries it).
  recordInsights(context, request, insightEventsOf(events, browserBucket(request)));
  return new Response(null, { status: 204, headers: PRIVATE_HEADERS });
}

export const loader = () => jsonError(405, "POST events here; counts are at /api/analytics/summary.");
