// Browser tests in Debian's Chromium (Playwright cannot download browsers here), with JavaScript
// on and off. The web server is the real pair of Workers in wrangler dev (the front, and the back
// office behind it, as production runs them) on a freshly seeded local D1.
import { existsSync } from "node:fs";
import { defineConfig, devices } from "@playwright/test";

// Its own ports and its own local state, so a running `npm run dev` (8787 and the platform
// emulator on 8788, .wrangler/state) is neither reused with other data nor reseeded under the
// developer's feet.
const port = Number(process.env.E2E_PORT ?? 8789);
const platformPort = Number(process.env.E2E_PLATFORM_PORT ?? 8790);
// Per port, so two e2e runs on different ports (E2E_PORT / E2E_PLATFORM_PORT) never share state.
const state = `.wrangler/e2e-state-${port}`;
const platformState = `.wrangler/e2e-platform-state-${platformPort}`;
const PLATFORM_ORIGIN = `http://127.0.0.1:${platformPort}`;
// The two Workers' configs for this run (scripts/dev-configs.ts).
const configs = `build/e2e-${port}`;
const serverEnv = { CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };

// Debian's Chromium, as its headless shell where installed (`.ci/run` installs it): the same
// Chromium release and Blink, without the browser's UI process. It is what Playwright itself runs for
// headless tests; here the suite used a third less CPU and 0.77× the time with it (decision 048).
// CHROMIUM_PATH=/usr/bin/chromium runs the full browser (needed for headed runs).
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromium = {
  executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
  args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"],
};

export default defineConfig({
  testDir: "e2e",
  fullyParallel: false,
  workers: 2,
  forbidOnly: true,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [["list"]] : [["list"]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    launchOptions: chromium,
    trace: "retain-on-failure",
  },
  projects: [
    { name: "js", use: { ...devices["Desktop Chrome"], launchOptions: chromium, javaScriptEnabled: true } },
    { name: "no-js", use: { ...devices["Desktop Chrome"], launchOptions: chromium, javaScriptEnabled: false } },
  ],
  // Started in this order: the app's seed writes the catalogue file the emulator's seed reads.
  webServer: [
    {
      command:
        `node scripts/seed-local.mjs --reset --persist-to ${state} --port ${port} --platform-origin ${PLATFORM_ORIGIN} && ` +
        // Production's shape (docs/decisions/057): the front Worker first, the back office behind its
        // service binding, each given this run's addresses (wrangler dev gives --var to the first only).
        `node scripts/dev-configs.ts --out ${configs} ` +
        `--var PLATFORM_API_BASE:${PLATFORM_ORIGIN}/v1 --var OEMBED_ENDPOINT:${PLATFORM_ORIGIN}/oembed ` +
        `--var PLATFORM_TOKENS_PAGE_URL:${PLATFORM_ORIGIN}/account/authorized-apps ` +
        // The portal's own address: links in the updates bot's messages point at this server.
        `--var PORTAL_URL:http://127.0.0.1:${port} && ` +
        `npx wrangler dev -c ${configs}/front.json -c ${configs}/back.json --env development --ip 127.0.0.1 --port ${port} --persist-to ${state} --show-interactive-dev-session=false`,
      url: `http://127.0.0.1:${port}/robots.txt`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      env: serverEnv,
      stdout: "ignore",
      stderr: "pipe",
    },
    {
      command:
        `node scripts/seed-platform.mjs --reset --persist-to ${platformState} --catalogue seed/generated/catalogue-${port}.json && ` +
        `npx wrangler dev -c workers/platform/wrangler.toml --ip 127.0.0.1 --port ${platformPort} --persist-to ${platformState} --show-interactive-dev-session=false ` +
        // The platform matches redirect URIs exactly: this run's hub callback is the one registered.
        `--var HUB_REDIRECT_URIS:http://127.0.0.1:${port}/auth/callback`,
      url: `${PLATFORM_ORIGIN}/_emulator/state`,
      reuseExistingServer: !process.env.CI,
      timeout: 180_000,
      env: serverEnv,
      stdout: "ignore",
      stderr: "pipe",
    },
  ],
});
