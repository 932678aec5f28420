// `npm run dev`: rebuilds the Remix app on change (remix watch) and serves it with wrangler dev on
// http://127.0.0.1:8787, beside the platform emulator (workers/platform/) on http://127.0.0.1:8788,
// which the app's wrangler.toml points PLATFORM_API_BASE at. All stop together (Ctrl-C, or any one
// exiting).
import { spawn } from "node:child_process";

const env = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };
const port = process.env.PORT ?? "8787";
const platformPort = process.env.PLATFORM_PORT ?? "8788";
const children = [
  spawn("npx", ["remix", "watch"], { stdio: "inherit", env }),
  spawn("npx", ["wrangler", "dev", "--ip", "127.0.0.1", "--port", port, "--show-interactive-dev-session=false"], {
    stdio: "inherit",
    env,
  }),
  spawn(
    "npx",
    [
      "wrangler", "dev", "-c", "workers/platform/wrangler.toml", "--ip", "127.0.0.1", "--port", platformPort,
      "--persist-to", ".wrangler/platform-state", "--show-interactive-dev-session=false",
    ],
    { stdio: "inherit", env },
  ),
];

let stopping = false;
function stop(code = 0) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill("SIGTERM");
  setTimeout(() => process.exit(code), 500).unref();
}
for (const child of children) child.on("exit", (code) => stop(code ?? 0));
process.on("SIGINT", () => stop(0));
process.on("SIGTERM", () => stop(0));
