// The CSRF token on Web Crypto (docs/decisions/036): remix-utils' checks and codes, bound to a
// session, and the crypto-js era's tokens refused.
import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { CSRF, CSRFError, signCsrf, verifyCsrfSignature } from "./csrf-token.server";

const SECRET = "s3cret-for-tests";

/** A cookie holding `value` as the token, as a Remix text cookie parses it. */
const cookieOf = (value: string | null) => ({ parse: async () => value });
const headers = new Headers({ Cookie: "csrf-token=whatever" });
const form = (token: string) => {
  const data = new FormData();
  data.set("csrf", token);
  return data;
};

async function codeOf(promise: Promise<unknown>): Promise<string | null> {
  try {
    await promise;
    return null;
  } catch (error) {
    if (error instanceof CSRFError) return error.code;
    throw error;
  }
}

/** What remix-utils 7 with crypto-js issued for a session under the previous binding (decision 012). */
function cryptoJsEraToken(secret: string, sessionId: string) {
  const random = "q9Xk2b1n4Y7lZ0aQ3m8Pp5rT6wV1yU2iO4eR7tY9uI0";
  const key = `${secret}\u0000csrf-session:${sessionId}`;
  return `${random}.${createHmac("sha256", key).update(random).digest("base64url")}`;
}

describe("the CSRF token (Web Crypto HMAC-SHA-256)", () => {
  const forSession = (sessionId: string | null, secret = SECRET, token?: string) => new CSRF({ cookie: cookieOf(token ?? null), secret, sessionId, formDataKey: "csrf" });

  it("issues v2 tokens that validate for their own session, cookie and form agreeing", async () => {
    const token = await forSession("session-a").generate();
    expect(token).toMatch(/^v2\.[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/);
    expect(await codeOf(forSession("session-a", SECRET, token).validate(form(token), headers))).toBeNull();
    expect(await forSession("session-a").generate()).not.toBe(token);
  });

  it("refuses a tampered token, even when cookie and form agree", async () => {
    const token = await forSession("session-a").generate();
    const [version, random, signature] = token.split(".") as [string, string, string];
    const flip = (text: string) => (text[0] === "A" ? "B" : "A") + text.slice(1);
    for (const tampered of [`${version}.${flip(random)}.${signature}`, `${version}.${random}.${flip(signature)}`, `${version}.${random}.`, `${version}.${random}.!!!`]) {
      expect(await codeOf(forSession("session-a", SECRET, tampered).validate(form(tampered), headers))).toBe("tampered_token_in_cookie");
    }
  });

  it("refuses the token of another session, of no session, and under another secret", async () => {
    const token = await forSession("session-a").generate();
    expect(await codeOf(forSession("session-b", SECRET, token).validate(form(token), headers))).toBe("tampered_token_in_cookie");
    expect(await codeOf(forSession(null, SECRET, token).validate(form(token), headers))).toBe("tampered_token_in_cookie");
    expect(await codeOf(forSession("session-a", "another-secret", token).validate(form(token), headers))).toBe("tampered_token_in_cookie");
    const anonymous = await forSession(null).generate();
    expect(await codeOf(forSession("session-a", SECRET, anonymous).validate(form(anonymous), headers))).toBe("tampered_token_in_cookie");
  });

  it("refuses the crypto-js era's token format, even one that was valid for this very session", async () => {
    const old = cryptoJsEraToken(SECRET, "session-a");
    expect(await codeOf(forSession("session-a", SECRET, old).validate(form(old), headers))).toBe("tampered_token_in_cookie");
    expect(await verifyCsrfSignature(SECRET, "session-a", `v2.${old}`)).toBe(false);
  });

  it("keeps remix-utils' other codes: no cookie, no form token, a mismatch", async () => {
    const token = await forSession("session-a").generate();
    expect(await codeOf(forSession("session-a", SECRET).validate(form(token), headers))).toBe("missing_token_in_cookie");
    expect(await codeOf(forSession("session-a", SECRET, token).validate(new FormData(), headers))).toBe("missing_token_in_body");
    const other = await forSession("session-a").generate();
    expect(await codeOf(forSession("session-a", SECRET, token).validate(form(other), headers))).toBe("mismatched_token");
  });

  it("without a secret only needs cookie and form to agree (the no-session check)", async () => {
    const unsigned = new CSRF({ cookie: cookieOf("abc") });
    expect(await codeOf(unsigned.validate(form("abc"), headers))).toBeNull();
    expect(await codeOf(unsigned.validate(form("abd"), headers))).toBe("mismatched_token");
    expect(await new CSRF({ cookie: cookieOf(null) }).generate()).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it("signs deterministically per secret, session and random part", async () => {
    expect(await signCsrf(SECRET, "s", "r")).toBe(await signCsrf(SECRET, "s", "r"));
    expect(await signCsrf(SECRET, "s", "r")).not.toBe(await signCsrf(SECRET, "t", "r"));
    expect(await signCsrf(SECRET, "s", "r")).not.toBe(await signCsrf(`${SECRET}x`, "s", "r"));
  });
});
