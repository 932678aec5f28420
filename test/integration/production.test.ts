// The production rehearsal (issue 12, "Production, operated"): the built Worker runs with the exact
// vars of wrangler.toml's [env.production] (and [env.staging]) plus the test secrets a deploy would
// set with `wrangler secret put`, nothing from development, and is asked what production must do.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorker, TEST_DEPLOY_SECRETS, wranglerVars, type TestWorker } from "./harness.ts";

const ORIGIN = "https://apphub.lumen.example";
const BROWSER = { "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Safari/537.36", Accept: "text/html" };

let prod: TestWorker;
const logs: { level: string; message: string }[] = [];
const outbound: string[] = [];

/** A request as the public internet sends it: https, to the production host. */
const get = (w: TestWorker, path: string, init: RequestInit = {}) =>
  w.mf.dispatchFetch(`${ORIGIN}${path}`, { redirect: "manual", ...(init as object), headers: { ...BROWSER, ...(init.headers as object) } }) as unknown as Promise<Response>;

const setCookies = (res: Response) => res.headers.getSetCookie();

beforeAll(async () => {
  prod = await startWorker({
    environment: "production",
    apps: 60,
    content: true,
    // Every request is logged at debug, so masking is checked on the lines production would write.
    vars: { LOG_LEVEL: "debug" },
    onLog: (log) => logs.push(log),
    // The rehearsal never reaches the internet; anything the Worker tries to fetch is recorded.
    outboundService: (request) => {
      outbound.push(request.url);
      return new Response("no internet in the rehearsal", { status: 502 });
    },
  });
});
afterAll(() => prod?.dispose());

describe("the production environment's vars (wrangler.toml [env.production])", () => {
  it("hold no development values and no secrets", () => {
    const vars = wranglerVars("production");
    expect(vars.SERVER_ENVIRONMENT).toBe("production");
    expect(vars.IMAGE_PROXY_ALLOW_PRIVATE).toBe("false");
    expect(vars.RENDER_ENVIRONMENT_WARNING).toBe("false");
    // Per deployment and left empty (the config check fails until they are set): the client id and the platform's token page.
    const setByDeployer = ["OAUTH_CLIENT_ID", "PLATFORM_TOKENS_PAGE_URL"];
    for (const name of setByDeployer) expect(vars[name], name).toBe("");
    for (const name of Object.keys(TEST_DEPLOY_SECRETS).filter((n) => !setByDeployer.includes(n))) expect(vars).not.toHaveProperty(name);
    for (const [name, value] of Object.entries(vars)) {
      expect(value, name).not.toMatch(/dev-only|127\.0\.0\.1|localhost|demo/);
      if (/^https?:/.test(value)) expect(value, name).toMatch(/^https:/);
    }
  });
});

