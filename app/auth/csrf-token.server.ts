// The CSRF token itself (docs/decisions/006, 012, 036): remix-utils' `CSRF` API (generate, validate,
// the same CSRFError codes), signed with Web Crypto's HMAC-SHA-256 instead of crypto-js. crypto-js
// was 215 KB of source (twice in the Worker bundle) evaluated at every cold start, only for this.
//
// A token is `v2.<32 random bytes, base64url>.<HMAC-SHA-256, base64url>`. The HMAC covers the
// version, the binding (the session the token was issued to, or "anonymous") and the random part,
// under a key made from the session secret, so the same token checks out only for that session and
// that secret. Tokens of the crypto-js era (`<random>.<signature>`) are refused: `csrfToken` issues a
// new one on the next page.
import { base64url, fromBase64url, randomToken } from "~/lib/random-token.server";

const VERSION = "v2";
const encoder = new TextEncoder();

/** The codes remix-utils' CSRFError uses, so callers and logs read the same. */
export type CsrfErrorCode = "missing_token_in_cookie" | "invalid_token_in_cookie" | "tampered_token_in_cookie" | "missing_token_in_body" | "mismatched_token";

export class CSRFError extends Error {
  constructor(
    readonly code: CsrfErrorCode,
    message: string,
  ) {
    super(message);
    this.name = "CSRFError";
  }
}

/** The parsed cookie: what remix-utils' CSRF reads its token through (a Remix Cookie fits). */
export interface TokenCookie {
  parse(cookieHeader: string | null): Promise<unknown>;
}

export interface CsrfOptions {
  cookie: TokenCookie;
  /** The form field that carries the token (remix-utils' default: "csrf"). */
  formDataKey?: string;
  /** Without a secret a token is only random (remix-utils' behaviour): cookie and form must agree. */
  secret?: string;
  /** What the signature is bound to besides the secret: the session id, or null for "anonymous". */
  sessionId?: string | null;
}

// One imported key per secret for the isolate's life: importKey is the costly part of an HMAC, and
// the secrets (SESSION_SECRETS) are few and fixed per deployment.
const keys = new Map<string, Promise<CryptoKey>>();
function keyFor(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    key = crypto.subtle.importKey("raw", encoder.encode(`csrf:${secret}`), { name: "HMAC", hash: "SHA-256" }, false, ["sign", "verify"]);
    keys.set(secret, key);
  }
  return key;
}

const signedText = (binding: string, random: string) => encoder.encode(`${VERSION}\u0000${binding}\u0000${random}`);
const bindingOf = (sessionId: string | null | undefined) => (sessionId ? `session:${sessionId}` : "anonymous");

/** The signature of `random` under `secret` and the binding, base64url. */
export async function signCsrf(secret: string, sessionId: string | null | undefined, random: string): Promise<string> {
  const mac = await crypto.subtle.sign("HMAC", await keyFor(secret), signedText(bindingOf(sessionId), random));
  return base64url(new Uint8Array(mac));
}

/**
 * Whether `token` is a v2 token signed with `secret` for this binding. crypto.subtle.verify compares
 * in constant time. Anything else (another format, a bad encoding, another session) is false.
 */
export async function verifyCsrfSignature(secret: string, sessionId: string | null | undefined, token: string): Promise<boolean> {
  const parts = token.split(".");
  if (parts.length !== 3 || parts[0] !== VERSION || !parts[1] || !parts[2]) return false;
  let signature: Uint8Array<ArrayBuffer>;
  try {
    signature = fromBase64url(parts[2]);
  } catch {
    return false;
  }
  if (signature.byteLength !== 32) return false;
  return crypto.subtle.verify("HMAC", await keyFor(secret), signature, signedText(bindingOf(sessionId), parts[1]));
}

/** remix-utils' CSRF class, with an async `generate` (Web Crypto signs asynchronously). */
export class CSRF {
  private readonly cookie: TokenCookie;
  private readonly formDataKey: string;
  private readonly secret: string | undefined;
  private readonly sessionId: string | null;

  constructor(options: CsrfOptions) {
    this.cookie = options.cookie;
    this.formDataKey = options.formDataKey ?? "csrf";
    this.secret = options.secret;
    this.sessionId = options.sessionId ?? null;
  }

  /** A new token: `bytes` random bytes, signed when there is a secret. */
  async generate(bytes = 32): Promise<string> {
    const random = randomToken(bytes);
    if (!this.secret) return random;
    return `${VERSION}.${random}.${await signCsrf(this.secret, this.sessionId, random)}`;
  }

  /**
   * Throws CSRFError unless the cookie holds a token signed for this binding and the form holds the
   * same token (remix-utils' order of checks and codes).
   */
  async validate(data: FormData, headers: Headers): Promise<void> {
    const cookie = await this.cookie.parse(headers.get("Cookie"));
    if (cookie === null || cookie === undefined || cookie === "") throw new CSRFError("missing_token_in_cookie", "Can't find CSRF token in cookie.");
    if (typeof cookie !== "string") throw new CSRFError("invalid_token_in_cookie", "Invalid CSRF token in cookie.");
    if (this.secret && !(await verifyCsrfSignature(this.secret, this.sessionId, cookie))) {
      throw new CSRFError("tampered_token_in_cookie", "Tampered CSRF token in cookie.");
    }
    const submitted = data.get(this.formDataKey);
    if (!submitted) throw new CSRFError("missing_token_in_body", "Can't find CSRF token in body.");
    if (submitted !== cookie) throw new CSRFError("mismatched_token", "Can't verify CSRF token authenticity.");
  }
}
