import { describe, expect, it } from "vitest";
import { acceptsGzip, edgeCacheKey, hasAnyCookie, isCacheable } from "./edge-cache.ts";

const get = (path: string, headers: Record<string, string> = {}, method = "GET") => new Request(`https://apphub.example${path}`, { method, headers });

const keyUrl = (request: Request, version = "v1") => edgeCacheKey(request, version)?.url ?? null;

describe("edgeCacheKey", () => {
  it("keys an anonymous GET by catalogue version, path and query", () => {
    const key = edgeCacheKey(get("/brand-new?page=2&sort=a-z"), "2026-07-01-abc")!;
    expect(key).toBeInstanceOf(Request);
    expect(key.method).toBe("GET");
    expect(key.url.startsWith("https://apphub.example/")).toBe(true);
    expect(key.url).toContain("2026-07-01-abc");
    expect(key.url.endsWith("/brand-new?page=2&sort=a-z")).toBe(true);
  });

  it("gives a different key for a different catalogue version (an import invalidates everything)", () => {
    expect(keyUrl(get("/bots"), "v1")).not.toBe(keyUrl(get("/bots"), "v2"));
  });

  it("gives different keys for different paths and queries", () => {
    const keys = new Set([keyUrl(get("/bots")), keyUrl(get("/skills")), keyUrl(get("/bots?page=2")), keyUrl(get("/bots?sort=a-z"))]);
    expect(keys.size).toBe(4);
  });

  it("cannot be confused by a version or path that looks like a key separator", () => {
    expect(keyUrl(get("/x"), "a/b")).not.toBe(keyUrl(get("/b/x"), "a"));
  });

  it.each(["POST", "HEAD", "DELETE", "PUT"])("never caches %s requests", (method) => {
    expect(edgeCacheKey(get("/bots", {}, method), "v1")).toBeNull();
  });

  // These requests are https, where only __Host- cookies are ours (app/lib/cookie-names.ts).
  it("spots a session or notice cookie (the Worker then skips the cache)", () => {
    const names = ["__session", "flash"];
    expect(hasAnyCookie(get("/bots", { Cookie: "__Host-__session=abc" }), names)).toBe(true);
    expect(hasAnyCookie(get("/bots", { Cookie: "theme=dark; __Host-flash=e30; x=1" }), names)).toBe(true);
    expect(hasAnyCookie(get("/bots", { Cookie: "theme=dark" }), names)).toBe(false);
  });

  it("varies the key on the test-environment bar cookie", () => {
    const plain = keyUrl(get("/bots"));
    const hidden = keyUrl(get("/bots", { Cookie: "__Host-isAlertTestHidden=true" }));
    expect(hidden).not.toBe(plain);
    expect(keyUrl(get("/bots", { Cookie: "a=1; __Host-isAlertTestHidden=true" }))).toBe(hidden);
  });

  it("varies the key on the announcement hide cookie (spec §9 hd_an_bnr_dp) and its value", () => {
    const plain = keyUrl(get("/"));
    const closed = keyUrl(get("/", { Cookie: "__Host-hd_an_bnr_dp=2025-03-10T09:00:00.000Z" }));
    const closedLater = keyUrl(get("/", { Cookie: "__Host-hd_an_bnr_dp=2025-04-01T09:00:00.000Z" }));
    expect(new Set([plain, closed, closedLater]).size).toBe(3);
    expect(keyUrl(get("/", { Cookie: "_ga=1; __Host-hd_an_bnr_dp=2025-03-10T09:00:00.000Z" }))).toBe(closed);
  });

  it("varies the key on every modal cookie, whatever order the browser sends them in", () => {
    const plain = keyUrl(get("/"));
    const one = keyUrl(get("/", { Cookie: "__Host-hd_modal_welcome=2025-03-10T09:00:00.000Z" }));
    const other = keyUrl(get("/", { Cookie: "__Host-hd_modal_tips=2025-03-10T09:00:00.000Z" }));
    const both = keyUrl(get("/", { Cookie: "__Host-hd_modal_welcome=2025-03-10T09:00:00.000Z; __Host-hd_modal_tips=2025-03-10T09:00:00.000Z" }));
    const bothSwapped = keyUrl(get("/", { Cookie: "__Host-hd_modal_tips=2025-03-10T09:00:00.000Z; x=1; __Host-hd_modal_welcome=2025-03-10T09:00:00.000Z" }));
    expect(new Set([plain, one, other, both]).size).toBe(4);
    expect(bothSwapped).toBe(both);
    expect(keyUrl(get("/", { Cookie: "__Host-hd_modal_welcome=2025-04-01T09:00:00.000Z" }))).not.toBe(one);
  });

  it("cannot be confused by a modal cookie value that looks like another cookie", () => {
    const a = keyUrl(get("/", { Cookie: "__Host-hd_modal_a=1&hd_modal_b=2" }));
    const b = keyUrl(get("/", { Cookie: "__Host-hd_modal_a=1; __Host-hd_modal_b=2" }));
    expect(a).not.toBe(b);
  });

  it("ignores unrelated cookies", () => {
    expect(keyUrl(get("/bots", { Cookie: "_ga=GA1.2.3; consent=yes" }))).toBe(keyUrl(get("/bots")));
  });

  it("does not treat a cookie whose name merely contains __session as a session", () => {
    expect(hasAnyCookie(get("/bots", { Cookie: "not__session=1" }), ["__session"])).toBe(false);
  });

  it("on https reads only __Host- cookies, as the app does; on plain http the bare names", () => {
    const names = ["__session", "flash"];
    expect(hasAnyCookie(get("/bots", { Cookie: "__session=abc; flash=e30" }), names)).toBe(false);
    expect(keyUrl(get("/bots", { Cookie: "isAlertTestHidden=true; hd_modal_welcome=2025-03-10T09:00:00.000Z" }))).toBe(keyUrl(get("/bots")));
    const http = (cookie: string) => new Request("http://127.0.0.1:8787/bots", { headers: { Cookie: cookie } });
    expect(hasAnyCookie(http("__session=abc"), names)).toBe(true);
    expect(edgeCacheKey(http("isAlertTestHidden=true"), "v1")!.url).not.toBe(edgeCacheKey(http(""), "v1")!.url);
  });
});

