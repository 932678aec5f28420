// POST /api/analytics: the default analytics endpoint (spec §3 "Analytics config", §9). Browsers
// post AppHub_ events here with sendBeacon (no custom headers, so it is CSRF-exempt: it only adds
// to anonymous counts). Each request is size-capped and validated; we keep counts per event and
// UTC day, never the properties (docs/decisions/009).
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { LIMITS } from "~/features/analytics/events";
import { analyticsBodySchema, describeProblem, eventsOf } from "~/features/analytics/schema.server";
import { recordCounts } from "~/features/analytics/store.server";

const NO_STORE = { "Cache-Control": "private, no-store" };
const problem = (status: number, message: string) => Response.json({ message }, { status, headers: NO_STORE });

/** The body as text, refusing it as soon as it passes the cap (a missing Content-Length is no way around it). */
async function readCapped(request: Request, cap: number): Promise<string | null> {
  const declared = Number(request.headers.get("Content-Length") ?? "0");
  if (declared > cap) return null;
  if (!request.body) return "";
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > cap) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let at = 0;
  for (const c of chunks) {
    bytes.set(c, at);
    at += c.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

export async function action({ request, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return problem(405, "Use POST.");
  const text = await readCapped(request, LIMITS.maxBodyBytes);
  if (text === null) return problem(413, `The body is larger than ${LIMITS.maxBodyBytes} bytes.`);
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return problem(400, "The body must be JSON: one event {name, props} or {events: [...]}.");
  }
  const parsed = analyticsBodySchema.safeParse(json);
  if (!parsed.success) return problem(400, `Invalid analytics event: ${describeProblem(parsed.error)}`);
  const expected = context.config.analytics.key;
  if (expected && parsed.data.key !== expected) return problem(403, "Unknown analytics key.");
  const events = eventsOf(parsed.data);
  await recordCounts(context.env.DB, events.map((e) => e.name));
  return new Response(null, { status: 204, headers: NO_STORE });
}

export const loader = () => problem(405, "POST events here; counts are at /api/analytics/summary.");
