import { describe, expect, it } from "vitest";
import { pkceChallenge, safeLast, sameToken } from "./oauth.server.ts";

describe("safeLast: only same-site relative paths", () => {
  it.each([
    ["/brand-new", "/brand-new"],
    ["/search?q=poll&sortBy=name", "/search?q=poll&sortBy=name"],
    ["/applications/pollster#reviews", "/applications/pollster#reviews"],
    // Percent-encoded CR/LF stay encoded in the Location header: harmless.
    ["/%0d%0aSet-Cookie:x", "/%0d%0aSet-Cookie:x"],
  ])("keeps %s", (input, out) => expect(safeLast(input)).toBe(out));

  it.each([
    [null],
    [""],
    ["brand-new"],
    ["//evil.example/x"],
    ["/\\evil.example"],
    ["https://evil.example/"],
    ["javascript:alert(1)"],
    ["/\u0000x"],
    ["/\tx"],
    ["/login"],
    ["/logout?last=/"],
    ["/auth?last=/x"],
    ["/auth/callback?code=x"],
  ])("refuses %s", (input) => expect(safeLast(input)).toBe("/"));
});

describe("PKCE", () => {
  it("matches the RFC 7636 appendix B example", async () => {
    expect(await pkceChallenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
  });
});

describe("sameToken", () => {
  it("compares exactly", () => {
    expect(sameToken("abc", "abc")).toBe(true);
    expect(sameToken("abc", "abd")).toBe(false);
    expect(sameToken("abc", "abcd")).toBe(false);
  });
});
