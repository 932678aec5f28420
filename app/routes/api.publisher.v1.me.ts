// GET /api/publisher/v1/me (issue 16): which publisher the token acts for, and the token itself
// (its name and prefix, never the secret; when it expires, so their systems can renew in time). A
// first call a publisher makes to check their setup.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { requirePublisherToken } from "~/features/publisher-api/auth.server";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";
import { jsonError } from "~/lib/http.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const token = await requirePublisherToken(request, context);
  const publisher = await context.catalogue.publisher(token.publisherSlug);
  if (!publisher) return jsonError(404, `The publisher "${token.publisherSlug}" is no longer in the catalogue.`);
  return Response.json(
    { publisher, token: { name: token.name, prefix: token.prefix, createdAt: token.createdAt, lastUsedAt: token.lastUsedAt, expiresAt: token.expiresAt } },
    { headers: PRIVATE_HEADERS },
  );
}
