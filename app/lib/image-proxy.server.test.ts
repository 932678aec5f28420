import { describe, expect, it, vi } from "vitest";
import { checkTarget, IMAGE_PROXY_MAX_BYTES, ImageProxyError, isPrivateHost, proxyImage } from "./image-proxy.server.ts";

/** The hostname exactly as the proxy sees it: URL normalises IPv4 forms and compresses IPv6. */
const hostOf = (url: string) => new URL(url).hostname;

describe("isPrivateHost", () => {
  it("refuses an IPv6 address it cannot read rather than fetching it", () => {
    expect(isPrivateHost("[1:2:3:4:5:6:7:8:9]")).toBe(true);
    expect(isPrivateHost("[1::2::3]")).toBe(true);
  });

  it("knows how URL normalises the tricky forms", () => {
    expect(hostOf("http://[::ffff:127.0.0.1]/")).toBe("[::ffff:7f00:1]");
    expect(hostOf("http://2130706433/")).toBe("127.0.0.1");
    expect(hostOf("http://0x7f000001/")).toBe("127.0.0.1");
    expect(hostOf("http://017700000001/")).toBe("127.0.0.1");
    expect(hostOf("http://127.1/")).toBe("127.0.0.1");
  });

  it.each([
    "http://127.0.0.1/",
    "http://127.255.255.254/",
    "http://10.0.0.1/",
    "http://10.255.255.255/",
    "http://172.16.0.1/",
    "http://172.31.255.255/",
    "http://192.168.1.1/",
    "http://169.254.169.254/latest/meta-data/",
    "http://0.0.0.0/",
    "http://100.64.0.1/",
    "http://[::1]/",
    "http://[::]/",
    "http://[fe80::1]/",
    "http://[fc00::1]/",
    "http://[fd12:3456::1]/",
    "http://[::ffff:127.0.0.1]/",
    "http://[::ffff:10.0.0.1]/",
    "http://[::ffff:169.254.169.254]/",
    "http://[0:0:0:0:0:ffff:7f00:1]/",
    "http://[::7f00:1]/", // IPv4-compatible ::127.0.0.1
    "http://[::127.0.0.1]/",
    "http://[::a9fe:a9fe]/", // ::169.254.169.254
    "http://[::ffff:0:7f00:1]/", // SIIT-translated 127.0.0.1
    "http://[64:ff9b::7f00:1]/", // NAT64 of 127.0.0.1
    "http://[64:ff9b::a9fe:a9fe]/", // NAT64 of the metadata address
    "http://[64:ff9b:1::a00:1]/", // local-use NAT64 of 10.0.0.1
    "http://[2002:7f00:1::]/", // 6to4 of 127.0.0.1
    "http://[2002:c0a8:101::1]/", // 6to4 of 192.168.1.1
    "http://[2001:0:4136:e378:8000:63bf:80ff:fffe]/", // Teredo client 127.0.0.1
    "http://[2001:db8::1]/",
    "http://[fec0::1]/",
    "http://[ff02::1]/",
    "http://2130706433/",
    "http://0x7f000001/",
    "http://017700000001/",
    "http://127.1/",
    "http://localhost/",
    "http://LOCALHOST./",
    "http://foo.localhost/",
    "http://x.internal/",
    "http://printer.local/",
    "http://router.home.arpa/",
  ])("%s is private", (url) => {
    expect(isPrivateHost(hostOf(url))).toBe(true);
  });

  it.each([
    "http://images.example.com/logo.png",
    "http://93.184.216.34/",
    "http://8.8.8.8/",
    "http://172.15.0.1/",
    "http://172.32.0.1/",
    "http://192.169.0.1/",
    "http://11.0.0.1/",
    "http://[2001:4860:4860::8888]/",
    "http://[::ffff:8.8.8.8]/",
    "http://[64:ff9b::808:808]/", // NAT64 of 8.8.8.8
    "http://[2002:808:808::1]/", // 6to4 of 8.8.8.8
    "http://[2606:4700:4700::1111]/",
    "http://localhost.example.com/",
    "http://internal.example.com/",
  ])("%s is public", (url) => {
    expect(isPrivateHost(hostOf(url))).toBe(false);
  });
});

describe("checkTarget", () => {
  it("requires an imageUrl (400)", () => {
    expect(() => checkTarget(null, false)).toThrow(expect.objectContaining({ status: 400 }));
    expect(() => checkTarget("", false)).toThrow(expect.objectContaining({ status: 400 }));
  });

  it.each(["not a url", "/relative.png", "file:///etc/passwd", "ftp://example.com/a.png", "javascript:alert(1)", "data:image/png;base64,AA=="])("rejects %j with 400", (raw) => {
    expect(() => checkTarget(raw, false)).toThrow(expect.objectContaining({ status: 400 }));
  });

  it("rejects URLs with credentials (400)", () => {
    expect(() => checkTarget("http://user:pass@images.example.com/a.png", false)).toThrow(expect.objectContaining({ status: 400 }));
  });

  it("refuses private hosts with 403 unless allowed", () => {
    expect(() => checkTarget("http://127.0.0.1/a.png", false)).toThrow(expect.objectContaining({ status: 403 }));
    expect(checkTarget("http://127.0.0.1/a.png", true).hostname).toBe("127.0.0.1");
  });

  it("accepts public http and https URLs", () => {
    expect(checkTarget("http://images.example.com/a.png", false).href).toBe("http://images.example.com/a.png");
    expect(checkTarget("https://images.example.com/a.png", false).protocol).toBe("https:");
  });
});

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const image = (body: BodyInit = PNG, headers: Record<string, string> = { "Content-Type": "image/png" }) => new Response(body, { headers });

