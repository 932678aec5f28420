// GET /api/openapi.json (issue 16): the OpenAPI 3.1 document of the public API, built from the
// routes' own zod schemas (app/features/openapi). Public and the same for everyone: cached like the
// catalogue's answers, at the edge too (app/lib/cacheable-routes.ts); the Worker adds the ETag.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { openApiDocument } from "~/features/openapi/document.server";
import { cacheControl } from "~/lib/cache-policy.server";

export function loader({ context }: LoaderFunctionArgs) {
  return Response.json(openApiDocument(context.config.url), { headers: { "Cache-Control": cacheControl("catalogue", context.config) } });
}
