// "This app now asks for more access" on My Integrations (issue 16; docs/decisions/027), in the
// default (third-party) mode, with JavaScript on and off: Riley connected apps through the hub, and
// their publishers have since shipped versions asking for more (through the publisher API and the
// review queue, at the start of each test), so the rows show the notice; Reconnect goes through the vendor and clears it;
// Disconnect is the platform's page (the hub cannot revoke in this mode), then "Remove from this
// list". axe on the page with the notice at 1280 and 390 px. Each project uses its own apps.
import { readFileSync } from "node:fs";
import type { AppRecord, CatalogueFile } from "../app/models/catalogue-record";
import { PERMISSION_KEYS, PERMISSIONS, type PermissionKey, permissionFits } from "../app/models/permissions";
import { seededGrants, USERS } from "../workers/platform/demo-data";
import { expect, expectNoSeriousViolationsAtWidths, logIn, makePublisherToken, PLATFORM_ORIGIN, serveWithoutScripts, test, waitForHydration } from "./fixtures";
import type { Browser, Page } from "@playwright/test";

const PORT = process.env.E2E_PORT ?? "8789";
const TITLE = "This app now asks for more access";

function catalogue() {
  return JSON.parse(readFileSync(`seed/generated/catalogue-${PORT}.json`, "utf8")) as CatalogueFile;
}

/** Published integrations with a connect URL that nobody has connected in the demo seed (as e2e/connect-integration.spec.ts). */
function freeIntegrations() {
  const integrations = catalogue().apps.filter((a) => a.type === "integration" && a.clientId && a.status === "published");
  const granted = new Set(seededGrants(integrations.map((a) => ({ clientId: a.clientId!, name: a.name }))).map((g) => g.clientId));
  return integrations.filter((a) => a.connectUrl && !granted.has(a.clientId!));
}

/** Each project's own apps: the reconnect, disconnect and axe tests. */
const appsFor = (jsEnabled: boolean) => {
  const [reconnect, disconnect, axe] = jsEnabled ? [5, 7, 9] : [6, 8, 11];
  const free = freeIntegrations();
  return { reconnect: free[reconnect]!, disconnect: free[disconnect]!, axe: free[axe]! };
};

/** What each app listed when Riley connected it, and what its publisher shipped since. */
type Shipped = { connectedVersion: string; version: string; added: PermissionKey[] };
const shipped = new Map<string, Shipped>();

/**
 * The whole story through the product, for one test's app: Riley connects it through the hub (which
 * records what it asks for then), its publisher ships a version asking for one permission more
 * through the publisher API, and Sam approves it in the review queue. Each test does this for its
 * own app only: tests of one project can run in different workers (the axe ones use other options),
 * and two workers shipping for the same app at once could each ask for the same "new" permission.
 */
async function shipMore(browser: Browser, jsEnabled: boolean, app: AppRecord): Promise<void> {
  const baseURL = `http://127.0.0.1:${PORT}`;
  const key = app.friendlyId ?? app.id;
  const riley = await (await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled })).newPage();
  await logIn(riley, USERS.riley.email, "/my-integrations");
  const before = (await (await riley.request.get(`/api/apps/${key}`)).json()) as { versions: { version: string }[]; permissions: PermissionKey[] };
  await riley.goto(`/applications/${key}/connect`);
  await riley.waitForURL(`${PLATFORM_ORIGIN}/**`);
  await riley.context().close();

  const sam = await (await browser.newContext({ baseURL, javaScriptEnabled: jsEnabled })).newPage();
  await logIn(sam, USERS.sam.email, "/admin/review");
  const extra = PERMISSION_KEYS.find((k) => permissionFits("integration", k) && !before.permissions.includes(k))!;
  const version = `${before.versions[0]!.version.split(".")[0]}.${Date.now() % 100_000}.0`;
  const token = await makePublisherToken(sam, catalogue().publishers.find((p) => p.slug === app.publisher)?.name ?? app.companyName, jsEnabled);
  const res = await sam.request.post(`/api/publisher/v1/apps/${key}/versions`, {
    headers: { Authorization: `Bearer ${token}` },
    data: { version, releaseNotes: "Reads your spaces' titles too.", permissions: [...before.permissions, extra] },
  });
  expect(res.status(), await res.text()).toBe(202);
  await sam.goto(`/admin/review/${((await res.json()) as { id: number }).id}`);
  await sam.getByRole("button", { name: "Approve and publish" }).click();
  await expect(sam.getByRole("status", { name: "Notifications" })).toContainText(`${version} is live.`);
  await sam.context().close();
  shipped.set(app.id, { connectedVersion: before.versions[0]!.version, version, added: [extra] });
  // No wait for the Worker's 5-second memo of the catalogue version: the isolate that published
  // forgets it (workers/catalogue-version.ts), and the local server runs one isolate.
}

const rowOf = (page: Page, app: AppRecord) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: app.name, exact: true }) });

