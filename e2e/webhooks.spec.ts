// My Webhooks on the Incoming and Outgoing Webhooks pages, with JavaScript on and off: the spec's
// validation texts (keeping what was typed), create, use (an incoming URL posts into the space),
// and delete. Each project names its webhooks apart, so both can run at once as the same person.
// Issue 12: a webhook turns inactive (with why) once its owner leaves the space; deleting one that
// is already gone says it was not found.
import { fileURLToPath } from "node:url";
import { unstable_readConfig } from "wrangler";
import type { APIRequestContext } from "@playwright/test";
import { HUB_CLIENT_ID, HUB_CLIENT_SECRET, ROOMS, USERS } from "../workers/platform/demo-data";
import { encodeId } from "../workers/platform/ids";
import { expect, logIn, PLATFORM_ORIGIN, test } from "./fixtures";

test("create an incoming webhook, post to its URL, see the message in the space, delete it", async ({ page, jsEnabled, browserErrors }) => {
  // A refused form answers 400 (with the form and its messages), which the browser logs.
  browserErrors.allow(/status of 400 \(Bad Request\)/);
  const name = `CI-${jsEnabled ? "js" : "nojs"}-${Date.now().toString(36)}`;
  await logIn(page, USERS.riley.email, "/applications/incoming-webhooks");
  const region = page.getByRole("region", { name: "My Webhooks" });
  await expect(region).toBeVisible();

  await region.getByLabel("Webhook name").fill("build bot!");
  await region.getByRole("button", { name: "Add webhook" }).click();
  await expect(region.getByText("A valid webhook name containing no special characters is required")).toBeVisible();
  await expect(region.getByText("Room is required")).toBeVisible();
  await expect(region.getByLabel("Webhook name")).toHaveValue("build bot!");
  await expect(region.getByLabel("Webhook name")).toHaveAttribute("aria-invalid", "true");

  await region.getByLabel("Webhook name").fill(name);
  await region.getByLabel("Space").selectOption({ label: "Marketing Launch" });
  await region.getByRole("button", { name: "Add webhook" }).click();
  await expect(page.getByRole("status", { name: "Notifications" })).toContainText(`${name} was created in the Marketing Launch space`);
  const item = region.getByRole("listitem").filter({ hasText: name });
  const url = (await item.locator("code").first().textContent())!;
  expect(url).toMatch(/\/api\/hooks\/incoming\/[A-Za-z0-9_-]{43}$/);

  const posted = await page.request.post(url, { data: { markdown: "The build _passed_" } });
  expect(posted.status()).toBe(200);
  const messages = (await (await page.request.get(`${PLATFORM_ORIGIN}/_emulator/messages?title=Marketing%20Launch`)).json()) as {
    items: { markdown?: string }[];
  };
  // The platform's messages have no sender-name field: the webhook's name leads the message (issue 13).
  expect(messages.items.map((m) => m.markdown)).toContain(`**${name}**\n\nThe build _passed_`);

  await item.getByRole("button", { name: `Delete ${name}` }).click();
  await expect(page.getByRole("status", { name: "Notifications" })).toContainText(`${name} was deleted`);
  await expect(region.getByRole("listitem").filter({ hasText: name })).toHaveCount(0);
  expect((await page.request.post(url, { data: { text: "gone?" } })).status()).toBe(404);
});

test("create and delete an outgoing webhook, with the URL checks of the spec", async ({ page, jsEnabled, browserErrors }) => {
  browserErrors.allow(/status of 400 \(Bad Request\)/);
  const name = `Deploy-${jsEnabled ? "js" : "nojs"}-${Date.now().toString(36)}`;
  await logIn(page, USERS.riley.email, "/applications/outgoing-webhooks");
  const region = page.getByRole("region", { name: "My Webhooks" });

  await region.getByLabel("Webhook name").fill(name);
  await region.getByLabel("Space").selectOption({ label: "Design Team" });
  await region.getByRole("button", { name: "Add webhook" }).click();
  await expect(region.getByText("WebhookUrl is required")).toBeVisible();
  await expect(region.getByLabel("Space")).toHaveValue(/.+/);

  await region.getByLabel("Webhook URL").fill("ftp://files.example.com/hook");
  await region.getByRole("button", { name: "Add webhook" }).click();
  await expect(region.getByText("Url must start with http")).toBeVisible();
  await expect(region.getByLabel("Webhook URL")).toHaveValue("ftp://files.example.com/hook");
  await expect(region.getByLabel("Webhook name")).toHaveValue(name);

  await region.getByLabel("Webhook URL").fill("https://hooks.example.com/lumen");
  await region.getByRole("button", { name: "Add webhook" }).click();
  await expect(page.getByRole("status", { name: "Notifications" })).toContainText(`${name} was created in the Design Team space`);
  const item = region.getByRole("listitem").filter({ hasText: name });
  await expect(item).toContainText("https://hooks.example.com/lumen");
  await expect(item).toContainText("Space: Design Team");
  await expect(region.getByLabel("Webhook name")).toHaveValue("");

  await item.getByRole("button", { name: `Delete ${name}` }).click();
  await expect(page.getByRole("status", { name: "Notifications" })).toContainText(`${name} was deleted`);
  await expect(region.getByRole("listitem").filter({ hasText: name })).toHaveCount(0);
});

