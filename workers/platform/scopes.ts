// Which scope each API call needs: ONE table, read by index.ts for every /v1 route (a route with no
// row here fails at startup) and copied into docs/platform-api.md ("Scopes per call"). The platform
// refuses a call whose token lacks the scope (403), whatever the call; before issue 27 only
// /authorizations checked, so a hub asking for too few scopes passed every test here and failed
// against the real platform.
import { ApiError } from "./errors.ts";

/**
 * A route's rule: the token must hold one of `anyOf` (an empty list: any valid token), or, for
 * `webhookResource`, the read scope of the resource the body names (the platform's webhooks guide:
 * message notifications need spark:messages_read, membership ones spark:memberships_read).
 */
export type ScopeRule = { anyOf: readonly string[] } | { webhookResource: true };

const need = (...anyOf: string[]): ScopeRule => ({ anyOf });

export const ROUTE_SCOPES: Readonly<Record<string, ScopeRule>> = {
  "GET /v1/people/me": need("spark:people_read"),
  "GET /v1/people/:id": need("spark:people_read"),
  "GET /v1/rooms": need("spark:rooms_read"),
  "GET /v1/rooms/:id": need("spark:rooms_read"),
  "GET /v1/memberships": need("spark:memberships_read"),
  "POST /v1/memberships": need("spark:memberships_write"),
  "GET /v1/memberships/:id": need("spark:memberships_read"),
  "DELETE /v1/memberships/:id": need("spark:memberships_write"),
  "GET /v1/messages": need("spark:messages_read"),
  "POST /v1/messages": need("spark:messages_write"),
  "GET /v1/messages/:id": need("spark:messages_read"),
  // Webhooks are the caller's own: listing and changing them needs only a valid token; creating
  // one needs the read scope of what it will deliver.
  "GET /v1/webhooks": need(),
  "POST /v1/webhooks": { webhookResource: true },
  "GET /v1/webhooks/:id": need(),
  "PUT /v1/webhooks/:id": need(),
  "DELETE /v1/webhooks/:id": need(),
  // An admin API (authorizations.ts adds the administrator check).
  "GET /v1/authorizations": need("identity:tokens_read"),
  "DELETE /v1/authorizations": need("identity:tokens_write"),
  "DELETE /v1/authorizations/:id": need("identity:tokens_write"),
};

/** The read scope(s) a webhook of each resource needs ("all" needs every one of them). */
export const WEBHOOK_RESOURCE_SCOPES: Readonly<Record<string, readonly string[]>> = {
  messages: ["spark:messages_read"],
  memberships: ["spark:memberships_read"],
  rooms: ["spark:rooms_read"],
  attachmentActions: ["spark:messages_read"],
  all: ["spark:messages_read", "spark:memberships_read", "spark:rooms_read"],
};

/** Whether a token's scopes cover `scope`: `spark:all` stands for every `spark:` scope (bots hold it). */
export function holds(tokenScopes: readonly string[], scope: string): boolean {
  return tokenScopes.includes(scope) || (scope.startsWith("spark:") && tokenScopes.includes("spark:all"));
}

export function missingScope(scope: string, call: string): ApiError {
  return new ApiError(403, `The access token lacks the ${scope} scope needed for ${call}.`);
}

/** 403 unless the token holds one of `anyOf` (nothing to check for an empty list). */
export function requireAnyScope(tokenScopes: readonly string[], anyOf: readonly string[], call: string): void {
  if (anyOf.length && !anyOf.some((scope) => holds(tokenScopes, scope))) throw missingScope(anyOf[0]!, call);
}

/** 403 unless the token may create a webhook of this resource. */
export function requireWebhookResourceScopes(tokenScopes: readonly string[], resource: string): void {
  for (const scope of WEBHOOK_RESOURCE_SCOPES[resource] ?? []) {
    if (!holds(tokenScopes, scope)) throw missingScope(scope, `${resource} webhooks`);
  }
}

/** The route's rule; throws (at module load in index.ts) for a route the table forgot. */
export function ruleFor(method: string, path: string): ScopeRule {
  const rule = ROUTE_SCOPES[`${method} ${path}`];
  if (!rule) throw new Error(`workers/platform/scopes.ts has no scope rule for ${method} ${path}`);
  return rule;
}
