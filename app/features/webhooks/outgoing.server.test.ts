import { createHmac } from "node:crypto";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { deliver, signDelivery, SIGNATURE_HEADER, TIMESTAMP_HEADER } from "./outgoing.server";

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const settings = { deliveryTimeoutMs: 1000, allowPrivateTargets: false };

/** Records what deliver() sends, answering with `status`. */
function receiver(status = 200) {
  const calls: Request[] = [];
  const state = { status };
  vi.stubGlobal("fetch", async (input: URL, init: RequestInit) => {
    calls.push(new Request(input, init));
    return new Response(null, { status: state.status });
  });
  return { calls, state };
}

describe("deliver", () => {
  it.each(["http://127.0.0.1:8080/hook", "http://localhost/hook", "http://10.1.2.3/", "http://[::1]/", "http://169.254.169.254/latest", "http://0x7f.1/"])(
    "never calls %s in production",
    async (url) => {
      const fetch = vi.fn();
      vi.stubGlobal("fetch", fetch);
      expect(await deliver(url, "secret", "d", "w", "{}", settings)).toEqual({ ok: false, retry: false, error: "private or loopback address" });
      expect(fetch).not.toHaveBeenCalled();
    },
  );

  it("never sends over plain http in production (the body and signature would travel in the clear)", async () => {
    const fetch = vi.fn();
    vi.stubGlobal("fetch", fetch);
    expect(await deliver("http://hooks.example.com/x", "key", "d", "w", "{}", settings)).toEqual({ ok: false, retry: false, error: "not an https URL" });
    expect(fetch).not.toHaveBeenCalled();
  });

  it("may use http where local development relaxes the target rules", async () => {
    const { calls } = receiver();
    expect(await deliver("http://127.0.0.1:9/x", "key", "d", "w", "{}", { ...settings, allowPrivateTargets: true })).toEqual({ ok: true });
    expect(calls).toHaveLength(1);
  });

  it("treats 5xx and 429 as worth a retry, other 4xx not, and never follows redirects", async () => {
    const { calls, state } = receiver();
    expect(await deliver("https://hooks.example.com/x", "key", "d1", "w1", '{"a":1}', settings)).toEqual({ ok: true });
    expect(calls[0]!.headers.get("X-AppHub-Delivery")).toBe("d1");
    expect(calls[0]!.headers.get("X-AppHub-Webhook")).toBe("w1");
    expect(calls[0]!.redirect).toBe("manual");
    state.status = 503;
    expect(await deliver("https://hooks.example.com/x", "key", "d1", "w1", "{}", settings)).toMatchObject({ ok: false, retry: true });
    state.status = 429;
    expect(await deliver("https://hooks.example.com/x", "key", "d1", "w1", "{}", settings)).toMatchObject({ ok: false, retry: true });
    state.status = 410;
    expect(await deliver("https://hooks.example.com/x", "key", "d1", "w1", "{}", settings)).toEqual({ ok: false, retry: false, error: "answered 410" });
  });
});

describe("the delivery signature (timestamp + '.' + body, HMAC-SHA256)", () => {
  it("matches a known vector", async () => {
    // printf '1767225600.{"a":1}' | openssl dgst -sha256 -hmac key
    const expected = createHmac("sha256", "key").update('1767225600.{"a":1}').digest("hex");
    expect(await signDelivery("key", 1767225600, '{"a":1}')).toBe(`sha256=${expected}`);
    expect(expected).toBe("80f7b75f8618b9b24d72673996a625f1a43f7387a26b6739d667431724fe4d23");
  });

  it("sends the unix-seconds timestamp it signed, so the body alone no longer verifies", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-01-01T00:00:00.500Z"));
    const { calls } = receiver();
    await deliver("https://hooks.example.com/x", "key", "d1", "w1", '{"a":1}', settings);
    const sent = calls[0]!;
    expect(sent.headers.get(TIMESTAMP_HEADER)).toBe("1767225600");
    expect(sent.headers.get(SIGNATURE_HEADER)).toBe(`sha256=${createHmac("sha256", "key").update('1767225600.{"a":1}').digest("hex")}`);
    expect(sent.headers.get(SIGNATURE_HEADER)).not.toBe(`sha256=${createHmac("sha256", "key").update('{"a":1}').digest("hex")}`);
  });

  it("signs each attempt with its own time (a retry is not an old replay)", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const { calls } = receiver();
    vi.setSystemTime(new Date("2026-01-01T00:00:00Z"));
    await deliver("https://hooks.example.com/x", "key", "d1", "w1", "{}", settings);
    vi.setSystemTime(new Date("2026-01-01T00:10:00Z"));
    await deliver("https://hooks.example.com/x", "key", "d1", "w1", "{}", settings);
    expect(calls.map((c) => c.headers.get(TIMESTAMP_HEADER))).toEqual(["1767225600", "1767226200"]);
    expect(calls[0]!.headers.get(SIGNATURE_HEADER)).not.toBe(calls[1]!.headers.get(SIGNATURE_HEADER));
  });
});

describe("the receiver's check documented in the README", () => {
  // The README's snippet itself, run as a receiver would run it.
  async function readmeVerifier(): Promise<(headers: Record<string, string>, rawBody: string, secret: string, nowSeconds?: number) => boolean> {
    const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
    const block = /<!-- receiver-verify:start -->\s*```js\n([\s\S]*?)```\s*<!-- receiver-verify:end -->/.exec(readme);
    expect(block, "README.md has the receiver-verify snippet").not.toBeNull();
    const file = join(mkdtempSync(join(tmpdir(), "apphub-verify-")), "verify.mjs");
    writeFileSync(file, block![1]!);
    return ((await import(file)) as { verifyAppHubDelivery: Awaited<ReturnType<typeof readmeVerifier>> }).verifyAppHubDelivery;
  }

  async function sent(body: string, at: string) {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date(at));
    const { calls } = receiver();
    await deliver("https://hooks.example.com/x", "s3cret", "d1", "w1", body, settings);
    vi.useRealTimers();
    return { "x-apphub-timestamp": calls[0]!.headers.get(TIMESTAMP_HEADER)!, "x-apphub-signature": calls[0]!.headers.get(SIGNATURE_HEADER)! };
  }

  it("accepts a fresh delivery and refuses a changed body, a changed timestamp, another secret and one older than 5 minutes", async () => {
    const verify = await readmeVerifier();
    const body = '{"event":"message.mentioned"}';
    const headers = await sent(body, "2026-01-01T00:00:00Z");
    const at = (iso: string) => Date.parse(iso) / 1000;
    expect(verify(headers, body, "s3cret", at("2026-01-01T00:00:30Z"))).toBe(true);
    expect(verify(headers, body, "s3cret", at("2026-01-01T00:05:00Z"))).toBe(true);
    expect(verify(headers, body, "s3cret", at("2026-01-01T00:05:01Z"))).toBe(false);
    expect(verify(headers, `${body} `, "s3cret", at("2026-01-01T00:00:30Z"))).toBe(false);
    expect(verify({ ...headers, "x-apphub-timestamp": String(at("2026-01-01T00:00:20Z")) }, body, "s3cret", at("2026-01-01T00:00:30Z"))).toBe(false);
    expect(verify(headers, body, "other", at("2026-01-01T00:00:30Z"))).toBe(false);
    expect(verify({}, body, "s3cret", at("2026-01-01T00:00:30Z"))).toBe(false);
  });
});
