import { describe, expect, it } from "vitest";
import { safeLast, safeRedirectPath } from "./safe-redirect.ts";

const OURS = "https://apphub.example";

/** Where a browser on our site ends up for a Location header holding `location`. */
const landsOn = (location: string) => new URL(location, `${OURS}/some/page`);

/**
 * The property every result must have: the browser stays on our origin, and so does anyone who
 * percent-decodes the path first and resolves that (a proxy, a router).
 */
function expectStaysHome(location: string) {
  expect(location.startsWith("/")).toBe(true);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the check
  expect(location).not.toMatch(/[\u0000-\u001f\u007f]/);
  let path = location;
  for (let i = 0; i < 6; i++) {
    const url = landsOn(path);
    expect(url.origin, `${location} (decoded: ${path})`).toBe(OURS);
    expect(url.pathname.startsWith("//"), `${location} (decoded: ${path})`).toBe(false);
    let decoded: string;
    try {
      decoded = decodeURIComponent(url.pathname);
    } catch {
      return;
    }
    if (decoded === url.pathname) return;
    path = decoded;
  }
}

describe("safeRedirectPath refuses every form that would leave our origin", () => {
  it.each([
    // The reported ones: dot segments normalise into a scheme-relative "//host".
    "//evil.example/x",
    "/.//evil.example/x",
    "/..//evil.example/x",
    "/%2e//evil.example",
    "/%2E//evil.example",
    "/a/..//evil.example",
    "/a/b/../..//evil.example",
    "/././/evil.example",
    "/x/..//evil.example?y=1#z",
    "/%2e%2e//evil.example",
    "/x/%2e%2e//evil.example",
    "/.\\/evil.example",
    // Double and triple percent-encoding, for a hop that decodes again.
    "/%252e//evil.example",
    "/%25252e//evil.example",
    "/%252e%252e//evil.example",
    "/..%2f/evil.example",
    "/%2e%2e%2f%2fevil.example",
    // Encoded slashes and backslashes.
    "%2f%2fevil.example",
    "/%2f%2fevil.example",
    "/%2F/evil.example",
    "/%5c/evil.example",
    "/%5Cevil.example",
    "/%255c/evil.example",
    // Backslashes, which browsers read as slashes in http(s) URLs.
    "/\\evil.example",
    "\\/evil.example",
    "\\\\evil.example",
    "/\\/evil.example",
    "/\\\\evil.example",
    "///evil.example",
    "////evil.example",
    // Tabs and newlines, which browsers drop before parsing.
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "\t//evil.example",
    "/%09/evil.example",
    "/%0a/evil.example",
    "/%0D%0A/evil.example",
    "/\u0000/evil.example",
    " //evil.example",
    // Userinfo.
    "//user@evil.example",
    "//user:pass@evil.example/x",
    "/\\user@evil.example",
    "/%2f%2fuser@evil.example",
    // Other schemes and absolute URLs.
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "https://evil.example",
    "HTTP://evil.example",
    "https:evil.example",
    "https:/evil.example",
    "http:\\\\evil.example",
    `${OURS}/bots`,
    // Not a path at all.
    "evil.example",
    "@evil.example",
    "?x=//evil.example",
    "#//evil.example",
    "",
  ])("%j → /", (value) => {
    expect(safeRedirectPath(value)).toBe("/");
  });

  it.each([null, undefined, 42, {}, ["/bots"]])("%j (not a string) → /", (value) => {
    expect(safeRedirectPath(value)).toBe("/");
  });

  it("uses the given fallback", () => {
    expect(safeRedirectPath("//evil.example", { fallback: "/preferences/analytics-consent" })).toBe("/preferences/analytics-consent");
    expect(safeRedirectPath(undefined, { fallback: "/support" })).toBe("/support");
  });
});

describe("safeRedirectPath keeps same-origin paths", () => {
  it.each([
    ["/", "/"],
    ["/bots?x=1#y", "/bots?x=1#y"],
    ["/applications/abc", "/applications/abc"],
    ["/brand-new", "/brand-new"],
    ["/search?q=poll&sortBy=name", "/search?q=poll&sortBy=name"],
    ["/applications/pollster#reviews", "/applications/pollster#reviews"],
    // Percent-encoded CR/LF stay encoded in the Location header: harmless.
    ["/%0d%0aSet-Cookie:x", "/%0d%0aSet-Cookie:x"],
    // "//" and "/\" after the first segment, or in the query or fragment, stay on our site.
    ["/a//evil.example", "/a//evil.example"],
    ["/a/\\evil.example", "/a//evil.example"],
    ["/a\\/evil.example", "/a//evil.example"],
    ["/x?next=//evil.example", "/x?next=//evil.example"],
    ["/x#//evil.example", "/x#//evil.example"],
    // Userinfo-looking text in a path is only a path.
    ["/@evil.example", "/@evil.example"],
    // Normalised, not refused: the result is what the browser would have asked for anyway.
    ["/a/../bots", "/bots"],
    ["/./bots", "/bots"],
    ["/search?q=a b", "/search?q=a%20b"],
  ])("%j → %j", (value, out) => {
    expect(safeRedirectPath(value)).toBe(out);
  });
});

describe("safeRedirectPath: every combination stays on our origin", () => {
  // "//" and "/\" and "\/" in every position, behind every kind of prefix, towards every kind of host.
  const prefixes = ["", "/", "/.", "/..", "/a/..", "/%2e", "/%2e%2e", "/%252e", "/a/%2e%2e", "/a", "/a/b"];
  const separators = ["//", "/\\", "\\/", "\\\\", "/%2f", "%2f%2f", "/%5c", "/%2F/", "/\t/", "/\n/", "/%09/", "/%250a/"];
  const hosts = ["evil.example", "user@evil.example", "evil.example:443/x?y#z"];
  const values = prefixes.flatMap((p) => separators.flatMap((s) => hosts.map((h) => `${p}${s}${h}`)));

  it(`holds for ${values.length} generated forms`, () => {
    for (const value of values) expectStaysHome(safeRedirectPath(value));
  });

  it("never returns a login page for safeLast", () => {
    for (const value of values) expect(safeLast(value)).not.toMatch(/^\/(auth|login|logout)/i);
  });
});

describe("safeLast: the way back after logging in or out", () => {
  it.each([
    ["/brand-new", "/brand-new"],
    ["/search?q=poll&sortBy=name", "/search?q=poll&sortBy=name"],
    ["/applications/pollster#reviews", "/applications/pollster#reviews"],
    ["/%0d%0aSet-Cookie:x", "/%0d%0aSet-Cookie:x"],
    ["/authors", "/authors"],
    ["/login-help", "/login-help"],
  ])("keeps %s", (input, out) => expect(safeLast(input)).toBe(out));

  it.each([
    [null],
    [""],
    ["brand-new"],
    ["//evil.example/x"],
    ["/.//evil.example/x"],
    ["/\\evil.example"],
    ["https://evil.example/"],
    ["javascript:alert(1)"],
    ["/\u0000x"],
    ["/\tx"],
    ["/login"],
    ["/logout?last=/"],
    ["/auth?last=/x"],
    ["/auth/callback?code=x"],
    // Never a way back, however it is spelt: the router matches these case-insensitively and decoded.
    ["/./logout"],
    ["/a/../login"],
    ["/LOGOUT"],
    ["/%6cogout"],
    ["/%256cogout"],
    ["/auth;x"],
  ])("refuses %s", (input) => expect(safeLast(input)).toBe("/"));
});
