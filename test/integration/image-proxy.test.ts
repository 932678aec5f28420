// /getImage (spec §5, §9): proxies plain-http images, and cannot be used to reach internal hosts.
// The Worker's outbound fetches go to a stub, so the test sees every request the proxy makes.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { startWorker, type TestWorker } from "./harness.ts";

const PNG = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const outbound: string[] = [];

function stub(request: Request): Response {
  outbound.push(request.url);
  const url = new URL(request.url);
  switch (url.pathname) {
    case "/logo.png":
      return new Response(PNG, { headers: { "Content-Type": "image/png" } });
    case "/page.html":
      return new Response("<!doctype html><p>not an image</p>", { headers: { "Content-Type": "text/html; charset=utf-8" } });
    case "/huge.png":
      return new Response(PNG, { headers: { "Content-Type": "image/png", "Content-Length": String(500 * 1024 * 1024) } });
    case "/to-metadata.png":
      return new Response(null, { status: 302, headers: { Location: "http://169.254.169.254/latest/meta-data/" } });
    case "/to-nip.png":
      return new Response(null, { status: 302, headers: { Location: "http://127.0.0.1.nip.io/secret.png" } });
    case "/to-intranet.png":
      return new Response(null, { status: 307, headers: { Location: "http://intranet/logo.png" } });
    case "/to-relative.png":
      return new Response(null, { status: 301, headers: { Location: "/logo.png" } });
    case "/moved.png":
      return new Response(null, { status: 301, headers: { Location: "http://cdn.example.test/logo.png" } });
    default:
      return new Response("not found", { status: 404 });
  }
}

let w: TestWorker;

beforeAll(async () => {
  w = await startWorker({ apps: 20, vars: { IMAGE_PROXY_ALLOW_PRIVATE: "false" }, outboundService: stub });
});
afterAll(() => w?.dispose());
beforeEach(() => {
  outbound.length = 0;
});

const proxy = (imageUrl: string) => w.fetch(`/getImage?imageUrl=${encodeURIComponent(imageUrl)}`);

describe("/getImage refusals", () => {
  it("requires imageUrl (400)", async () => {
    const res = await w.fetch("/getImage");
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("imageUrl");
    expect(outbound).toEqual([]);
  });

  it.each([
    "http://127.0.0.1/x.png",
    "http://169.254.169.254/latest",
    "http://10.0.0.1/",
    "http://192.168.0.1/a.png",
    "http://172.16.5.4/a.png",
    "http://localhost/",
    "http://foo.localhost/a.png",
    "http://metadata.internal/a.png",
    "http://[::1]/a.png",
    "http://[::ffff:127.0.0.1]/a.png",
    "http://2130706433/a.png",
    "http://0x7f000001/a.png",
    "http://0.0.0.0/a.png",
    "file:///etc/passwd",
    "ftp://images.example.test/logo.png",
    "not a url",
    "http://user:secret@images.example.test/logo.png",
  ])("refuses %s without fetching anything", async (url) => {
    const res = await proxy(url);
    expect([400, 403]).toContain(res.status);
    expect(res.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(outbound).toEqual([]);
  });

  it("refuses private targets with 403 and bad URLs with 400", async () => {
    expect((await proxy("http://127.0.0.1/x.png")).status).toBe(403);
    expect((await proxy("file:///etc/passwd")).status).toBe(400);
  });

  it("refuses a redirect to a private host (403) without following it", async () => {
    const res = await proxy("http://images.example.test/to-metadata.png");
    expect(res.status).toBe(403);
    expect(outbound).toEqual(["http://images.example.test/to-metadata.png"]);
  });
});

describe("/getImage refuses names that point at this machine or a private network (issue 12)", () => {
  it.each([
    "http://intranet/logo.png",
    "http://printer/logo.png",
    "http://localhost.:8080/logo.png",
    "http://api.localhost/logo.png",
    "http://printer.local/logo.png",
    "http://metadata.google.internal/computeMetadata/v1/",
    "http://router.home.arpa/logo.png",
    "http://nas.lan/logo.png",
    "http://app.localtest.me/logo.png",
    "http://127.0.0.1.nip.io/logo.png",
    "http://app.10.0.0.1.nip.io/logo.png",
    "http://10-0-0-1.sslip.io/logo.png",
    "http://169-254-169-254.sslip.io/latest/meta-data/",
    "http://7f000001.nip.io/logo.png",
    "http://--1.sslip.io/logo.png",
    "http://0177.0.0.1/logo.png",
    "http://0x7f.1/logo.png",
    "http://[fd00::1]/logo.png",
    "http://[fe80::1]/logo.png",
    "http://[::ffff:10.0.0.1]/logo.png",
  ])("%s: 403 without fetching anything", async (url) => {
    const res = await proxy(url);
    expect(res.status).toBe(403);
    expect(outbound).toEqual([]);
  });

  it("checks every redirect itself: a public host cannot send the proxy to such a name", async () => {
    for (const path of ["/to-nip.png", "/to-intranet.png"]) {
      outbound.length = 0;
      const res = await proxy(`http://images.example.test${path}`);
      expect(res.status).toBe(403);
      expect(outbound).toEqual([`http://images.example.test${path}`]);
    }
  });

  it("follows a relative redirect on the same public host", async () => {
    const res = await proxy("http://images.example.test/to-relative.png");
    expect(res.status).toBe(200);
    expect(outbound).toEqual(["http://images.example.test/to-relative.png", "http://images.example.test/logo.png"]);
  });
});

describe("/getImage with the explicit local relaxation (IMAGE_PROXY_ALLOW_PRIVATE)", () => {
  it("fetches a private name only when the relaxation is on", async () => {
    const relaxed = await startWorker({ apps: 5, vars: { IMAGE_PROXY_ALLOW_PRIVATE: "true" }, outboundService: stub });
    try {
      const res = await relaxed.fetch(`/getImage?imageUrl=${encodeURIComponent("http://127.0.0.1.nip.io/logo.png")}`);
      expect(res.status).toBe(200);
      expect(outbound).toEqual(["http://127.0.0.1.nip.io/logo.png"]);
    } finally {
      await relaxed.dispose();
    }
  });
});

describe("/getImage on a public host", () => {
  it("passes a PNG through with a cache header and a sandbox CSP", async () => {
    const res = await proxy("http://images.example.test/logo.png");
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("image/png");
    expect(res.headers.get("Cache-Control")).toMatch(/public, max-age=\d+/);
    expect(res.headers.get("Content-Security-Policy")).toContain("sandbox");
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(PNG);
    expect(outbound).toEqual(["http://images.example.test/logo.png"]);
  });

  it("follows a redirect to another public host", async () => {
    const res = await proxy("http://images.example.test/moved.png");
    expect(res.status).toBe(200);
    expect(outbound).toEqual(["http://images.example.test/moved.png", "http://cdn.example.test/logo.png"]);
  });

  it("refuses a text/html response with 415", async () => {
    const res = await proxy("http://images.example.test/page.html");
    expect(res.status).toBe(415);
    expect(await res.text()).not.toContain("<p>");
  });

  it("refuses a huge Content-Length with 413", async () => {
    expect((await proxy("http://images.example.test/huge.png")).status).toBe(413);
  });

  it("answers 502 when the image is missing upstream", async () => {
    const res = await proxy("http://images.example.test/missing.png");
    expect(res.status).toBe(502);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
  });
});