const response = (status: number, headers: Record<string, string>) => new Response([204, 304].includes(status) ? null : "x", { status, headers });

describe("isCacheable", () => {
  it("stores public 200 responses that carry an s-maxage", () => {
    expect(isCacheable(response(200, { "Cache-Control": "public, max-age=60, s-maxage=3600" }))).toBe(true);
    expect(isCacheable(response(200, { "Cache-Control": "public, max-age=1, s-maxage=1" }))).toBe(true);
  });

  it.each([404, 500, 504, 301, 302, 204])("does not store status %s", (status) => {
    expect(isCacheable(response(status, { "Cache-Control": "public, max-age=60, s-maxage=3600" }))).toBe(false);
  });

  it("does not store responses that set a cookie", () => {
    expect(isCacheable(response(200, { "Cache-Control": "public, max-age=60, s-maxage=3600", "Set-Cookie": "a=b; Path=/" }))).toBe(false);
  });

  it.each(["private, no-store", "public, max-age=60", "s-maxage=3600", "public, max-age=31536000, immutable", ""])("does not store Cache-Control %j", (cc) => {
    expect(isCacheable(response(200, cc ? { "Cache-Control": cc } : {}))).toBe(false);
  });
});

describe("acceptsGzip (hot pages go out as the gzip they are kept in)", () => {
  const accepts = (value?: string) => acceptsGzip(new Request("https://apphub.example/", value === undefined ? {} : { headers: { "Accept-Encoding": value } }));
  it.each(["gzip", "gzip, deflate, br, zstd", "br;q=1.0, gzip;q=0.8, *;q=0.1", "deflate,GZIP", "gzip;q=1"])("takes gzip: %s", (value) => {
    expect(accepts(value)).toBe(true);
  });
  it.each([undefined, "", "identity", "br", "gzip;q=0", "gzip;q=0.0, br", "x-gzip2"])("does not: %s", (value) => {
    expect(accepts(value)).toBe(false);
  });
  // Behind Cloudflare the header always reads "br, gzip"; the client's own value is in request.cf.
  const behindFrontLine = (clientAcceptEncoding: string) =>
    acceptsGzip(Object.assign(new Request("https://apphub.example/", { headers: { "Accept-Encoding": "br, gzip" } }), { cf: { clientAcceptEncoding } }));
  it("reads what the client sent (request.cf.clientAcceptEncoding), not the front line's rewrite", () => {
    expect(behindFrontLine("")).toBe(false);
    expect(behindFrontLine("identity")).toBe(false);
    expect(behindFrontLine("gzip, deflate")).toBe(true);
  });
});
