// HTTP answers every route shares: the not-found page to throw and the one JSON error shape. Routes and features build their refusals here, never by hand, so a newcomer finds one
// definition of what an error looks like on the wire.
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { loadOverlays } from "~/features/announcement/overlays.server";
import { CACHE_CONTROL } from "./cache-policy.server";

/**
 * Spec §2.1: "On a not-found route the client loads the announcement, the modal entries and all
 * categories". A page loader that finds nothing throws this: a 404 whose data carries the overlays
 * for the root error boundary (ErrorOverlays.tsx); the categories come with the root loader.
 *
 *     if (!category) throw await notFound(request, context);
 */
export async function notFound(request: Request, context: AppLoadContext) {
  return data({ overlays: await loadOverlays(request, context) }, { status: 404 });
}

/** The one JSON error body: `message` for people, beside any fields the endpoint documents. */
export type JsonErrorBody = { message: string } & Record<string, unknown>;

/**
 * The one JSON error shape (the /api routes, the webhook endpoints, analytics, the 429 answer):
 * `{message, ...extra}` with `status`. Nobody stores it (`private, no-store`) unless `headers`
 * carries another Cache-Control (a cached 404, the webhook endpoints' `no-store`); other headers
 * (Allow, Retry-After, Set-Cookie) go along as given.
 */
export function jsonError(status: number, message: string, extra: Record<string, unknown> = {}, headers?: HeadersInit): Response {
  const h = new Headers(headers);
  if (!h.has("Cache-Control")) h.set("Cache-Control", CACHE_CONTROL.private);
  const body: JsonErrorBody = { message, ...extra };
  return Response.json(body, { status, headers: h });
}

/** A 400 naming what was wrong; throw it from a parser (resource routes answer a thrown Response as is). */
export const badRequest = (message: string): Response => jsonError(400, message);
