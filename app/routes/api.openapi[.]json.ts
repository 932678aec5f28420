// GET /api/openapi.json (issue 16): the OpenAPI 3.1 document of the public API, built from the
// routes' own zod schemas (app/features/openapi). Public and the same for everyone: cached like the
// catalogue's answers, at the edge too (app/lib/cacheable-routes.ts); the Worker adds the ETag.
// The document's module (every answer schema, zod-to-json-schema) is imported on the first request,
// not at the isolate's start-up (docs/decisions/036).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { cacheControl } from "~/lib/cache-policy.server";

export async function loader({ context }: LoaderFunctionArgs) {
  const { openApiDocument } = await import("~/features/openapi/document.server");
  return Response.json(openApiDocument(context.config.url), { headers: { "Cache-Control": cacheControl("catalogue", context.config) } });
}
