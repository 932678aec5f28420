// My Webhooks on the Incoming and Outgoing Webhooks pages, with JavaScript on and off: the spec's
// validation texts (keeping what was typed), create, use (an incoming URL posts into the space),
// and delete. Each project names its webhooks apart, so both can run at once as the same person.
import { USERS } from "../workers/platform/demo-data";
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

  const posted = await page.request.post(url, { data: { markdown: `**${name}** says the build passed` } });
  expect(posted.status()).toBe(200);
  const messages = (await (await page.request.get(`${PLATFORM_ORIGIN}/_emulator/messages?title=Marketing%20Launch`)).json()) as {
    items: { markdown?: string; senderDisplayName?: string }[];
  };
  expect(messages.items.find((m) => m.senderDisplayName === name)?.markdown).toBe(`**${name}** says the build passed`);

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
