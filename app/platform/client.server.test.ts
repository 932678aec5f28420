import { describe, expect, it } from "vitest";
import { createLogger } from "~/lib/logger.server";
import { createPlatformClient, isSessionRefused, PlatformError, type PlatformCredential } from "./client.server.ts";

const person = { id: "Y2lzY29zcGFyazovL3VzL1BFT1BMRS8x", emails: ["a@b.example"], orgId: "Y2lzY29zcGFyazovL3VzL09SR0FOSVpBVElPTi8x" };

function clientWith(handler: (req: Request) => Response | Promise<Response>, timeoutMs = 1000, credential: PlatformCredential = "session") {
  const seen: Request[] = [];
  const client = createPlatformClient({
    apiBase: "https://platform.example/v1",
    timeoutMs,
    trackingSession: `t${Math.random().toString(36).slice(2, 8)}`,
    logger: createLogger("error"),
    accessToken: "tok",
    credential,
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const req = new Request(input, init);
      seen.push(req);
      return handler(req);
    }) as typeof fetch,
  });
  return { client, seen };
}

async function failure(promise: Promise<unknown>): Promise<PlatformError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(PlatformError);
    return error as PlatformError;
  }
  throw new Error("expected a PlatformError");
}

describe("platform client", () => {
  it("sends the bearer token and a tracking id that counts up per request", async () => {
    const { client, seen } = clientWith(() => Response.json(person));
    await client.getMe();
    await client.getMe();
    expect(seen[0]!.headers.get("Authorization")).toBe("Bearer tok");
    const [a, b] = seen.map((r) => r.headers.get("trackingid")!);
    expect(a).toMatch(/^t\w+_1$/);
    expect(b).toBe(a!.replace(/_1$/, "_2"));
  });

  it("normalises an error body to status and message, with the tracking id and Retry-After", async () => {
    const { client } = clientWith(() =>
      Response.json({ message: "Slow down", errors: [{ description: "Slow down" }], trackingId: "ROUTER_1" }, { status: 429, headers: { "Retry-After": "30" } }),
    );
    const error = await failure(client.getMe());
    expect(error).toMatchObject({ kind: "http", status: 429, message: "Slow down", trackingId: "ROUTER_1", retryAfterSeconds: 30 });
  });

  it("falls back to the first error description, then the status text", async () => {
    const described = clientWith(() => Response.json({ message: "", errors: [{ description: "Room is locked" }] }, { status: 403 }));
    expect((await failure(described.client.getMe())).message).toBe("Room is locked");
    const bare = clientWith(() => new Response("<html>oops</html>", { status: 502, statusText: "Bad Gateway" }));
    expect(await failure(bare.client.getMe())).toMatchObject({ status: 502, message: "Bad Gateway" });
  });

  it("gives up after the time-out as a 504", async () => {
    const { client } = clientWith(
      (req) => new Promise<Response>((_resolve, reject) => req.signal.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")))),
      50,
    );
    expect(await failure(client.getMe())).toMatchObject({ kind: "timeout", status: 504 });
  });

  it("refuses an answer that does not match its schema", async () => {
    const { client } = clientWith(() => Response.json({ id: 42 }));
    expect(await failure(client.getMe())).toMatchObject({ kind: "invalid-response", status: 502 });
  });

  it("exchanges codes form-encoded without a bearer token", async () => {
    const { client, seen } = clientWith(() => Response.json({ access_token: "a", expires_in: 10, refresh_token: "r", refresh_token_expires_in: 20, token_type: "Bearer" }));
    await client.exchangeCode({ clientId: "c", clientSecret: "s", code: "x", redirectUri: "http://h/cb", codeVerifier: "v" });
    const req = seen[0]!;
    expect(req.headers.get("Authorization")).toBeNull();
    const form = new URLSearchParams(await req.text());
    expect(Object.fromEntries(form)).toMatchObject({ grant_type: "authorization_code", code: "x", code_verifier: "v", redirect_uri: "http://h/cb" });
  });

  it("records whose credential a refused call carried: only the session's 401 is the person's (issue 13)", async () => {
    const refuse = () => Response.json({ message: "The request requires a valid access token" }, { status: 401 });
    const session = await failure(clientWith(refuse).client.getMe());
    expect(session.credential).toBe("session");
    expect(isSessionRefused(session)).toBe(true);
    const service = await failure(clientWith(refuse, 1000, "service").client.getMe());
    expect(service).toMatchObject({ status: 401, credential: "service" });
    expect(isSessionRefused(service)).toBe(false);
    // A time-out or a 403 on the session is not a refusal of the session either.
    const forbidden = await failure(clientWith(() => Response.json({ message: "no" }, { status: 403 })).client.getMe());
    expect(isSessionRefused(forbidden)).toBe(false);
  });

  it("lists and revives platform webhooks (GET /webhooks, PUT /webhooks/{id} with status active)", async () => {
    const hook = {
      id: "Y2lzY29zcGFyazovL3VzL1dFQkhPT0svMQ",
      name: "n",
      targetUrl: "https://h/x",
      resource: "messages",
      event: "created",
      status: "active",
      created: "2024-01-01T00:00:00.000Z",
    };
    const { client, seen } = clientWith((req) => {
      if (req.method !== "GET") return Response.json(hook);
      // Two pages, joined by a Link header; a foreign next link is never followed.
      const second = new URL(req.url).searchParams.has("cursor");
      const link = second ? '<https://evil.example/v1/webhooks?cursor=3>; rel="next"' : '<https://platform.example/v1/webhooks?max=100&cursor=2>; rel="next"';
      return Response.json({ items: [{ ...hook, status: second ? "active" : "inactive" }] }, { headers: { Link: link } });
    });
    expect((await client.listWebhooks()).map((h) => h.status)).toEqual(["inactive", "active"]);
    expect(seen.map((r) => r.url)).toEqual(["https://platform.example/v1/webhooks?max=100", "https://platform.example/v1/webhooks?max=100&cursor=2"]);
    expect(await client.updateWebhook(hook.id, { name: "n", targetUrl: "https://h/x", secret: "s", status: "active" })).toMatchObject({ status: "active" });
    expect(seen[2]!.method).toBe("PUT");
    expect(seen[2]!.url).toBe(`https://platform.example/v1/webhooks/${hook.id}`);
    expect(await seen[2]!.json()).toEqual({ name: "n", targetUrl: "https://h/x", secret: "s", status: "active" });
  });
});
