// Shared by the My Integrations and Connect tests (issue 13): worlds in each deployment mode, and
// the demo vendor's flow at the emulator (its contract: /vendors/<clientId>/start → consent →
// /vendors/<clientId>/callback, where the vendor exchanges the code, so the grant then exists).
import { expect } from "vitest";
import { HUB_FIRST_PARTY_CLIENT_ID, HUB_FIRST_PARTY_CLIENT_SECRET, seededGrants } from "../../workers/platform/demo-data.ts";
import type { PlatformHarness } from "../platform/harness.ts";
import { wranglerVars } from "./harness.ts";
import { page as parsePage } from "./html.ts";
import { Jar, logIn, startWorld, useWorld, type World } from "./login.ts";

const THIRD_PARTY_SCOPES = wranglerVars().OAUTH_SCOPES!;

/** The hub as the platform's own client (README "Deployment modes"). */
export const startFirstPartyWorld = (vars: Record<string, string> = {}) =>
  startWorld({
    DEPLOYMENT_MODE: "first-party",
    OAUTH_CLIENT_ID: HUB_FIRST_PARTY_CLIENT_ID,
    OAUTH_CLIENT_SECRET: HUB_FIRST_PARTY_CLIENT_SECRET,
    OAUTH_SCOPES: `${THIRD_PARTY_SCOPES} identity:tokens_read identity:tokens_write`,
    ...vars,
  });

/** The default (third-party) hub, optionally with identity:tokens_read so an admin sees the platform's list. */
export const startThirdPartyWorld = (options: { tokensRead?: boolean; vars?: Record<string, string> } = {}) =>
  startWorld({ ...(options.tokensRead ? { OAUTH_SCOPES: `${THIRD_PARTY_SCOPES} identity:tokens_read` } : {}), ...options.vars });

export async function as(world: World, email: string): Promise<Jar> {
  const jar = new Jar();
  expect((await logIn(world, jar, email)).status).toBe(302);
  return jar;
}

export const keyOf = (app: { friendlyId: string | null; id: string }) => app.friendlyId ?? app.id;

/** Published catalogue integrations with a connect URL, sorted by client id (the seed's grant order). */
export function connectableApps(world: World) {
  return world.app.catalogue.apps
    .filter((a) => a.type === "integration" && a.clientId && a.connectUrl && a.status === "published")
    .sort((a, b) => (a.clientId! < b.clientId! ? -1 : 1));
}

/** Connectable integrations nobody has a grant of in the demo seed. */
export function freeIntegrations(world: World) {
  const integrations = world.app.catalogue.apps.filter((a) => a.type === "integration" && a.clientId);
  const granted = new Set(seededGrants(integrations.map((a) => ({ clientId: a.clientId!, name: a.name }))).map((g) => g.clientId));
  return connectableApps(world).filter((a) => !granted.has(a.clientId!));
}

/** The person accepts (or declines) at the platform's consent for a vendor, and lands on the vendor's callback page. */
export async function throughVendorConsent(platform: PlatformHarness, authorize: URL, email: string, decision = "accept") {
  expect(authorize.origin + authorize.pathname).toBe(`${platform.origin}/v1/authorize`);
  const form = new URLSearchParams(authorize.searchParams);
  form.set("decision", decision);
  form.set("email", email);
  const consent = await platform.fetch("/v1/authorize", { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: form.toString() });
  expect(consent.status).toBe(302);
  const callback = new URL(consent.headers.get("Location")!);
  const page = await platform.fetch(callback.pathname + callback.search);
  const html = await page.text();
  /** The vendor page's "Return to App Hub" link, when it has one. */
  const back = parsePage(html).link("Return to App Hub")?.getAttribute("href") ?? null;
  return { status: page.status, html, back };
}

/** A person connects a vendor directly at its start page (no hub involved), as they could anywhere. */
export async function connectAtVendor(platform: PlatformHarness, clientId: string, email: string) {
  const start = await platform.fetch(`/vendors/${clientId}/start`);
  expect(start.status).toBe(302);
  return throughVendorConsent(platform, new URL(start.headers.get("Location")!), email);
}

/** Third-party tests' world: the emulator's demo state and none of our Connect records before each test. */
export const useThirdPartyWorld = (options: Parameters<typeof startThirdPartyWorld>[0] = {}) =>
  useWorld(
    () => startThirdPartyWorld(options),
    async (world) => {
      await world.platform.reset();
      await world.app.db.prepare("DELETE FROM integration_connections").run();
    },
  );
