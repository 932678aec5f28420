// The servers under load: by default the soak seeds fresh state in its own folders and starts
// `wrangler dev` for the platform emulator and for the app (as scripts/dev.mjs and the Playwright
// config do), each in its own process group, stopped on every way out (docs/decisions/014).
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { createWriteStream, existsSync, mkdirSync, rmSync } from "node:fs";
import path from "node:path";
import { fail, root, settings } from "./options.ts";
import { log, sleep } from "./util.ts";

type Server = { label: string; child: ChildProcess };
export const servers: Server[] = [];
let stopping: Promise<void> | null = null;
const serverEnv = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };

export function stopServers(): Promise<void> {
  if (stopping) return stopping;
  stopping = Promise.all(
    servers.map(
      ({ child }) =>
        new Promise<void>((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return resolve();
          const pid = child.pid;
          const group = (signal: NodeJS.Signals) => {
            try {
              process.kill(-pid, signal); // npx passes no signals on: signal its whole group
            } catch {
              try {
                child.kill(signal);
              } catch {
                // already gone
              }
            }
          };
          const hard = setTimeout(() => group("SIGKILL"), 5000);
          child.once("exit", () => {
            clearTimeout(hard);
            // workerd may outlive wrangler for a moment; make sure nothing of the group stays.
            setTimeout(() => {
              group("SIGKILL");
              resolve();
            }, 300);
          });
          group("SIGTERM");
        }),
    ),
  ).then(() => undefined);
  return stopping;
}

/** The status a URL answers (0 when nothing does). */
export async function answers(url: string): Promise<number> {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}
async function waitFor(url: string, label: string, child: ChildProcess, deadlineMs = 120_000) {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`${label} exited (code ${child.exitCode}) before answering; see its log`);
    if ((await answers(url)) === 200) return;
    await sleep(300);
  }
  throw new Error(`${label} did not answer ${url} within ${deadlineMs / 1000} s`);
}
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
/** Resident memory of a server's whole process group (wrangler, workerd), in MB; Linux ps. */
function groupRssMb(child: ChildProcess): number {
  const ps = spawnSync("ps", ["-eo", "pgid=,rss="], { encoding: "utf8" });
  if (ps.status !== 0) return Number.NaN;
  let kb = 0;
  for (const line of ps.stdout.split("\n")) {
    const [pgid, rss] = line.trim().split(/\s+/).map(Number);
    if (pgid === child.pid) kb += rss ?? 0;
  }
  return kb / 1024;
}
export const serverMemory = (): Record<string, number> => Object.fromEntries(servers.map((s) => [s.label, groupRssMb(s.child)]));

function startServer(label: string, argv: string[], logFile: string): ChildProcess {
  const out = createWriteStream(logFile);
  // Own process group: stopServers() signals wrangler and workerd together.
  const child = spawn("npx", argv, { cwd: root, env: serverEnv, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout?.pipe(out);
  child.stderr?.pipe(out);
  servers.push({ label, child });
  child.on("exit", (code, signal) => {
    if (!stopping) process.stderr.write(`soak: ${label} exited unexpectedly (${signal ?? `code ${code}`}); see ${path.relative(root, logFile)}\n`);
  });
  return child;
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
