// The edge cache's first tier, the isolate's hot pages (workers/edge-cache.ts, docs/decisions/021):
// a page served from memory is the very copy the edge cache holds, and it lives no longer than its
// edge age. The development environment's 1 s ages (spec §9) make the expiry quick to see.
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorker, type TestWorker } from "./harness.ts";
import { MODERN_BROWSER, sleep } from "./html.ts";

let w: TestWorker;

beforeAll(async () => {
  // Listening: one test speaks raw HTTP, as curl does, which fetch cannot (it always adds Accept-Encoding).
  w = await startWorker({ apps: 40, listen: true });
});
afterAll(() => w?.dispose());

const get = (path: string, headers: Record<string, string> = {}) => w.fetch(path, { headers: { ...MODERN_BROWSER, ...headers } });

/** Asks until the page comes from the edge cache (it is stored in waitUntil, after the response). */
async function untilHit(path: string, headers: Record<string, string> = {}): Promise<Response> {
  for (let i = 0; i < 40; i++) {
    const res = await get(path, headers);
    if (res.headers.get("X-Edge-Cache") === "HIT") return res;
    await res.arrayBuffer();
    await sleep(10);
  }
  throw new Error(`${path} never came from the edge cache`);
}

/** A GET over plain HTTP/1.1 with no Accept-Encoding at all, the body as the bytes that came. */
function rawGet(path: string): Promise<{ headers: Record<string, string | string[] | undefined>; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${w.origin}${path}`, { headers: { ...MODERN_BROWSER } }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (chunk: Buffer) => chunks.push(chunk));
      res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** The headers of the render itself: without the cache's own (its status, the copy's age) or the transport's. */
const CACHE_AND_TRANSPORT = ["x-edge-cache", "age", "cf-cache-status", "content-encoding", "content-length", "transfer-encoding"];
const renderHeaders = (res: Response) => [...res.headers].filter(([name]) => !CACHE_AND_TRANSPORT.includes(name));

describe("hot pages", () => {
  it("a page answered from the edge cache is the stored render: same body, same headers, and its age", async () => {
    let first = await get("/bots");
    while (first.headers.get("X-Edge-Cache") !== "MISS") {
      await first.arrayBuffer();
      await sleep(1100);
      first = await get("/bots");
    }
    const firstBody = await first.text();
    const hits: Response[] = [await untilHit("/bots"), await get("/bots")];
    for (const hit of hits.filter((res) => res.headers.get("X-Edge-Cache") === "HIT")) {
      expect(await hit.text()).toBe(firstBody);
      expect(renderHeaders(hit)).toEqual(renderHeaders(first));
      expect(Number(hit.headers.get("Age"))).toBeLessThanOrEqual(1);
    }
    // Kept compressed, sent as gzip to clients that take it and decompressed for those that do not.
    const identity = await get("/bots", { "Accept-Encoding": "identity" });
    expect(identity.headers.get("Content-Encoding")).toBeNull();
    expect(await identity.text()).toBe(firstBody);
  });

  it("a client that sends no Accept-Encoding gets the hot page as text, as Cloudflare's front line serves it (decision 021)", async () => {
    // The front line gives every Worker request "Accept-Encoding: br, gzip"; what the client sent
    // is request.cf.clientAcceptEncoding (nothing here: curl without --compressed, simple monitors).
    await (await untilHit("/integrations")).arrayBuffer();
    const raw = await rawGet("/integrations");
    expect(raw.headers["x-edge-cache"]).toBe("HIT");
    expect(raw.headers["content-encoding"]).toBeUndefined();
    expect([raw.body[0], raw.body[1]]).not.toEqual([0x1f, 0x8b]); // not gzip's magic bytes
    expect(raw.body.toString("utf8")).toMatch(/^<!DOCTYPE html>/i);
  });

  it("a page is rendered again once its edge age is over (1 s here), not kept in memory beyond it", async () => {
    await (await untilHit("/skills")).arrayBuffer();
    await sleep(2200);
    const res = await get("/skills");
    expect(res.headers.get("X-Edge-Cache")).toBe("MISS");
    await res.arrayBuffer();
  });
});
