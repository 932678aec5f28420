// GET /api/content/{a}/{b} (spec §7): one CMS entry by type and key, e.g.
// /api/content/security-integrations/main (the CASB page's entry) or /api/content/app-hub-modal/{modal_id}.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { contentJson, expandEntry, hasContent, noContent } from "~/features/content/content-api.server";
import { isContentType } from "~/models/content";

export async function loader({ params, context }: LoaderFunctionArgs) {
  const type = params.type ?? "";
  if (!isContentType(type)) return noContent(context);
  const entry = await context.catalogue.contentEntry(type, params.key ?? "");
  if (!hasContent(entry)) return noContent(context);
  return contentJson(context, await expandEntry(context, entry));
}