async function proxyError(promise: Promise<unknown>): Promise<ImageProxyError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ImageProxyError);
    return error as ImageProxyError;
  }
  throw new Error("expected an ImageProxyError");
}

describe("proxyImage", () => {
  it("passes an image through with its content type", async () => {
    const fetcher = vi.fn(async () => image(PNG, { "Content-Type": "image/png; charset=binary" }));
    const result = await proxyImage("http://images.example.com/logo.png", { allowPrivate: false, fetcher });
    expect(result.contentType).toBe("image/png");
    expect([...result.body]).toEqual([...PNG]);
    expect(fetcher).toHaveBeenCalledTimes(1);
    const [url, init] = fetcher.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("http://images.example.com/logo.png");
    expect(init.redirect).toBe("manual");
  });

  it("never calls the fetcher for a private target", async () => {
    const fetcher = vi.fn(async () => image());
    const error = await proxyError(proxyImage("http://169.254.169.254/latest", { allowPrivate: false, fetcher }));
    expect(error.status).toBe(403);
    expect(fetcher).not.toHaveBeenCalled();
  });

  it.each(["text/html", "text/plain", "application/json", "application/octet-stream", ""])("refuses a %j response with 415", async (type) => {
    const fetcher = async () => new Response("<html>", { headers: type ? { "Content-Type": type } : {} });
    const error = await proxyError(proxyImage("http://images.example.com/a", { allowPrivate: false, fetcher }));
    expect(error.status).toBe(415);
  });

  it("refuses a declared Content-Length over the cap with 413", async () => {
    const fetcher = async () => image(PNG, { "Content-Type": "image/png", "Content-Length": String(IMAGE_PROXY_MAX_BYTES + 1) });
    const error = await proxyError(proxyImage("http://images.example.com/big.png", { allowPrivate: false, fetcher }));
    expect(error.status).toBe(413);
  });

  it("refuses a body that grows over the cap without a Content-Length with 413", async () => {
    const chunk = new Uint8Array(1024 * 1024);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > IMAGE_PROXY_MAX_BYTES + chunk.byteLength) return controller.close();
        sent += chunk.byteLength;
        controller.enqueue(chunk);
      },
    });
    const fetcher = async () => image(stream, { "Content-Type": "image/jpeg" });
    const error = await proxyError(proxyImage("http://images.example.com/big.jpg", { allowPrivate: false, fetcher }));
    expect(error.status).toBe(413);
  });

  it("follows a redirect to another public host", async () => {
    const fetcher = vi.fn(async (url: string | URL | Request) =>
      String(url).includes("old") ? new Response(null, { status: 302, headers: { Location: "http://cdn.example.com/new.png" } }) : image(),
    );
    const result = await proxyImage("http://images.example.com/old.png", { allowPrivate: false, fetcher: fetcher as typeof fetch });
    expect(result.contentType).toBe("image/png");
    expect(fetcher.mock.calls.map((c) => String(c[0]))).toEqual(["http://images.example.com/old.png", "http://cdn.example.com/new.png"]);
  });

  it.each(["http://127.0.0.1/secret.png", "http://[::1]/x", "http://10.1.2.3/x", "http://metadata.internal/computeMetadata"])(
    "refuses a redirect to the private host %s with 403, without fetching it",
    async (location) => {
      const fetcher = vi.fn(async () => new Response(null, { status: 301, headers: { Location: location } }));
      const error = await proxyError(proxyImage("http://images.example.com/a.png", { allowPrivate: false, fetcher }));
      expect(error.status).toBe(403);
      expect(fetcher).toHaveBeenCalledTimes(1);
    },
  );

  it("gives up after a few redirects (502)", async () => {
    let n = 0;
    const fetcher = vi.fn(async () => new Response(null, { status: 302, headers: { Location: `http://images.example.com/${++n}` } }));
    const error = await proxyError(proxyImage("http://images.example.com/0", { allowPrivate: false, fetcher }));
    expect(error.status).toBe(502);
    expect(fetcher.mock.calls.length).toBeLessThanOrEqual(5);
  });

  it("answers 502 when the upstream fails or errors", async () => {
    const notFound = async () => new Response("nope", { status: 404, headers: { "Content-Type": "image/png" } });
    expect((await proxyError(proxyImage("http://images.example.com/a.png", { allowPrivate: false, fetcher: notFound }))).status).toBe(502);
    const broken = async () => {
      throw new TypeError("network down");
    };
    expect((await proxyError(proxyImage("http://images.example.com/a.png", { allowPrivate: false, fetcher: broken }))).status).toBe(502);
  });

  it("times out with 504", async () => {
    const hang = (_url: string | URL | Request, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => {
        init?.signal?.addEventListener("abort", () => reject(init.signal!.reason));
      });
    const error = await proxyError(proxyImage("http://images.example.com/slow.png", { allowPrivate: false, fetcher: hang, timeoutMs: 50 }));
    expect(error.status).toBe(504);
  });

  it("uses a 30 s timeout by default (spec §9 external resource proxy)", async () => {
    const spy = vi.spyOn(AbortSignal, "timeout");
    await proxyImage("http://images.example.com/a.png", { allowPrivate: false, fetcher: async () => image() });
    expect(spy).toHaveBeenCalledWith(30_000);
    spy.mockRestore();
  });
});
