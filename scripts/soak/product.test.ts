// The soak reads what the product writes: a flash cookie the hub sets (signed, {notice, install})
// is what the soak's reader decodes, and an add's notice is classified by the product's own texts.
// Before issue 26 the soak decoded the cookie as unsigned base64 and read the notice at the top
// level, so half the notices came back null and every add was "unknown".
import { describe, expect, it } from "vitest";
import type { PortalConfig } from "~/lib/config.server";
import { flashCookie } from "~/lib/cookies.server";
import { ADD_APP_MESSAGES as M, ADD_APP_TITLES as T } from "../../app/features/add-app/messages.ts";
import { Jar } from "./http.ts";
import { addOutcome, flashOf } from "./product.ts";

const config = { sessionSecrets: ["dev-only-session-secret-change-me-0123456789"] } as PortalConfig;
const request = new Request("http://127.0.0.1:8797/applications/x");

async function jarWith(value: unknown): Promise<Jar> {
  const jar = new Jar();
  const setCookie = await flashCookie(request, config).serialize(value);
  jar.absorb(new Response(null, { headers: { "Set-Cookie": setCookie } }));
  return jar;
}

describe("the soak's flash reader", () => {
  it("reads every notice the hub writes, whatever its length (a signed value's padding varies)", async () => {
    for (const name of ["a", "ab", "abc", "Ünïcode space"]) {
      const notice = { title: "Webhook added", message: `${name} was created in the Design Team space`, level: "success" as const };
      const install = { id: "1", appId: "app", appType: "bot", appName: "Incoming Webhooks", via: "webhook" as const };
      expect(await flashOf(await jarWith({ notice, install }))).toEqual({ notice, install });
      expect(await flashOf(await jarWith({ notice }))).toEqual({ notice });
    }
  });

  it("refuses a flash that does not verify (forged or unsigned)", async () => {
    const jar = new Jar();
    jar.cookies.set("flash", Buffer.from(JSON.stringify({ notice: { title: "x", message: "y", level: "info" } })).toString("base64"));
    expect(await flashOf(jar)).toBeNull();
  });

  it("tells an add's outcome by the product's texts", () => {
    const flash = (title: string, message: string, level: "success" | "info" | "error") => ({ notice: { title, message, level } });
    expect(addOutcome(flash(T.added, M.added("Pollster", "Design Team"), "success"))).toBe("added");
    expect(addOutcome(flash(M.alreadyThere("Pollster", "Design Team"), M.conflict, "info"))).toBe("already");
    expect(addOutcome(flash(T.locked, M.locked, "error"))).toBe("refused");
    expect(addOutcome(null)).toBe("other");
  });
});
