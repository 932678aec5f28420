// Who is calling the publisher API (issue 16): `Authorization: Bearer <token>`, a live publisher
// token (./tokens.server.ts). Every refusal is a JSON 401 that says why, with the WWW-Authenticate
// header RFC 6750 asks for; cookies play no part (the API is for publishers' own systems). A revoked
// or expired token is told so, with the date (issue 40 item 2): only someone holding the secret can
// learn it, and it tells them to get a new token rather than to hunt for a typo.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { formatDate } from "~/lib/format-date";
import { jsonError } from "~/lib/http.server";
import { expiryOf, findToken, isExpired, touchToken, type PublisherToken } from "./tokens.server";

const RENEW = "Ask a member of the publisher or a hub admin for a new one.";

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
  const token = await findToken(context.db, match[1]!);
  if (!token) throw jsonError(401, "This token is not valid: it is unknown or mistyped.", {}, challenge("invalid_token"));
  if (token.revokedAt) throw jsonError(401, `This token was revoked on ${formatDate(token.revokedAt)}. ${RENEW}`, {}, challenge("invalid_token"));
  // A member's token whose member has left: revoked in substance even if no row says so yet.
  if (token.memberGone) throw jsonError(401, `This token was revoked: the member who made it left the publisher. ${RENEW}`, {}, challenge("invalid_token"));
  if (isExpired(token)) throw jsonError(401, `This token expired on ${formatDate(expiryOf(token))}. ${RENEW}`, {}, challenge("invalid_token"));
  const { memberGone: _, ...live } = token;
  context.waitUntil(touchToken(context.db, live).catch(() => undefined));
  return live;
}
