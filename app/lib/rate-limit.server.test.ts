import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { unstable_readConfig } from "wrangler";
import { createHash } from "node:crypto";
import { clientKey, NO_ADDRESS_KEY, PAGE_CSP, PAGE_STYLE, RATE_LIMITED_PATHS, RATE_LIMITS, rateLimitResponse, routePath, tooManyRequests, withinLimit } from "./rate-limit.server";

const wranglerToml = fileURLToPath(new URL("../../wrangler.toml", import.meta.url));
const withAddress = (address?: string) => new Request("https://apphub.example/search", { headers: address === undefined ? {} : { "CF-Connecting-IP": address } });

describe("wrangler.toml and the code agree on the bindings", () => {
  type Binding = { name: string; namespace_id: string; simple: { limit: number; period: number } };
  const bindings: Binding[] = unstable_readConfig({ config: wranglerToml }).ratelimits;

  it("every binding the code uses is declared, with the period Retry-After states", () => {
    expect(bindings.map((b) => b.name).sort()).toEqual(Object.keys(RATE_LIMITS).sort());
    for (const b of bindings) expect(b.simple.period, b.name).toBe(RATE_LIMITS[b.name as keyof typeof RATE_LIMITS].period);
  });

  it("each binding has its own namespace (counters are per namespace)", () => {
    expect(new Set(bindings.map((b) => b.namespace_id)).size).toBe(bindings.length);
  });

  // [[ratelimits]] is not inherited by [env.*] sections: each environment carries its own copy.
  it.each(["development", "staging", "production"])("[env.%s] has the same limits", (env) => {
    const own: Binding[] = unstable_readConfig({ config: wranglerToml, env }, { hideWarnings: true }).ratelimits;
    const shape = (list: Binding[]) => list.map((b) => ({ name: b.name, simple: b.simple })).sort((a, b) => a.name.localeCompare(b.name));
    expect(shape(own)).toEqual(shape(bindings));
    expect(new Set(own.map((b) => b.namespace_id)).size).toBe(own.length);
  });

  it("staging and production keep their counters apart", () => {
    const ids = (env: string) => unstable_readConfig({ config: wranglerToml, env }, { hideWarnings: true }).ratelimits.map((b: Binding) => b.namespace_id);
    const staging = new Set(ids("staging"));
    expect(ids("production").filter((id: string) => staging.has(id))).toEqual([]);
  });

  it("limits stay far above what one person does (docs/decisions/013)", () => {
    const perMinute = (name: string) => {
      const b = bindings.find((x) => x.name === name)!;
      return (b.simple.limit * 60) / b.simple.period;
    };
    // A person typing into the search box asks at most ~7 suggestions a second while typing.
    expect(perMinute("RATE_LIMIT_SEARCH")).toBeGreaterThanOrEqual(600);
    // A deep list page can show 320 proxied logos at once.
    expect(bindings.find((b) => b.name === "RATE_LIMIT_IMAGES")!.simple.limit).toBeGreaterThanOrEqual(320);
    expect(perMinute("RATE_LIMIT_ANALYTICS")).toBeGreaterThanOrEqual(300);
    expect(perMinute("RATE_LIMIT_LOGIN")).toBeGreaterThanOrEqual(30);
  });
});

describe("clientKey", () => {
  it.each([
    ["203.0.113.7", "203.0.113.7"],
    [" 203.0.113.7 ", "203.0.113.7"],
    ["::ffff:203.0.113.7", "203.0.113.7"],
    // An IPv6 subscriber usually holds a whole /64: one key for all of it.
    ["2001:db8:1:2::1", "2001:db8:1:2::/64"],
    ["2001:db8:1:2:aaaa:bbbb:cccc:dddd", "2001:db8:1:2::/64"],
    ["2001:0DB8:0001:0002:0:0:0:9", "2001:db8:1:2::/64"],
    ["2001:db8::1", "2001:db8:0:0::/64"],
    ["::1", "0:0:0:0::/64"],
    ["fe80::1%eth0", "fe80:0:0:0::/64"],
  ])("%j → %j", (address, key) => {
    expect(clientKey(withAddress(address))).toBe(key);
  });

  it("puts requests without an address in one shared bucket (never unlimited)", () => {
    expect(clientKey(withAddress())).toBe(NO_ADDRESS_KEY);
    expect(clientKey(withAddress(""))).toBe(NO_ADDRESS_KEY);
  });

  it("keeps other /64s apart", () => {
    expect(clientKey(withAddress("2001:db8:1:2::1"))).not.toBe(clientKey(withAddress("2001:db8:1:3::1")));
  });
});

