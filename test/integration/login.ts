// The app and the platform emulator side by side (the app reaches the emulator over real HTTP,
// as in production), a cookie jar, and the whole login flow as a browser would run it.
import { afterAll, beforeAll, beforeEach, expect } from "vitest";
import { startPlatform, type PlatformHarness } from "../platform/harness.ts";
import { startWorker, type TestWorker } from "./harness.ts";

export type World = { app: TestWorker; platform: PlatformHarness; dispose: () => Promise<void> };

/**
 * A world for the tests of one file or describe block: started before them, disposed after, and
 * `reset` before each test (the emulator's demo state by default). Returns a stand-in that reads
 * the started world, so tests use `world.app`, `world.platform` as usual.
 */
export function useWorld(start: () => Promise<World>, reset: (world: World) => Promise<unknown> = (world) => world.platform.reset()): World {
  let current: World | undefined;
  beforeAll(async () => {
    current = await start();
  });
  afterAll(() => current?.dispose());
  beforeEach(() => reset(started()));
  const started = () => {
    if (!current) throw new Error("The world is used before its beforeAll started it");
    return current;
  };
  return new Proxy({} as World, { get: (_, key) => Reflect.get(started(), key) });
}

export async function startWorld(vars: Record<string, string> = {}, options: { listen?: boolean; rateLimits?: Record<string, number> } = {}): Promise<World> {
  const platform = await startPlatform();
  const app = await startWorker({
    vars: { PLATFORM_API_BASE: `${platform.origin}/v1`, PLATFORM_TOKENS_PAGE_URL: `${platform.origin}/account/authorized-apps`, ...vars },
    listen: options.listen,
    rateLimits: options.rateLimits,
    // Connect starts at the emulator's demo vendor (its contract), as `npm run db:seed` points it.
    demoVendorOrigin: platform.origin,
  });
  // The platform matches redirect URIs exactly: register this app's own callback (a listening
  // app has a port of its own).
  await platform.registerRedirectUri(`${app.origin}/auth/callback`);
  return { app, platform, dispose: async () => void (await Promise.all([app.dispose(), platform.dispose()])) };
}

/** A browser's cookies for the app: set from responses, sent with requests. */
export class Jar {
  readonly cookies = new Map<string, string>();
  absorb(res: Response): Response {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair!.indexOf("=");
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=0\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
  header(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  get(name: string): string | undefined {
    return this.cookies.get(name);
  }
}

/** GET (or any request) to the app with the jar's cookies, absorbing what it sets. */
export async function visit(world: World, jar: Jar, path: string, init: RequestInit = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  // As a browser following a link on the hub's own pages says (a test may say otherwise).
  if (!headers.has("Sec-Fetch-Site")) headers.set("Sec-Fetch-Site", "same-origin");
  if (jar.cookies.size) headers.set("Cookie", jar.header());
  return jar.absorb(await world.app.fetch(path, { ...init, headers }));
}

/** Posts a form the way a same-origin page does, with the CSRF token from the jar unless given. */
export function postForm(world: World, jar: Jar, path: string, fields: Record<string, string>, csrf = jar.get("csrf-token")) {
  return visit(world, jar, path, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: world.app.origin },
    body: new URLSearchParams({ ...(csrf !== undefined ? { csrf } : {}), ...fields }).toString(),
  });
}

/** Step 1: /auth?last= → the platform's authorize URL (and the pending-login cookie in the jar). */
export async function beginLogin(world: World, jar: Jar, last: string): Promise<URL> {
  const res = await visit(world, jar, `/auth?last=${encodeURIComponent(last)}`);
  expect(res.status).toBe(302);
  const location = new URL(res.headers.get("Location")!);
  expect(location.origin + location.pathname).toBe(`${world.platform.origin}/v1/authorize`);
  return location;
}

/** Step 2: the person accepts at the platform; returns the callback URL (path + query) it sends back to. */
export async function acceptAtPlatform(world: World, authorize: URL, email: string, decision = "accept"): Promise<string> {
  const form = new URLSearchParams(authorize.searchParams);
  form.set("decision", decision);
  form.set("email", email);
  const res = await world.platform.fetch("/v1/authorize", {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: form.toString(),
  });
  expect(res.status).toBe(302);
  const back = new URL(res.headers.get("Location")!);
  return back.pathname + back.search;
}

/** The whole flow; returns the final redirect (to `last`). */
export async function logIn(world: World, jar: Jar, email: string, last = "/"): Promise<Response> {
  const authorize = await beginLogin(world, jar, last);
  const callback = await acceptAtPlatform(world, authorize, email);
  return visit(world, jar, callback);
}
