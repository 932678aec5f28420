// Injected failures for tests: a matching fault answers with an error status (optionally with
// Retry-After) or delays the request, for a number of requests or until cleared. Kept in D1 so
// every isolate of `wrangler dev` sees the same faults.
import { z } from "zod";
import { errorResponse } from "./errors.ts";
import type { Ctx } from "./http.ts";
import { json, noContent, parseJsonBody } from "./http.ts";

export const faultSpec = z
  .object({
    method: z
      .string()
      .regex(/^[A-Za-z]+$/)
      .transform((m) => m.toUpperCase())
      .optional(),
    path: z.string().startsWith("/"),
    kind: z.enum(["status", "slow"]),
    status: z.number().int().min(400).max(599).optional(),
    retryAfter: z.number().int().min(0).optional(),
    delayMs: z.number().int().min(0).max(120_000).optional(),
    times: z
      .number()
      .int()
      .min(-1)
      .default(1)
      .refine((n) => n !== 0, "must be positive or -1"),
  })
  .refine((f) => f.kind !== "status" || f.status !== undefined, { message: "status is required for kind status", path: ["status"] })
  .refine((f) => f.kind !== "slow" || f.delayMs !== undefined, { message: "delayMs is required for kind slow", path: ["delayMs"] });
export type FaultSpec = z.input<typeof faultSpec>;

type FaultRow = { id: number; kind: "status" | "slow"; status: number | null; retry_after: number | null; delay_ms: number | null };

export async function addFault(c: Ctx): Promise<Response> {
  const f = await parseJsonBody(c, faultSpec);
  const row = await c.db
    .prepare("INSERT INTO faults (method, path_prefix, kind, status, retry_after, delay_ms, remaining) VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING id")
    .bind(f.method ?? null, f.path, f.kind, f.status ?? null, f.retryAfter ?? null, f.delayMs ?? null, f.times)
    .first<{ id: number }>();
  return json({ id: row!.id, ...f }, 201);
}

export async function clearFaults(c: Ctx): Promise<Response> {
  await c.db.prepare("DELETE FROM faults").run();
  return noContent();
}

/**
 * Consumes the oldest fault matching this request (one atomic UPDATE, so two isolates never use
 * the same single-shot fault) and returns the error to answer with, or null to go on normally.
 */
export async function applyFault(c: Ctx): Promise<Response | null> {
  const fault = await c.db
    .prepare(
      `UPDATE faults SET remaining = CASE WHEN remaining > 0 THEN remaining - 1 ELSE remaining END
       WHERE id = (SELECT id FROM faults WHERE remaining <> 0 AND (method IS NULL OR method = ?1)
                   AND substr(?2, 1, length(path_prefix)) = path_prefix ORDER BY id LIMIT 1)
       RETURNING id, kind, status, retry_after, delay_ms`,
    )
    .bind(c.request.method, c.url.pathname)
    .first<FaultRow>();
  if (!fault) return null;
  if (fault.kind === "slow") {
    await new Promise((resolve) => setTimeout(resolve, fault.delay_ms ?? 0));
    return null;
  }
  const headers: Record<string, string> = fault.retry_after !== null ? { "Retry-After": String(fault.retry_after) } : {};
  return errorResponse(fault.status ?? 500, `Injected fault: ${fault.status} for ${c.request.method} ${c.url.pathname}`, c.trackingId, headers);
}
