// `npm run dev`: rebuilds the Remix app on change (remix watch) and serves it with wrangler dev on
// http://127.0.0.1:8787, beside the platform emulator (workers/platform/) on http://127.0.0.1:8788,
// which the app's wrangler.toml points PLATFORM_API_BASE at. All stop together (Ctrl-C, or any one
// exiting).
import { spawn } from "node:child_process";

const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };
const port = process.env.PORT ?? "8787";
const platformPort = process.env.PLATFORM_PORT ?? "8788";
const children = [];
let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) {
    if (child.exitCode !== null) continue;
    try {
      process.kill(-child.pid, "SIGTERM");
    } catch {
      child.kill("SIGTERM");
    }
  }
  setTimeout(() => process.exit(code), 500).unref();
}
const start = (args) => {
  // Own process group each: npx does not pass signals on, so stop() signals the whole group.
  const child = spawn("npx", args, { stdio: "inherit", env, detached: true });
  child.on("exit", (code) => stop(code ?? 0));
  children.push(child);
};

/** Resolves once the URL answers (or after the deadline, letting the next step report problems). */
async function ready(url, deadlineMs = 60_000) {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    try {
      await fetch(url);
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 300));
    }
  }
}

// One after the other: two `wrangler dev` starting at the same instant can race for the same
// internal socket ("Address already in use").
start([
  "wrangler",
  "dev",
  "-c",
  "workers/platform/wrangler.toml",
  "--ip",
  "127.0.0.1",
  "--port",
  platformPort,
  "--persist-to",
  ".wrangler/platform-state",
  // The platform matches redirect URIs exactly: register this hub's own callback (PORT may vary).
  "--var",
  `HUB_REDIRECT_URIS:http://127.0.0.1:${port}/auth/callback,http://localhost:${port}/auth/callback`,
  "--show-interactive-dev-session=false",
]);
await ready(`http://127.0.0.1:${platformPort}/_emulator/state`);
start(["remix", "watch"]);
start(["wrangler", "dev", "--env", "development", "--ip", "127.0.0.1", "--port", port, "--show-interactive-dev-session=false"]);

process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
