// GET /api/content/{type} (spec §7): /api/content/home, /coming-soon, /announcement, /app-hub-modal,
// /getting-started-collection, /contact-center-collection, /hybrid-collection (…) answer
// `{ entries }`; /api/content/security-integrations answers the providers as `{ items }`.
// Every content type is served; an unknown type or no entry with content is a 404.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { contentJson, expandEntry, hasContent, noContent } from "~/features/content/content-api.server";
import { isContentType } from "~/models/content";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const type = params.type ?? "";
  if (!isContentType(type)) return noContent(context);
  if (type === "security-integrations") {
    const entry = await context.catalogue.content(type);
    if (!hasContent(entry)) return noContent(context);
    return contentJson(context, { items: entry.body.items });
  }
  const entries = (await context.catalogue.contentEntries(type)).filter(hasContent);
  if (entries.length === 0) return noContent(context);
  return contentJson(context, { entries: await Promise.all(entries.map((entry) => expandEntry(context, entry))) });
}
