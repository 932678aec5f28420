// TEMPORARY (not committed): screenshots for the closing note.
import { readFileSync } from "node:fs";
import type { APIRequestContext, Page } from "@playwright/test";
import { HUB_CLIENT_ID, HUB_CLIENT_SECRET, ROOMS, USERS } from "../workers/platform/demo-data";
import { encodeId } from "../workers/platform/ids";
import { expect, logIn, PLATFORM_ORIGIN, test } from "./fixtures";

const HUB_SCOPES = /^OAUTH_SCOPES = "([^"]+)"/m.exec(readFileSync(new URL("../wrangler.toml", import.meta.url), "utf8"))![1]!;
async function platformToken(request: APIRequestContext, email: string): Promise<string> {
  const redirectUri = "http://127.0.0.1:3999/callback";
  const consent = await request.post(`${PLATFORM_ORIGIN}/v1/authorize`, {
    form: { client_id: HUB_CLIENT_ID, response_type: "code", redirect_uri: redirectUri, scope: HUB_SCOPES, state: "e2e", decision: "accept", email },
    maxRedirects: 0,
  });
  const code = new URL(consent.headers().location!).searchParams.get("code")!;
  const tokens = await request.post(`${PLATFORM_ORIGIN}/v1/access_token`, {
    form: { grant_type: "authorization_code", client_id: HUB_CLIENT_ID, client_secret: HUB_CLIENT_SECRET, code, redirect_uri: redirectUri },
  });
  return ((await tokens.json()) as { access_token: string }).access_token;
}
const shot = async (page: Page, name: string, jsEnabled: boolean) => {
  for (const [w, h, tag] of [[1280, 800, "desktop"], [390, 844, "phone"]] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.waitForTimeout(200);
    await page.screenshot({ path: `/tmp/shots/${name}-${jsEnabled ? "js" : "nojs"}-${tag}.png`, fullPage: true });
  }
};

test("unsupported", async ({ browser, jsEnabled }) => {
  const ctx = await browser.newContext({ javaScriptEnabled: jsEnabled, userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/80.0.3987.163 Safari/537.36" });
  const page = await ctx.newPage();
  await page.goto("/bots");
  await page.waitForTimeout(800);
  await shot(page, "unsupported", jsEnabled);
  await ctx.close();
});

test("past the last page and 429", async ({ page, jsEnabled, browserErrors }) => {
  browserErrors.allow(/status of (404|429)/);
  await page.goto("/bots?page=999999");
  await shot(page, "past-last", jsEnabled);
  if (!jsEnabled) return;
  for (let i = 0; i < 260; i++) await page.request.get(`/search?q=z${i}`);
  await page.goto("/search?q=flood");
  await shot(page, "rate-limited", jsEnabled);
});

test("inactive webhook", async ({ page, jsEnabled, request }) => {
  const space = jsEnabled ? ROOMS.weeklyStandup : ROOMS.platformGuild;
  const moderator = jsEnabled ? USERS.sam : USERS.ada;
  const roomId = encodeId("ROOM", space.uuid);
  const name = `Shot-${jsEnabled ? "js" : "nojs"}`;
  await logIn(page, USERS.riley.email, "/applications/incoming-webhooks");
  const region = page.getByRole("region", { name: "My Webhooks" });
  await region.getByLabel("Webhook name").fill(name);
  await region.getByLabel("Space").selectOption({ label: space.title! });
  await region.getByRole("button", { name: "Add webhook" }).click();
  const item = region.getByRole("listitem").filter({ hasText: name });
  await expect(item).toBeVisible();
  const riley = await platformToken(request, USERS.riley.email);
  const call = (token: string, method: string, path: string, data?: unknown) =>
    request.fetch(`${PLATFORM_ORIGIN}${path}`, { method, headers: { Authorization: `Bearer ${token}` }, ...(data ? { data } : {}) });
  const mine = (await (await call(riley, "GET", `/v1/memberships?roomId=${roomId}&personId=${encodeId("PEOPLE", USERS.riley.uuid)}`)).json()) as { items: { id: string }[] };
  await call(riley, "DELETE", `/v1/memberships/${mine.items[0]!.id}`);
  await page.reload();
  await expect(item).toContainText("Inactive");
  await region.scrollIntoViewIfNeeded();
  await shot(page, "webhook-inactive", jsEnabled);
  const mod = await platformToken(request, moderator.email);
  await call(mod, "POST", "/v1/memberships", { roomId, personEmail: USERS.riley.email });
  await item.getByRole("button", { name: `Delete ${name}` }).click();
});
