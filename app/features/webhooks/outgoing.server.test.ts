import { afterEach, describe, expect, it, vi } from "vitest";
import { deliver } from "./outgoing.server";

afterEach(() => vi.unstubAllGlobals());

describe("deliver", () => {
  const settings = { deliveryTimeoutMs: 1000, allowPrivateTargets: false };

  it.each(["http://127.0.0.1:8080/hook", "http://localhost/hook", "http://10.1.2.3/", "http://[::1]/", "http://169.254.169.254/latest", "http://0x7f.1/"])(
    "never calls %s in production",
    async (url) => {
      const fetch = vi.fn();
      vi.stubGlobal("fetch", fetch);
      expect(await deliver(url, "secret", "d", "w", "{}", settings)).toEqual({ ok: false, retry: false, error: "private or loopback address" });
      expect(fetch).not.toHaveBeenCalled();
    },
  );

  it("signs the body with HMAC-SHA256 and treats 5xx and 429 as worth a retry, 4xx not", async () => {
    const calls: Request[] = [];
    let status = 200;
    vi.stubGlobal("fetch", async (input: URL, init: RequestInit) => {
      calls.push(new Request(input, init));
      return new Response(null, { status });
    });
    expect(await deliver("https://hooks.example.com/x", "key", "d1", "w1", '{"a":1}', settings)).toEqual({ ok: true });
    // echo -n '{"a":1}' | openssl dgst -sha256 -hmac key
    expect(calls[0]!.headers.get("X-AppHub-Signature")).toBe("sha256=88a67f24bbcdaed0e6c997404bb79a743baf44c6bab2f4c27328e3009d22e342");
    expect(calls[0]!.headers.get("X-AppHub-Delivery")).toBe("d1");
    expect(calls[0]!.redirect).toBe("manual");
    status = 503;
    expect(await deliver("https://hooks.example.com/x", "key", "d1", "w1", "{}", settings)).toMatchObject({ ok: false, retry: true });
    status = 429;
    expect(await deliver("https://hooks.example.com/x", "key", "d1", "w1", "{}", settings)).toMatchObject({ ok: false, retry: true });
    status = 410;
    expect(await deliver("https://hooks.example.com/x", "key", "d1", "w1", "{}", settings)).toEqual({ ok: false, retry: false, error: "answered 410" });
  });
});