describe("production over https", () => {
  it("sends HSTS and the security headers, and no test-environment bar", async () => {
    const res = await get(prod, "/");
    expect(res.status).toBe(200);
    expect(res.headers.get("Strict-Transport-Security")).toMatch(/max-age=\d{8}/);
    expect(res.headers.get("Content-Security-Policy")).toContain("frame-ancestors 'none'");
    const html = await res.text();
    expect(html).not.toContain("Test Environment");
  });

  it.each([
    ["/brand-new", "s-maxage=3600"],
    ["/search?q=chat", "s-maxage=3600"],
    ["/api/fetch-all-categories", "s-maxage=3600"],
    ["/api/search?searchString=chat", "s-maxage=3600"],
    ["/sitemap.xml", "s-maxage=86400"],
  ])("%s carries the spec's production cache age (%s)", async (path, age) => {
    const res = await get(prod, path, { headers: { Accept: path.startsWith("/api") ? "application/json" : "text/html" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toContain(age);
  });

  it("sets every cookie of ours with the __Host- prefix, Secure, Path=/ and no Domain", async () => {
    const responses = [
      // Analytics consent (a preference cookie).
      await get(prod, "/preferences/analytics-consent", {
        method: "POST",
        headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
        body: "consent=true",
      }),
      // The pending login (state and PKCE verifier) on the way to the platform.
      await get(prod, "/auth?last=/bots"),
      // The announcement banner's dismissal.
      await get(prod, "/preferences/announcement", {
        method: "POST",
        headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
        body: "time=2026-01-01T00%3A00%3A00.000Z&returnTo=/",
      }),
    ];
    const cookies = responses.flatMap(setCookies);
    expect(cookies.length).toBeGreaterThanOrEqual(3);
    for (const cookie of cookies) {
      expect(cookie).toMatch(/^__Host-/);
      expect(cookie).toMatch(/;\s*Secure/i);
      expect(cookie).toMatch(/;\s*Path=\/(;|$)/i);
      expect(cookie).not.toMatch(/;\s*Domain=/i);
    }
  });

  it("refuses private image targets without fetching them", async () => {
    for (const target of ["http://127.0.0.1:8787/logos/a.svg", "http://10.0.0.1/a.png", "http://localhost/a.png"]) {
      const res = await get(prod, `/getImage?imageUrl=${encodeURIComponent(target)}`);
      expect(res.status, target).toBe(403);
    }
    expect(outbound.filter((u) => /127\.0\.0\.1|10\.0\.0\.1|localhost/.test(u))).toEqual([]);
  });

  it("masks what the spec masks in every logged line (spec §5)", async () => {
    const before = logs.length;
    await get(prod, "/search?q=x&email=ada%40acme.example&personEmail=p%40acme.example&code=secret-code&access_token=secret-token", {
      headers: { Cookie: "session-cookie-value=1", Authorization: "Bearer secret-bearer" },
    });
    const lines = logs
      .slice(before)
      .map((l) => l.message)
      .join("\n");
    expect(lines).toContain("request");
    expect(lines).toContain("***");
    for (const secret of ["ada@acme.example", "ada%40acme.example", "p%40acme.example", "secret-code", "secret-token", "secret-bearer", "session-cookie-value"]) {
      expect(lines).not.toContain(secret);
    }
  });
});

describe("fails closed", () => {
  it.each([
    ["INCOMING_WEBHOOKS_BOT_TOKEN", "dev-only-incoming-webhooks-bot-token"],
    ["SESSION_SECRETS", "dev-only-session-secret-change-me-0123456789"],
    ["OAUTH_CLIENT_ID", ""],
    ["IMAGE_PROXY_ALLOW_PRIVATE", "true"],
  ])("production with %s=%j answers 500 naming it", async (name, value) => {
    const w = await startWorker({ environment: "production", apps: 5, vars: { [name]: value } });
    try {
      const res = await get(w, "/");
      expect(res.status).toBe(500);
      expect(await res.text()).toContain(name);
    } finally {
      await w.dispose();
    }
  });

  it("the development vars serve loopback only: on a public host they answer 500", async () => {
    const w = await startWorker({ apps: 5 });
    try {
      const local = await w.fetch("/robots.txt");
      expect(local.status).toBe(200);
      const res = await get(w, "/");
      expect(res.status).toBe(500);
      expect(await res.text()).toContain('SERVER_ENVIRONMENT: "development" serves only 127.0.0.1 and localhost');
    } finally {
      await w.dispose();
    }
  });
});

describe("staging (wrangler.toml [env.staging]) is as strict as production", () => {
  let staging: TestWorker;
  beforeAll(async () => {
    staging = await startWorker({ environment: "staging", apps: 20 });
  });
  afterAll(() => staging?.dispose());

  it("shows the test-environment bar, caches for the production ages, refuses private images", async () => {
    const res = await get(staging, "/brand-new");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toContain("s-maxage=3600");
    expect(await res.text()).toContain("Test Environment");
    expect((await get(staging, `/getImage?imageUrl=${encodeURIComponent("http://127.0.0.1/a.png")}`)).status).toBe(403);
  });

  it("refuses development secrets", async () => {
    const w = await startWorker({ environment: "staging", apps: 5, vars: { OUTGOING_WEBHOOKS_BOT_TOKEN: "dev-only-outgoing-webhooks-bot-token" } });
    try {
      const res = await get(w, "/");
      expect(res.status).toBe(500);
      expect(await res.text()).toContain("OUTGOING_WEBHOOKS_BOT_TOKEN");
    } finally {
      await w.dispose();
    }
  });
});
