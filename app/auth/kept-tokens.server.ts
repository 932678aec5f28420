// A person's platform tokens for App Hub, kept sealed in D1 so the hub can ask the platform about
// them while they are away: a webhook owner's grant (docs/decisions/010 "Standing"), an organisation
// admin's role before a request reaches them (docs/decisions/035, 047).
// AES-256-GCM with a key derived (HKDF-SHA-256) from a session secret and the purpose (each table's
// own key); the person's id is the additional data, so a sealed value copied to another person's row
// does not open. The first of SESSION_SECRETS seals; every one of them opens, so rotating the secrets
// keeps stored values readable until the next seal.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { tokensFrom, type Tokens } from "~/auth/session.server";
import { PlatformError } from "~/platform/client.server";
import type { Person } from "~/platform/schemas";
import { base64url, fromBase64url } from "~/lib/random-token.server";

const PREFIX = "v1";
/** What the tokens are kept for: each purpose seals with a key of its own. */
export type KeptFor = "webhook-owner-tokens" | "org-admin-tokens";
const INFO = new TextEncoder().encode("AES-GCM key v1");

async function keyFor(secret: string, purpose: KeptFor): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), "HKDF", false, ["deriveKey"]);
  const salt = new TextEncoder().encode(`apphub/${purpose}`);
  return crypto.subtle.deriveKey({ name: "HKDF", hash: "SHA-256", salt, info: INFO }, base, { name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
}

/** `v1.<iv>.<ciphertext>` (base64url), bound to `owner` and `purpose`. */
export async function seal(secrets: readonly string[], purpose: KeptFor, owner: string, plaintext: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await keyFor(secrets[0]!, purpose);
  const data = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: new TextEncoder().encode(owner) }, key, new TextEncoder().encode(plaintext)));
  return `${PREFIX}.${base64url(iv)}.${base64url(data)}`;
}

/** The plaintext, or null when no secret opens it (tampered, another owner's or purpose's, a retired secret). */
export async function unseal(secrets: readonly string[], purpose: KeptFor, owner: string, sealed: string): Promise<string | null> {
  const [prefix, iv, data] = sealed.split(".");
  if (prefix !== PREFIX || !iv || !data) return null;
  for (const secret of secrets) {
    try {
      const plain = await crypto.subtle.decrypt(
        { name: "AES-GCM", iv: fromBase64url(iv), additionalData: new TextEncoder().encode(owner) },
        await keyFor(secret, purpose),
        fromBase64url(data),
      );
      return new TextDecoder().decode(plain);
    } catch {
      // Not this secret: try the next.
    }
  }
  return null;
}

/** Refresh the access token when it has less than this left. */
const ACCESS_MARGIN_MS = 60_000;

/**
 * What the platform says of a person whose tokens are kept: `person` (people/me answered),
 * `revoked` (the refresh was refused: the grant is gone or lapsed), or `unknown` (time-outs, 5xx,
 * 429, our own client refused: nothing learned). `tokens` is set when they were refreshed: store
 * them, the old refresh token may be spent.
 */
export type KeptPerson = { outcome: "person"; person: Person; tokens?: Tokens } | { outcome: "revoked" } | { outcome: "unknown"; tokens?: Tokens };

/** people/me with kept tokens, refreshing them first when the access token is (nearly) spent or refused. */
export async function meWithKeptTokens(context: Pick<AppLoadContext, "platform" | "config">, trackingSession: string, tokens: Tokens, nowMs = Date.now()): Promise<KeptPerson> {
  const me = async (accessToken: string): Promise<Person | "refused" | "unknown"> => {
    try {
      return await context.platform.withServiceToken(trackingSession, accessToken).getMe();
    } catch (error) {
      return error instanceof PlatformError && error.kind === "http" && error.status === 401 ? "refused" : "unknown";
    }
  };
  if (tokens.refreshExpiresAt <= nowMs) return { outcome: "revoked" };
  if (tokens.accessExpiresAt - nowMs > ACCESS_MARGIN_MS) {
    const person = await me(tokens.accessToken);
    if (typeof person === "object") return { outcome: "person", person };
    // 401: the access token is dead; the refresh below tells revoked from merely expired.
    if (person === "unknown") return { outcome: "unknown" };
  }
  let refreshed: Tokens;
  try {
    refreshed = tokensFrom(
      await context.platform.withServiceToken(trackingSession).refreshTokens({
        clientId: context.config.oauth.clientId,
        clientSecret: context.config.oauth.clientSecret,
        refreshToken: tokens.refreshToken,
      }),
      nowMs,
    );
  } catch (error) {
    // 400 invalid_grant: revoked (or lapsed). 401 would be our own client credentials: not theirs.
    if (error instanceof PlatformError && error.kind === "http" && error.status === 400) return { outcome: "revoked" };
    return { outcome: "unknown" };
  }
  const person = await me(refreshed.accessToken);
  return typeof person === "object" ? { outcome: "person", person, tokens: refreshed } : { outcome: "unknown", tokens: refreshed };
}
