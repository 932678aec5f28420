// A webhook owner's platform tokens for App Hub, sealed for D1 (docs/decisions/010 "Standing").
// AES-256-GCM with a key derived (HKDF-SHA-256) from a session secret; the owner's id is the
// additional data, so a sealed value copied to another owner's row does not open. The first of
// SESSION_SECRETS seals; every one of them opens, so rotating the secrets keeps stored values
// readable until the next seal.

import { base64url, fromBase64url } from "~/lib/random-token.server";

const PREFIX = "v1";
const SALT = new TextEncoder().encode("apphub/webhook-owner-tokens");
const INFO = new TextEncoder().encode("AES-GCM key v1");

async function keyFor(secret: string): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey("raw", new TextEncoder().encode(secret), "HKDF", false, ["deriveKey"]);
  return crypto.subtle.deriveKey({ name: "HKDF", hash: "SHA-256", salt: SALT, info: INFO }, base, { name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
}

/** `v1.<iv>.<ciphertext>` (base64url), bound to `owner`. */
export async function seal(secrets: readonly string[], owner: string, plaintext: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const key = await keyFor(secrets[0]!);
  const data = new Uint8Array(await crypto.subtle.encrypt({ name: "AES-GCM", iv, additionalData: new TextEncoder().encode(owner) }, key, new TextEncoder().encode(plaintext)));
  return `${PREFIX}.${base64url(iv)}.${base64url(data)}`;
}

/** The plaintext, or null when no secret opens it (tampered, another owner's, a retired secret). */
export async function unseal(secrets: readonly string[], owner: string, sealed: string): Promise<string | null> {
  const [prefix, iv, data] = sealed.split(".");
  if (prefix !== PREFIX || !iv || !data) return null;
  for (const secret of secrets) {
    try {
      const plain = await crypto.subtle.decrypt(
        { name: "AES-GCM", iv: fromBase64url(iv), additionalData: new TextEncoder().encode(owner) },
        await keyFor(secret),
        fromBase64url(data),
      );
      return new TextDecoder().decode(plain);
    } catch {
      // Not this secret: try the next.
    }
  }
  return null;
}
