// Who is calling the publisher API (issue 16): `Authorization: Bearer <token>`, a live publisher
// token (./tokens.server.ts). Every refusal is a JSON 401 that says why, with the WWW-Authenticate
// header RFC 6750 asks for; cookies play no part (the API is for publishers' own systems).
import type { AppLoadContext } from "@remix-run/cloudflare";
import { jsonError } from "~/lib/http.server";
import { findLiveToken, touchToken, type PublisherToken } from "./tokens.server";

const challenge = (error?: string) => ({
  "WWW-Authenticate": error ? `Bearer realm="publisher-api", error="${error}"` : 'Bearer realm="publisher-api"',
  "Cache-Control": "no-store",
});

export async function requirePublisherToken(request: Request, context: AppLoadContext): Promise<PublisherToken> {
  const header = request.headers.get("Authorization");
  if (!header) {
    throw jsonError(401, "Send your publisher API token as Authorization: Bearer <token>. A hub admin creates tokens.", {}, challenge());
  }
  const match = /^Bearer +(\S+)$/i.exec(header.trim());
  if (!match) throw jsonError(401, "The Authorization header must be Bearer <token>.", {}, challenge("invalid_request"));
  const token = await findLiveToken(context.db, match[1]!);
  if (!token) throw jsonError(401, "This token is not valid: it is unknown, mistyped or revoked.", {}, challenge("invalid_token"));
  context.waitUntil(touchToken(context.db, token).catch(() => undefined));
  return token;
}
