// The servers under load: by default the soak seeds fresh state in its own folders and starts
// `wrangler dev` for the platform emulator and for the app (as scripts/dev.mjs and the Playwright
// config do), each in its own process group, stopped on every way out (docs/decisions/014). The
// process handling is the shared harness's (scripts/harness/processes.ts).
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { answers, groupRssMb, serverProcesses, startProcessGroup, stopProcessGroups, waitFor } from "../harness/processes.ts";
import { fail, root, settings } from "./options.ts";
import { log } from "./util.ts";

export { answers };
export const servers = serverProcesses();
export const stopServers = stopProcessGroups;
const serverEnv = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };

function runStep(label: string, command: string, argv: string[]) {
  log(`soak: ${label} …`);
  const started = Date.now();
  const result = spawnSync(command, argv, { cwd: root, env: { ...serverEnv, CI: "true" }, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  if (result.error || result.status !== 0) {
    process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
    throw new Error(`${label} failed (${result.error?.message ?? result.signal ?? `exit code ${result.status}`})`);
  }
  log(`soak: ${label}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
export const serverMemory = (): Record<string, number> => Object.fromEntries(servers.map((s) => [s.label, groupRssMb(s.child)]));

function startServer(label: string, argv: string[], logFile: string) {
  return startProcessGroup(label, "npx", argv, {
    cwd: root,
    env: serverEnv,
    logFile,
    onUnexpectedExit: (why) => process.stderr.write(`soak: ${label} exited unexpectedly (${why}); see ${path.relative(root, logFile)}\n`),
  });
}
export type OwnServers = { state: string; platformState: string; logs: { app: string; platform: string } };

export async function startOwnServers(): Promise<OwnServers> {
  const { app: APP, platform: PLATFORM, appPort, platformPort } = settings;
  for (const [label, origin] of [
    ["app", APP],
    ["platform", PLATFORM],
  ] as const) {
    if ((await answers(`${origin}/robots.txt`)) !== 0) {
      fail(`something already answers on ${origin} (${label} port): pick other ports (--app-port/--platform-port) or reuse it with --app-url/--platform-url`);
    }
  }
  if (settings.build || !existsSync(path.join(root, "build/index.js"))) runStep("npm run build", "npm", ["run", "build", "--silent"]);
  const state = `.wrangler/soak-state-${appPort}`;
  const platformState = `.wrangler/soak-platform-state-${platformPort}`;
  const logs = path.join(root, ".wrangler/soak-logs");
  mkdirSync(logs, { recursive: true });
  // Fresh state: the soak's own folders go entirely (seeding --reset keeps the edge cache and
  // wrangler's trace store, which grow by hundreds of MB per run).
  for (const dir of [state, platformState]) rmSync(path.join(root, dir), { recursive: true, force: true });
  // As the Playwright config: the app's seed writes the catalogue file the emulator's seed reads.
  const catalogue = `seed/generated/catalogue${appPort === "8787" ? "" : `-${appPort}`}.json`;
  runStep(`seeding ${state} (catalogue, content)`, process.execPath, ["scripts/seed-local.mjs", "--reset", "--persist-to", state, "--port", appPort]);
  runStep(`seeding ${platformState} (demo world)`, process.execPath, ["scripts/seed-platform.mjs", "--reset", "--persist-to", platformState, "--catalogue", catalogue]);
  const common = ["--ip", "127.0.0.1", "--show-interactive-dev-session=false"];
  // One after the other: two `wrangler dev` starting at the same instant can race for a socket.
  const platformLog = path.join(logs, `platform-${platformPort}.log`);
  const platform = startServer(
    "platform",
    [
      ...["wrangler", "dev", "-c", "workers/platform/wrangler.toml", "--port", platformPort, "--persist-to", platformState, ...common],
      // The platform matches redirect URIs exactly: register this run's hub callback.
      ...["--var", `HUB_REDIRECT_URIS:${APP}/auth/callback`],
    ],
    platformLog,
  );
  await waitFor(`${PLATFORM}/_emulator/state`, "the platform emulator", platform);
  const appLog = path.join(logs, `app-${appPort}.log`);
  const app = startServer(
    "app",
    [
      // The development environment (wrangler.toml [env.development]), as `npm run dev` runs it.
      "wrangler",
      "dev",
      "--env",
      "development",
      "--port",
      appPort,
      "--persist-to",
      state,
      ...common,
      "--var",
      `PLATFORM_API_BASE:${PLATFORM}/v1`,
      "--var",
      `OEMBED_ENDPOINT:${PLATFORM}/oembed`,
      "--var",
      `PLATFORM_TOKENS_PAGE_URL:${PLATFORM}/account/authorized-apps`,
      "--var",
      `PORTAL_URL:${APP}`,
    ],
    appLog,
  );
  await waitFor(`${APP}/robots.txt`, "the app", app);
  log(`soak: servers up: app ${APP} (pid ${app.pid}), platform ${PLATFORM} (pid ${platform.pid}); logs in ${path.relative(root, logs)}/`);
  return { state, platformState, logs: { app: path.relative(root, appLog), platform: path.relative(root, platformLog) } };
}
