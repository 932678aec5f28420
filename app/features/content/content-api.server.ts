// The JSON shapes of the content API (spec §7 /api/content/..., /api/fetch-home-apps,
// /api/fetch-must-try-collection): entries flattened as a CMS serves them, cached with the content
// policy, and "No content was found" (spec §8) as a 404 for a missing or empty entry.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { cacheControl } from "~/lib/cache-policy.server";
import { MESSAGES } from "~/lib/errors";
import { jsonError } from "~/lib/http.server";
import { COLLECTION_CONTENT, isEmptyContent, type ContentEntry, type ContentType } from "~/models/content";

export function contentJson(context: AppLoadContext, payload: unknown): Response {
  return Response.json(payload, { headers: { "Cache-Control": cacheControl("content", context.config) } });
}

/** Spec §8 'No content was found'. Cached like content, so a missing entry does not hit D1 each time. */
export function noContent(context: AppLoadContext): Response {
  // Not found is not stored at the edge (only 200s are), but browsers may keep it briefly.
  return jsonError(404, MESSAGES.noContent, {}, { "Cache-Control": cacheControl("content", context.config) });
}

/** An entry as the API serves it: the body's fields beside key, version and updatedAt. */
export function serialiseEntry(entry: ContentEntry): Record<string, unknown> {
  return { type: entry.type, key: entry.key, version: entry.version, updatedAt: entry.updatedAt, ...entry.body };
}

const isCollection = (type: ContentType): type is keyof typeof COLLECTION_CONTENT => Object.hasOwn(COLLECTION_CONTENT, type);

/**
 * An entry with what clients need beside it: collections get their resolved apps (`items`, in
 * curated order), coming soon its items sorted by title (spec §4).
 */
export async function expandEntry(context: AppLoadContext, entry: ContentEntry): Promise<Record<string, unknown>> {
  const out = serialiseEntry(entry);
  if (isCollection(entry.type)) {
    const body = entry.body as ContentEntry<"hybrid-collection">["body"];
    out.items = await context.catalogue.resolveApps(body.apps);
  } else if (entry.type === "coming-soon") {
    const body = entry.body as ContentEntry<"coming-soon">["body"];
    out.items = [...body.items].sort((a, b) => compareTitles(a.title, b.title));
  }
  return out;
}

export const compareTitles = (a: string, b: string) => a.localeCompare(b, "en", { sensitivity: "base" });

export const hasContent = <T extends ContentType>(entry: ContentEntry<T> | null): entry is ContentEntry<T> => entry !== null && !isEmptyContent(entry.type, entry.body);
