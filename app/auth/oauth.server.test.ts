import { describe, expect, it } from "vitest";
// safeLast moved to app/lib/safe-redirect.ts (its cases are in safe-redirect.test.ts).
import { pkceChallenge } from "./oauth.server.ts";
// sameToken moved to app/lib/constant-time.server.ts (its cases are in constant-time.server.test.ts).

describe("PKCE", () => {
  it("matches the RFC 7636 appendix B example", async () => {
    expect(await pkceChallenge("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk")).toBe("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
  });
});
