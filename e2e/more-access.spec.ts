// "This app now asks for more access" on My Integrations (issue 16; docs/decisions/027), in the
// default (third-party) mode, with JavaScript on and off: Riley's records of Connects made when the
// apps listed less (written to the local D1 before the tests: a publisher has since shipped more),
// so the rows show the notice; Reconnect goes through the vendor and clears it;
// Disconnect is the platform's page (the hub cannot revoke in this mode), then "Remove from this
// list". axe on the page with the notice at 1280 and 390 px. Each project uses its own apps.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import type { AppRecord, CatalogueFile } from "../app/models/catalogue-record";
import { PERMISSIONS, type PermissionKey } from "../app/models/permissions";
import { seededGrants, USERS } from "../workers/platform/demo-data";
import { expect, expectNoSeriousViolations, logIn, PLATFORM_ORIGIN, serveWithoutScripts, test, waitForHydration } from "./fixtures";
import type { Page } from "@playwright/test";

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

/**
 * SQL on the Worker's local D1 (the e2e server's own state, playwright.config.ts). Another process
 * writing the server's SQLite file can make one of the server's own statements meet a lock
 * (SQLITE_BUSY), so each project writes once, before its tests (below), and a refused write is retried.
 */
function d1(sql: string) {
  for (let attempt = 1; ; attempt++) {
    try {
      execFileSync("npx", ["wrangler", "d1", "execute", "DB", "--env", "development", "--local", "--persist-to", `.wrangler/e2e-state-${PORT}`, "--command", sql], {
        stdio: "pipe",
        env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", CI: "true" },
      });
      return;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** Each project's own apps: the reconnect, disconnect and two axe tests. */
const appsFor = (jsEnabled: boolean) => {
  const [reconnect, disconnect, axe1280, axe390] = jsEnabled ? [5, 7, 9, 10] : [6, 8, 11, 12];
  const free = freeIntegrations();
  return { reconnect: free[reconnect]!, disconnect: free[disconnect]!, axe1280: free[axe1280]!, axe390: free[axe390]! };
};

/** What the older version listed: the first permission only, at version 0.9.0. The rest is added. */
const added = (app: AppRecord) => app.permissions.slice(1) as PermissionKey[];

/**
 * Riley's records of Connects made here when each app was at an older version (a row as Connect
 * writes it, with what that version listed), in one write: as if the publisher had since shipped
 * the current version. Connect writing the current list is tested in test/integration/more-access.test.ts.
 */
test.beforeAll(({}, testInfo) => {
  const apps = Object.values(appsFor(testInfo.project.name !== "no-js"));
  for (const app of apps) expect(app.permissions.length, `${app.name} lists more than one permission`).toBeGreaterThan(1);
  const rows = apps.map(
    (app) =>
      `(${quote(USERS.riley.uuid)}, ${quote(app.clientId!)}, ${quote(app.id)}, ${quote(new Date().toISOString())}, ${quote(JSON.stringify(app.permissions.slice(0, 1)))}, '0.9.0')`,
  );
  d1(`INSERT OR REPLACE INTO integration_connections (user_id, client_id, app_id, started_at, scopes, app_version) VALUES ${rows.join(", ")}`);
});

const rowOf = (page: Page, app: AppRecord) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: app.name, exact: true }) });

async function expectNotice(page: Page, app: AppRecord) {
  const notice = rowOf(page, app).getByRole("region", { name: `${TITLE} ${app.name}`, exact: true });
  await expect(notice).toBeVisible();
  await expect(notice.getByRole("heading", { name: TITLE, level: 3 })).toBeVisible();
  await expect(notice).toContainText(`When you connected ${app.name}, it was version 0.9.0. Version ${app.versions[0]!.version} also asks for access to:`);
  const items = notice.getByRole("listitem");
  await expect(items).toHaveText(added(app).map((key) => (PERMISSIONS[key].group === "admin" ? `${PERMISSIONS[key].label}Admin` : PERMISSIONS[key].label)));
  return notice;
}

test.describe("the notice and its actions", () => {
  test.setTimeout(60_000);

  test("visible with the added permissions; Reconnect goes through the vendor and clears it", async ({ page, jsEnabled }) => {
    const app = appsFor(jsEnabled).reconnect;
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

  test("Disconnect is the platform's page; once revoked there, 'Remove from this list' takes the row and its notice", async ({ page, jsEnabled }) => {
    const app = appsFor(jsEnabled).disconnect;
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

  for (const width of [1280, 390]) {
    test(`My Integrations with the notice at ${width} px`, async ({ page, jsEnabled }) => {
      await page.setViewportSize({ width, height: 900 });
      const app = width === 1280 ? appsFor(jsEnabled).axe1280 : appsFor(jsEnabled).axe390;
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
      await expectNoSeriousViolations(page, `My Integrations with the notice at ${width} px`);
    });
  }
});
