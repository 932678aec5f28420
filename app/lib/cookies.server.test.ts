import { describe, expect, it } from "vitest";
import { cookieFromHeader } from "./cookies.server.ts";

describe("cookieFromHeader", () => {
  it("decodes the named cookie and takes the first of repeated names", () => {
    expect(cookieFromHeader("a=1; b=x%20y; b=2", "b")).toBe("x y");
    expect(cookieFromHeader("a=1", "b")).toBeNull();
    expect(cookieFromHeader(null, "a")).toBeNull();
  });

  it("keeps a value that is not valid percent-encoding instead of throwing", () => {
    expect(cookieFromHeader("flash=%E0%A4%A", "flash")).toBe("%E0%A4%A");
  });
});

import type { PortalConfig } from "./config.server.ts";
import { consentCookie, csrfCookie, flashCookie, readText, testBarCookie } from "./cookies.server.ts";
import { setFlash, takeFlash } from "./flash.server.ts";

const config = {
  sessionSecrets: ["a-secret-of-at-least-thirty-two-characters", "an-older-secret-of-thirty-two-characters"],
  cookies: { session: "__session", auth: "__oauth", csrf: "csrf-token" },
  sessions: { maxAgeSeconds: 2592000, idleTimeoutSeconds: 604800 },
} as unknown as PortalConfig;
const http = (cookie?: string) => new Request("http://127.0.0.1:8787/", { headers: cookie ? { Cookie: cookie } : {} });
const https = (cookie?: string) => new Request("https://apphub.example/", { headers: cookie ? { Cookie: cookie } : {} });

describe("text cookies (createCookie with the bare value on the wire)", () => {
  it("write and read the value as it is, so browser code and the edge cache see `true` or an ISO time", async () => {
    expect(await consentCookie(http()).serialize("true")).toBe("performance_consent=true; Max-Age=31536000; Path=/; SameSite=Lax");
    expect(await testBarCookie(https()).serialize("true")).toBe("__Host-isAlertTestHidden=true; Path=/; Secure; SameSite=Lax");
    expect(await readText(consentCookie(http()), http("performance_consent=false"))).toBe("false");
    expect(await readText(consentCookie(http()), http("performance_consent=a%20b"))).toBe("a b");
    expect(await readText(consentCookie(http()), http("performance_consent=%E0%A4%A"))).toBe("%E0%A4%A");
    expect(await readText(consentCookie(http()), http("other=1"))).toBeNull();
  });

  it("percent-encode what is not a cookie-octet, and clear with an empty value", async () => {
    expect(await consentCookie(http()).serialize("a b;c")).toMatch(/^performance_consent=a%20b%3Bc;/);
    expect(await csrfCookie(http(), config).serialize("", { maxAge: 0 })).toBe("csrf-token=; Max-Age=0; Path=/; SameSite=Lax");
  });

  it("on https read only the __Host- name", async () => {
    expect(await readText(consentCookie(https()), https("performance_consent=true"))).toBeNull();
    expect(await readText(consentCookie(https()), https("performance_consent=true; __Host-performance_consent=false"))).toBe("false");
  });
});

describe("flash", () => {
  const notice = { title: "Done", message: "It worked – “quoted”", level: "success" as const };
  const cookieOf = (setCookie: string) => setCookie.split(";")[0]!;

  it("is signed, carries the notice (and an install), and clears itself", async () => {
    const set = await setFlash(http(), config, notice, { id: "i1", appId: "a1", appType: "bot", appName: "Bot", via: "space" });
    expect(set).toMatch(/^flash=[^;]+; Max-Age=60; Path=\/; HttpOnly; SameSite=Lax$/);
    const taken = await takeFlash(http(cookieOf(set)), config);
    expect(taken).toEqual({ notice, install: { id: "i1", appId: "a1", appType: "bot", appName: "Bot", via: "space" }, clear: "flash=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax" });
    expect(await takeFlash(http(), config)).toBeNull();
  });

  it("ignores (and clears) an unsigned value as written before issue 14, a forged one, or one signed with an unknown secret", async () => {
    // The pre-issue-14 encoding: base64 of the notice's UTF-8 JSON, no signature.
    const base64 = (value: unknown) => btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))));
    const unsigned = base64(notice);
    const forged = `${base64({ notice })}.c2lnbmF0dXJl`;
    const other = await setFlash(http(), { ...config, sessionSecrets: ["someone-elses-secret-of-32-characters!"] } as PortalConfig, notice);
    for (const value of [unsigned, forged, cookieOf(other).slice("flash=".length), "none"]) {
      expect(await takeFlash(http(`flash=${value}`), config)).toEqual({ notice: null, install: null, clear: "flash=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax" });
    }
  });

  it("verifies with any configured secret (rotation)", async () => {
    const old = await setFlash(http(), { ...config, sessionSecrets: [config.sessionSecrets[1]!] } as PortalConfig, notice);
    expect((await takeFlash(http(cookieOf(old)), config))?.notice).toEqual(notice);
    expect(flashCookie(http(), config).isSigned).toBe(true);
  });
});
