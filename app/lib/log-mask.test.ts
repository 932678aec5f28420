import { describe, expect, it } from "vitest";
import { MASK, MASKED_PARAMS, maskHeaders, maskUrl } from "./log-mask.ts";

const SPEC_PARAMS = ["contactName", "contactEmail", "userId", "email", "displayName", "personEmail", "emails", "access_token", "code"];

describe("maskUrl (spec §5 log masking)", () => {
  it("masks exactly the parameters the spec lists", () => {
    expect([...MASKED_PARAMS].sort()).toEqual([...SPEC_PARAMS].sort());
  });

  it.each(SPEC_PARAMS)("masks %s in an absolute URL", (param) => {
    const masked = maskUrl(`https://apphub.example/api/x?${param}=secret-value&q=poll`);
    const url = new URL(masked);
    expect(url.searchParams.get(param)).toBe(MASK);
    expect(masked).not.toContain("secret-value");
    expect(url.searchParams.get("q")).toBe("poll");
  });

  it("masks every listed parameter at once and keeps the others as they were", () => {
    const query = SPEC_PARAMS.map((p) => `${p}=v-${p}`).join("&");
    const masked = new URL(maskUrl(`https://apphub.example/auth/callback?${query}&state=abc&max=10`));
    for (const p of SPEC_PARAMS) expect(masked.searchParams.get(p)).toBe(MASK);
    expect(masked.searchParams.get("state")).toBe("abc");
    expect(masked.searchParams.get("max")).toBe("10");
    expect(masked.pathname).toBe("/auth/callback");
    expect(masked.origin).toBe("https://apphub.example");
  });

  it("masks every occurrence of a repeated parameter", () => {
    const masked = maskUrl("https://x.example/?email=a@x.example&email=b@x.example");
    expect(masked).not.toContain("x.example&");
    expect(new URL(masked).searchParams.getAll("email")).toEqual([MASK]);
  });

  it("keeps relative URLs relative", () => {
    expect(maskUrl("/api/search?userId=42&searchQuery=bots")).toBe(`/api/search?userId=${MASK}&searchQuery=bots`);
  });

  it("leaves a URL without masked parameters unchanged", () => {
    expect(maskUrl("/brand-new?page=2&sort=a-z")).toBe("/brand-new?page=2&sort=a-z");
    expect(maskUrl("https://apphub.example/bots")).toBe("https://apphub.example/bots");
  });

  it("does not mask parameters whose names merely contain a masked name", () => {
    const masked = new URL(maskUrl("https://x.example/?zipcode=123&emailing=yes"));
    expect(masked.searchParams.get("zipcode")).toBe("123");
    expect(masked.searchParams.get("emailing")).toBe("yes");
  });

  it("masks the whole value when the input cannot be parsed", () => {
    expect(maskUrl("http://[broken?email=a@b")).toBe(MASK);
  });
});

describe("maskHeaders (spec §5 log masking)", () => {
  it("removes cookie and authorization headers from a plain object, in any case", () => {
    const out = maskHeaders({ Cookie: "__session=abc", Authorization: "Bearer t0ken", "SET-COOKIE": "a=b", Accept: "text/html" });
    expect(out).toEqual({ accept: "text/html" });
  });

  it("removes them from a Headers object and keeps other headers", () => {
    const headers = new Headers({
      cookie: "a=b",
      authorization: "Basic Zm9vOmJhcg==",
      "user-agent": "Mozilla/5.0",
      "x-tracking-id": "7",
    });
    const out = maskHeaders(headers);
    expect(out).toEqual({ "user-agent": "Mozilla/5.0", "x-tracking-id": "7" });
    expect(JSON.stringify(out)).not.toMatch(/Zm9v|a=b/);
  });
});