describe("routePath and the table of limited paths", () => {
  const bindingFor = (pathname: string) => RATE_LIMITED_PATHS.find((p) => p.path.test(routePath(pathname)))?.binding ?? null;

  it.each([
    ["/api/analytics", "RATE_LIMIT_ANALYTICS"],
    ["/API/Analytics/", "RATE_LIMIT_ANALYTICS"],
    ["/search", "RATE_LIMIT_SEARCH"],
    ["/search.data", "RATE_LIMIT_SEARCH"],
    ["/SEARCH//", "RATE_LIMIT_SEARCH"],
    ["/api/search", "RATE_LIMIT_SEARCH"],
    ["/api/sugges%74", "RATE_LIMIT_SEARCH"],
    ["/getImage", "RATE_LIMIT_IMAGES"],
    ["/getimage", "RATE_LIMIT_IMAGES"],
    ["/auth", "RATE_LIMIT_LOGIN"],
    ["/auth/callback", "RATE_LIMIT_LOGIN"],
    ["/api/hooks/incoming/abc123", "RATE_LIMIT_HOOKS"],
    ["/bots", null],
    ["/api/analytics/summary", null],
    ["/api/hooks/outgoing/abc", null],
    ["/authorize", null],
    ["/", null],
  ])("%s → %s", (path, binding) => {
    expect(bindingFor(path)).toBe(binding);
  });
});

describe("the check and its answers", () => {
  const limiter = (success: boolean) => ({ limit: async () => ({ success }) });
  const env = (success: boolean) => Object.fromEntries(Object.keys(RATE_LIMITS).map((name) => [name, limiter(success)])) as unknown as Env;

  it("is null for paths it does not limit and within the allowance", async () => {
    expect(await rateLimitResponse(new Request("https://apphub.example/bots"), env(false))).toBeNull();
    expect(await rateLimitResponse(new Request("https://apphub.example/search?q=a"), env(true))).toBeNull();
  });

  it("answers a page with HTML and a navigation or an API with JSON", async () => {
    const page = (await rateLimitResponse(new Request("https://apphub.example/search?q=a"), env(false)))!;
    expect(page.headers.get("Content-Type")).toMatch(/^text\/html/);
    const data = (await rateLimitResponse(new Request("https://apphub.example/search.data?q=a"), env(false)))!;
    expect(data.headers.get("Content-Type")).toMatch(/^application\/json/);
  });

  it("asks the binding with the client's key", async () => {
    const keys: string[] = [];
    const spy = {
      limit: async ({ key }: { key: string }) => {
        keys.push(key);
        return { success: true };
      },
    };
    await rateLimitResponse(new Request("https://apphub.example/getImage", { headers: { "CF-Connecting-IP": "2001:db8::5" } }), { RATE_LIMIT_IMAGES: spy } as unknown as Env);
    expect(keys).toEqual(["2001:db8:0:0::/64"]);
  });

  it("remembers a refused key for the period: a flood from one client does not ask the binding again", async () => {
    let asked = 0;
    let allow = false;
    const binding = {
      limit: async () => {
        asked++;
        return { success: allow };
      },
    };
    const e = { RATE_LIMIT_ANALYTICS: binding } as unknown as Env;
    const t0 = 1_000_000;
    expect(await withinLimit(e, "RATE_LIMIT_ANALYTICS", "203.0.113.99", t0)).toBe(false);
    allow = true;
    for (let i = 0; i < 100; i++) expect(await withinLimit(e, "RATE_LIMIT_ANALYTICS", "203.0.113.99", t0 + 9_999)).toBe(false);
    expect(asked).toBe(1);
    // Another client, or the same once the period is over, is asked about again.
    expect(await withinLimit(e, "RATE_LIMIT_ANALYTICS", "203.0.113.98", t0 + 10)).toBe(true);
    expect(await withinLimit(e, "RATE_LIMIT_ANALYTICS", "203.0.113.99", t0 + 10_000)).toBe(true);
    expect(asked).toBe(3);
  });

  it("fails closed, naming the binding, when wrangler.toml's environment lacks it", async () => {
    await expect(withinLimit({} as Env, "RATE_LIMIT_SEARCH", "k")).rejects.toThrow(/RATE_LIMIT_SEARCH.*missing/);
  });

  it.each(Object.keys(RATE_LIMITS) as (keyof typeof RATE_LIMITS)[])("%s: 429, Retry-After = period, never stored", async (name) => {
    for (const answer of ["json", "page"] as const) {
      const res = tooManyRequests(name, answer);
      expect(res.status).toBe(429);
      expect(res.headers.get("Retry-After")).toBe(String(RATE_LIMITS[name].period));
      expect(res.headers.get("Cache-Control")).toBe("private, no-store");
      const text = await res.text();
      expect(text).toContain(String(RATE_LIMITS[name].period));
    }
  });
});

describe("the 429 page", () => {
  it("allows exactly its own style, and nothing else", async () => {
    const hash = createHash("sha256").update(PAGE_STYLE).digest("base64");
    expect(PAGE_CSP).toContain(`style-src 'sha256-${hash}'`);
    expect(PAGE_CSP).toContain("default-src 'none'");
    const res = tooManyRequests("RATE_LIMIT_SEARCH", "page");
    expect(res.headers.get("Content-Security-Policy")).toBe(PAGE_CSP);
    expect(await res.text()).toContain(`<style>${PAGE_STYLE}</style>`);
  });
});
