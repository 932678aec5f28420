// The soak's settings, from its command line (`npm run soak -- --help`), checked once.
import { randomBytes } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { USERS } from "../../workers/platform/demo-data.ts";

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

const { values: args } = parseArgs({
  options: {
    minutes: { type: "string", default: "10" },
    clients: { type: "string", default: "6" },
    people: { type: "string", default: "riley,ada,sam,max" },
    posters: { type: "string", default: "2" },
    "posts-per-minute": { type: "string", default: "240" },
    bust: { type: "string", default: "0.3" },
    "app-port": { type: "string", default: "8797" },
    "platform-port": { type: "string", default: "8798" },
    "app-url": { type: "string" },
    "platform-url": { type: "string" },
    json: { type: "string" },
    settle: { type: "string", default: "75" },
    timeout: { type: "string", default: "30" },
    seed: { type: "string" },
    build: { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
});

if (args.help) {
  const lines = readFileSync(path.join(root, "scripts/soak/main.ts"), "utf8").split("\n");
  console.log(
    lines
      .slice(
        0,
        lines.findIndex((l) => !l.startsWith("//")),
      )
      .map((l) => l.slice(3))
      .join("\n"),
  );
  process.exit(0);
}

export function fail(message: string): never {
  process.stderr.write(`soak: ${message}\n`);
  process.exit(2);
  // process.exit ends the process; this line is never reached.
  throw new Error(message);
}

function num(name: keyof typeof args, { min = 0, int = false } = {}): number {
  const v = Number(args[name]);
  if (!Number.isFinite(v) || v < min || (int && !Number.isInteger(v))) fail(`--${name} must be a number ≥ ${min}${int ? " (whole)" : ""}, got "${String(args[name])}"`);
  return v;
}

/** Only this machine: a load must never leave it. */
function localUrl(flag: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    fail(`${flag} is not a URL: ${value}`);
  }
  if (url.protocol !== "http:" || url.hostname !== "127.0.0.1" || !url.port) fail(`${flag} must be http://127.0.0.1:<port> (only this machine), got ${value}`);
  if (url.pathname !== "/" || url.search) fail(`${flag} must be an origin without a path, got ${value}`);
  return url.origin;
}
function port(flag: string, value: string): string {
  if (!/^\d{2,5}$/.test(value) || Number(value) > 65535) fail(`${flag} must be a port number, got "${value}"`);
  return value;
}

const minutes = num("minutes");
if (minutes <= 0) fail("--minutes must be more than 0");
const bust = num("bust");
if (bust > 1) fail("--bust is a share between 0 and 1");
const people = args.people
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean);
for (const p of people) if (!Object.hasOwn(USERS, p)) fail(`--people: "${p}" is not a demo user (${Object.keys(USERS).join(", ")})`);
if (new Set(people).size !== people.length) fail("--people names a person twice");

const reuse = Boolean(args["app-url"] || args["platform-url"]);
if (reuse && !(args["app-url"] && args["platform-url"])) fail("give both --app-url and --platform-url to reuse running servers");
const appPort = reuse ? new URL(localUrl("--app-url", args["app-url"] ?? "")).port : port("--app-port", args["app-port"]);
const platformPort = reuse ? new URL(localUrl("--platform-url", args["platform-url"] ?? "")).port : port("--platform-port", args["platform-port"]);
if (appPort === platformPort) fail("the app and the platform need different ports");

export type DemoUser = keyof typeof USERS;

export const settings = {
  minutes,
  loadMs: minutes * 60_000,
  clients: num("clients", { int: true }),
  posters: num("posters", { int: true }),
  postsPerMinute: num("posts-per-minute", { min: 1 }),
  bust,
  settleMs: num("settle") * 1000,
  timeoutMs: num("timeout", { min: 1 }) * 1000,
  seed: args.seed !== undefined ? num("seed", { int: true }) : randomBytes(4).readUInt32LE(0),
  people: people as DemoUser[],
  reuse,
  appPort,
  platformPort,
  app: `http://127.0.0.1:${appPort}`,
  platform: `http://127.0.0.1:${platformPort}`,
  run: `soak${Date.now().toString(36)}`,
  json: args.json,
  build: args.build,
  keep: args.keep,
} as const;
