import { describe, expect, it } from "vitest";
import { MASK, MASKED_PARAMS, maskFields, maskHeaders, maskText, maskUrl } from "./log-mask.ts";

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

describe("maskUrl: the incoming webhook's secret path segment", () => {
  const token = "q3VbT0kLr5x9-_AbCdEfGhIjKlMnOpQrStUvWxYz012";

  it.each([
    [`/api/hooks/incoming/${token}`, "/api/hooks/incoming/***"],
    [`https://apphub.example/api/hooks/incoming/${token}`, "https://apphub.example/api/hooks/incoming/***"],
    [`/api/hooks/incoming/${token}?email=a@b.example`, `/api/hooks/incoming/***?email=${MASK}`],
    [`/api/hooks/incoming/${token}/`, "/api/hooks/incoming/***/"],
    [`/API/Hooks/Incoming/${token}`, "/API/Hooks/Incoming/***"],
  ])("%s → %s", (input, expected) => {
    expect(maskUrl(input)).toBe(expected);
  });

  it("leaves other paths, and the outgoing hook's id (not a credential), alone", () => {
    expect(maskUrl("/api/hooks/outgoing/7a3e0c4e-0f7e-4a4c-9b5e-2f1d7c2e9a10")).toBe("/api/hooks/outgoing/7a3e0c4e-0f7e-4a4c-9b5e-2f1d7c2e9a10");
    expect(maskUrl("/applications/incoming-webhooks")).toBe("/applications/incoming-webhooks");
  });
});

describe("maskText: URLs and secrets inside free text", () => {
  const token = "q3VbT0kLr5x9-_AbCdEfGhIjKlMnOpQrStUvWxYz012";

  it("masks the token segment and the spec's parameters wherever a URL or path appears", () => {
    const text = `TypeError: fetch failed for https://apphub.example/api/hooks/incoming/${token}?code=abc&page=2 (see /auth/callback?code=xyz&state=s)`;
    const masked = maskText(text);
    expect(masked).toBe(`TypeError: fetch failed for https://apphub.example/api/hooks/incoming/***?code=${MASK}&page=2 (see /auth/callback?code=${MASK}&state=s)`);
  });

  it("masks bearer tokens and leaves ordinary text as it was", () => {
    expect(maskText("Authorization: Bearer abc.def-ghi failed")).toBe(`Authorization: Bearer ${MASK} failed`);
    expect(maskText("error code=500 for user 42")).toBe("error code=500 for user 42");
  });
});

describe("maskFields: everything a log line carries", () => {
  const token = "q3VbT0kLr5x9-_AbCdEfGhIjKlMnOpQrStUvWxYz012";

  it("masks url-like fields, paths and every nested string", () => {
    const out = maskFields({
      url: `http://127.0.0.1:8787/api/hooks/incoming/${token}`,
      path: "/people?email=a@b.example",
      target: `/api/hooks/incoming/${token}`,
      error: `Error: POST /api/hooks/incoming/${token} failed`,
      nested: { list: [`/x?access_token=t0k3n`, 7, null], deeper: { href: "/auth?code=c0de" } },
      count: 3,
    });
    expect(JSON.stringify(out)).not.toContain(token);
    expect(JSON.stringify(out)).not.toMatch(/t0k3n|c0de|a@b\.example/);
    expect(out).toMatchObject({
      url: "http://127.0.0.1:8787/api/hooks/incoming/***",
      path: `/people?email=${MASK}`,
      nested: { list: [`/x?access_token=${MASK}`, 7, null] },
      count: 3,
    });
  });

  it("removes cookie and authorization headers wherever headers appear, and cookie-named fields", () => {
    const out = maskFields({
      headers: new Headers({ Cookie: "__session=abc", "X-Trace": "1" }),
      request: { headers: { authorization: "Bearer s3cret", accept: "*/*" } },
      cookie: "__session=abc",
      Authorization: "Bearer s3cret",
    });
    expect(out).toEqual({ headers: { "x-trace": "1" }, request: { headers: { accept: "*/*" } } });
  });

  it("turns errors into masked text instead of {}", () => {
    const out = maskFields({ error: new TypeError(`fetch failed: /api/hooks/incoming/${token}`) });
    expect(out).toEqual({ error: "TypeError: fetch failed: /api/hooks/incoming/***" });
  });
});
