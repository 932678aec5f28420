import { describe, expect, it } from "vitest";
import { CACHE_CONTROL, cacheControl, pageCacheControl, PRIVATE_HEADERS } from "./cache-policy.server";

const production = { localDevelopment: false };
const local = { localDevelopment: true };

describe("cache policies", () => {
  it("fixed policies keep their wire values", () => {
    expect(CACHE_CONTROL).toEqual({
      private: "private, no-store",
      noStore: "no-store",
      immutable: "public, max-age=31536000, immutable",
      imageProxy: "public, max-age=86400, s-maxage=86400",
    });
    expect(PRIVATE_HEADERS).toEqual({ "Cache-Control": "private, no-store" });
  });

  it("pages: browsers revalidate, the edge keeps them for the production age", () => {
    expect(cacheControl("page", production)).toBe("public, max-age=0, must-revalidate, s-maxage=3600");
    expect(cacheControl("page", local)).toBe("public, max-age=0, must-revalidate, s-maxage=1");
  });

  it("API answers: a minute at most in browsers, the full age at the edge; 1 s in local development", () => {
    expect(cacheControl("catalogue", production)).toBe("public, max-age=60, s-maxage=3600");
    expect(cacheControl("content", production)).toBe("public, max-age=60, s-maxage=3600");
    expect(cacheControl("suggestions", production)).toBe("public, max-age=60, s-maxage=600");
    expect(cacheControl("sitemap", production)).toBe("public, max-age=60, s-maxage=86400");
    expect(cacheControl("sitemap", local)).toBe("public, max-age=1, s-maxage=1");
  });

  it("a page seen logged in is private", () => {
    expect(pageCacheControl(true, production)).toBe("private, no-store");
    expect(pageCacheControl(false, production)).toBe(cacheControl("page", production));
  });
});