// --- Issue 12 ------------------------------------------------------------------------------------

/** The hub's scopes, as a real login asks for them (so the grant a helper login leaves is the same). */
const HUB_SCOPES = String(
  unstable_readConfig({ config: fileURLToPath(new URL("../wrangler.toml", import.meta.url)), env: "development" }, { hideWarnings: true }).vars.OAUTH_SCOPES,
);

/** A person's own platform token, as their own client would hold it (the emulator's consent, accepted). */
async function platformToken(request: APIRequestContext, email: string): Promise<string> {
  // The redirect URI registered on the hub's client for this run (playwright.config.ts): exact.
  const redirectUri = `http://127.0.0.1:${process.env.E2E_PORT ?? "8789"}/auth/callback`;
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

const platformCall = (request: APIRequestContext, token: string, method: "GET" | "POST" | "DELETE", path: string, data?: unknown) =>
  request.fetch(`${PLATFORM_ORIGIN}${path}`, { method, headers: { Authorization: `Bearer ${token}` }, ...(data ? { data } : {}) });

test("an incoming webhook turns inactive when its owner leaves the space, says why, and its URL refuses", async ({ page, jsEnabled, request }) => {
  // Each project uses its own space (both run at once as Riley), and puts Riley back afterwards.
  const space = jsEnabled ? ROOMS.weeklyStandup : ROOMS.platformGuild;
  const moderator = jsEnabled ? USERS.sam : USERS.ada;
  const roomId = encodeId("ROOM", space.uuid);
  const name = `Left-${jsEnabled ? "js" : "nojs"}-${Date.now().toString(36)}`;
  await logIn(page, USERS.riley.email, "/applications/incoming-webhooks");
  const region = page.getByRole("region", { name: "My Webhooks" });
  await region.getByLabel("Webhook name").fill(name);
  await region.getByLabel("Space").selectOption({ label: space.title! });
  await region.getByRole("button", { name: "Add webhook" }).click();
  await expect(page.getByRole("status", { name: "Notifications" })).toContainText(`${name} was created in the ${space.title} space`);
  const item = region.getByRole("listitem").filter({ hasText: name });
  const url = (await item.locator("code").first().textContent())!;
  await expect(item).not.toContainText("Inactive");

  const riley = await platformToken(request, USERS.riley.email);
  const mine = (await (await platformCall(request, riley, "GET", `/v1/memberships?roomId=${roomId}&personId=${encodeId("PEOPLE", USERS.riley.uuid)}`)).json()) as {
    items: { id: string }[];
  };
  expect((await platformCall(request, riley, "DELETE", `/v1/memberships/${mine.items[0]!.id}`)).status()).toBe(204);
  try {
    await page.reload();
    await expect(item).toContainText(`Inactive: you are no longer a member of the ${space.title} space. It works again if you rejoin the space.`);
    const refused = await page.request.post(url, { data: { text: "still here?" } });
    expect(refused.status()).toBe(403);
    expect(((await refused.json()) as { message: string }).message).toBe("This webhook is inactive: its owner is no longer a member of the space it posts to.");
  } finally {
    const mod = await platformToken(request, moderator.email);
    expect((await platformCall(request, mod, "POST", "/v1/memberships", { roomId, personEmail: USERS.riley.email })).status()).toBe(200);
  }
  await item.getByRole("button", { name: `Delete ${name}` }).click();
  await expect(page.getByRole("status", { name: "Notifications" })).toContainText(`${name} was deleted`);
});

test("deleting a webhook that another tab already deleted says it was not found", async ({ page, jsEnabled }) => {
  const name = `Twice-${jsEnabled ? "js" : "nojs"}-${Date.now().toString(36)}`;
  await logIn(page, USERS.riley.email, "/applications/incoming-webhooks");
  const region = page.getByRole("region", { name: "My Webhooks" });
  await region.getByLabel("Webhook name").fill(name);
  await region.getByLabel("Space").selectOption({ label: "Marketing Launch" });
  await region.getByRole("button", { name: "Add webhook" }).click();
  await expect(page.getByRole("status", { name: "Notifications" })).toContainText(`${name} was created`);

  const other = await page.context().newPage();
  await other.goto("/applications/incoming-webhooks");
  const stale = other.getByRole("region", { name: "My Webhooks" }).getByRole("listitem").filter({ hasText: name });
  await expect(stale).toBeVisible();

  await region
    .getByRole("listitem")
    .filter({ hasText: name })
    .getByRole("button", { name: `Delete ${name}` })
    .click();
  await expect(page.getByRole("status", { name: "Notifications" })).toContainText(`${name} was deleted`);

  await stale.getByRole("button", { name: `Delete ${name}` }).click();
  await expect(other.getByRole("status", { name: "Notifications" })).toContainText("That webhook was not found. It may have been deleted already.");
  await expect(other.getByRole("status", { name: "Notifications" })).not.toContainText("was deleted");
  await other.close();
});
