// The edge cache's first tier, the isolate's hot pages (workers/edge-cache.ts, docs/decisions/021):
// a page served from memory is the very copy the edge cache holds, and it lives no longer than its
// edge age. The development environment's 1 s ages (spec §9) make the expiry quick to see.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorker, type TestWorker } from "./harness.ts";
import { MODERN_BROWSER, sleep } from "./html.ts";

let w: TestWorker;

beforeAll(async () => {
  w = await startWorker({ apps: 40 });
});
afterAll(() => w?.dispose());

const get = (path: string, headers: Record<string, string> = {}) => w.fetch(path, { headers: { ...MODERN_BROWSER, ...headers } });

/** Asks until the page comes from the edge cache (it is stored in waitUntil, after the response). */
async function untilHit(path: string): Promise<Response> {
  for (let i = 0; i < 40; i++) {
    const res = await get(path);
    if (res.headers.get("X-Edge-Cache") === "HIT") return res;
    await res.arrayBuffer();
    await sleep(10);
  }
  throw new Error(`${path} never came from the edge cache`);
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

  it("a page is rendered again once its edge age is over (1 s here), not kept in memory beyond it", async () => {
    await (await untilHit("/skills")).arrayBuffer();
    await sleep(2200);
    const res = await get("/skills");
    expect(res.headers.get("X-Edge-Cache")).toBe("MISS");
    await res.arrayBuffer();
  });
});