async function expectNotice(page: Page, app: AppRecord) {
  const notice = rowOf(page, app).getByRole("region", { name: `${TITLE} ${app.name}`, exact: true });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole("heading", { name: TITLE, level: 3 })).toBeVisible();
  const { connectedVersion, version, added } = shipped.get(app.id)!;
  await expect(notice).toContainText(`When you connected ${app.name}, it was version ${connectedVersion}. Version ${version} also asks for access to:`);
  const items = notice.getByRole("listitem");
  await expect(items).toHaveText(added.map((key) => (PERMISSIONS[key].group === "admin" ? `${PERMISSIONS[key].label}Admin` : PERMISSIONS[key].label)));
  return notice;
}

test.describe("the notice and its actions", () => {
  // Each test first ships a version through the review queue (shipMore).
  test.setTimeout(90_000);

  test("visible with the added permissions; Reconnect goes through the vendor and clears it", async ({ page, jsEnabled, browser }) => {
    const app = appsFor(jsEnabled).reconnect;
    await shipMore(browser, jsEnabled, app);
    await logIn(page, USERS.riley.email, "/my-integrations");
    await waitForHydration(page, jsEnabled);
    const notice = await expectNotice(page, app);

    await notice.getByRole("link", { name: `Reconnect ${app.name}` }).click();
    await page.waitForURL(`${PLATFORM_ORIGIN}/v1/authorize?**`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${app.name} wants to access your account`);
    await page.getByRole("radio", { name: /riley@acme\.example/ }).check();
    await page.getByRole("button", { name: "Accept" }).click();
    await page.waitForURL(`${PLATFORM_ORIGIN}/vendors/${app.clientId}/callback?**`);
    await page.getByRole("link", { name: "Return to App Hub" }).click();

    await page.waitForURL((url) => url.pathname === "/my-integrations");
    await expect(rowOf(page, app)).toBeVisible();
    await expect(rowOf(page, app).getByRole("region", { name: TITLE })).toHaveCount(0);
  });

  test("Disconnect is the platform's page; once revoked there, 'Remove from this list' takes the row and its notice", async ({ page, jsEnabled, browser }) => {
    const app = appsFor(jsEnabled).disconnect;
    await shipMore(browser, jsEnabled, app);
    await logIn(page, USERS.riley.email, "/my-integrations");
    // The grant exists at the platform (accepted at the vendor's page), as a connected integration's would.
    await page.goto(`${PLATFORM_ORIGIN}/vendors/${app.clientId}/start`);
    await page.getByRole("radio", { name: /riley@acme\.example/ }).check();
    await page.getByRole("button", { name: "Accept" }).click();
    await page.waitForURL(`${PLATFORM_ORIGIN}/vendors/${app.clientId}/callback?**`);
    await page.goto("/my-integrations");
    await waitForHydration(page, jsEnabled);
    const notice = await expectNotice(page, app);

    const disconnect = notice.getByRole("link", { name: `Disconnect ${app.name} on Lumen` });
    await expect(disconnect).toHaveAttribute("href", `${PLATFORM_ORIGIN}/account/authorized-apps`);
    await disconnect.click();
    await page.waitForURL(`${PLATFORM_ORIGIN}/account/authorized-apps**`);
    await page.getByRole("link", { name: /^Riley/ }).click();
    await page.getByRole("button", { name: `Revoke ${app.name}` }).click();
    await expect(page.getByRole("status")).toHaveText(`${app.name} can no longer access your account.`);

    await page.goto("/my-integrations");
    await waitForHydration(page, jsEnabled);
    await rowOf(page, app)
      .getByRole("button", { name: `Remove ${app.name} from this list` })
      .click();
    await expect(page.getByRole("status", { name: "Notifications" })).toContainText(`${app.name} was removed from this list.`);
    await expect(page.getByRole("heading", { name: app.name, exact: true })).toHaveCount(0);
    await expect(page.getByRole("region", { name: `${TITLE} ${app.name}` })).toHaveCount(0);
  });
});

test.describe("axe", () => {
  // axe runs inside the page; without JavaScript the documents are served without their scripts (e2e/a11y.spec.ts).
  test.use({ javaScriptEnabled: true });
  test.setTimeout(90_000);

  test("My Integrations with the notice at 1280 and 390 px", async ({ page, jsEnabled, browser }) => {
    const app = appsFor(jsEnabled).axe;
    await shipMore(browser, jsEnabled, app);
    await logIn(page, USERS.riley.email, "/my-integrations");
    // After the login's redirects (a fulfilled route would not follow them to the platform), and
    // away from its page, whose scripts would otherwise be refused mid-load.
    if (!jsEnabled) {
      await page.goto("about:blank");
      await serveWithoutScripts(page);
    }
    await page.goto("/my-integrations");
    await waitForHydration(page, jsEnabled);
    await expectNotice(page, app);
    await expectNoSeriousViolationsAtWidths(page, "My Integrations with the notice");
  });
});
