// Answers of the /api/hooks/* endpoints (incoming URLs, platform deliveries): their callers are
// scripts and the platform, so every answer is JSON (the one error shape on refusal) and never
// cached (CACHE_CONTROL.noStore: machines' answers).
import { CACHE_CONTROL } from "~/lib/cache-policy.server";
import { jsonError } from "~/lib/http.server";

export const hookReply = (status: number, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  Response.json(body, { status, headers: { "Cache-Control": CACHE_CONTROL.noStore, ...headers } });

export const hookError = (status: number, message: string, headers: Record<string, string> = {}) =>
  jsonError(status, message, {}, { "Cache-Control": CACHE_CONTROL.noStore, ...headers });
