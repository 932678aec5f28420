// `npm run soak` (issue 12): a bounded local load of mixed traffic through the real dev servers,
// then an audit. Not a test and not a benchmark of one path: it looks for what only shows up when
// everything runs at once — a 5xx, a lost or doubled message, a webhook that is not listed.
//
//   npm run soak [-- --minutes 10] [--clients 6] [--people riley,ada,sam,max] [--posters 2]
//                [--posts-per-minute 240] [--bust 0.3] [--app-port 8797] [--platform-port 8798]
//                [--app-url http://127.0.0.1:PORT --platform-url http://127.0.0.1:PORT]
//                [--json .wrangler/soak-results.json] [--settle 75] [--timeout 30] [--seed N] [--build] [--keep]
//
// Servers: by default it seeds fresh local state in its own folders (.wrangler/soak-state-<app port>,
// .wrangler/soak-platform-state-<platform port>) and starts `wrangler dev` for the platform emulator
// and for the app on 127.0.0.1 (as scripts/dev.mjs and playwright.config.ts do, with
// CLOUDFLARE_CF_FETCH_ENABLED=false), each in its own process group, stopped on finish, on error and
// on Ctrl-C. With --app-url and --platform-url it reuses running servers instead (it then deletes the
// webhooks it made after the audit, unless --keep). Any target other than 127.0.0.1 is refused.
//
// Traffic, for --minutes (closed loop: each virtual client sends its next request when the last
// answer is read):
//   - --clients anonymous browsers: home, list, category, detail and search pages, /api/search,
//     /api/suggest (word prefixes, as typed), content APIs, /getImage for a few logos, and
//     analytics beacons POSTed to /api/analytics as the tracker sends them (sendBeacon: JSON, same
//     origin). A --bust share of the GETs carry junk query parameters (cache busting).
//   - one client per demo person (--people): logs in once through the emulator's consent page with
//     a cookie jar, then browses logged-in pages, adds bots to spaces with the no-JavaScript form
//     (GET ?add=group-space, POST with the page's CSRF field, follow the redirect), and creates and
//     deletes incoming and outgoing webhooks (the page's form, or the §7 JSON API with the page's
//     CSRF token in the header). Outgoing webhooks point at a receiver this script runs on
//     127.0.0.1.
//   - --posters clients POST to the incoming webhook URLs (about --posts-per-minute in all) with
//     unique texts; some mention the Outgoing Webhooks bot, so the platform delivers them to our
//     outgoing webhooks and the app forwards them to the receiver. A few posts are malformed or go to
//     deleted webhooks (they must be refused and never appear).
// Every request is recorded (kind, status, latency). 429 is its own outcome (counted per kind; the
// client backs off for Retry-After on that kind, or on that webhook for incoming posts); 5xx and
// network errors are errors; any other status a kind does not expect is "unexpected".
//
// Audit (after the load, and --settle seconds for outgoing deliveries), read through the emulator's
// API: every accepted incoming post appears exactly once, in its space, under its webhook's name;
// refused ones do not appear; every webhook created and not deleted is listed on My Webhooks (API and
// page) once, deleted ones are gone (also upstream, and their URLs answer 404); every mention in a
// space with a long-lived outgoing webhook reached the receiver once with a valid signature; bots
// that were added (or were already there) are members; beacons' events were all counted; every 429
// carried Retry-After; no 5xx. Exit code 1 when a check fails (2 when the run itself fails).
import { spawn, spawnSync } from "node:child_process";
import { createHash, createHmac, randomBytes } from "node:crypto";
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { unstable_readConfig } from "wrangler";
import { mulberry32 } from "./lib/catalogue-generator.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

// The emulator's demo world is TypeScript: this Node must strip types (24 through npm/npx).
const [major, minor] = process.versions.node.split(".").map(Number);
if (!(major > 22 || (major === 22 && minor >= 18))) {
  const local = path.join(root, "node_modules/node/bin/node");
  if (!existsSync(local)) {
    console.error(`soak: Node ${process.versions.node} cannot run TypeScript; use \`npm run soak\` (Node 24).`);
    process.exit(2);
  }
  const result = spawnSync(local, [fileURLToPath(import.meta.url), ...process.argv.slice(2)], { stdio: "inherit" });
  process.exit(result.status ?? 2);
}

const { HUB_CLIENT_ID, HUB_CLIENT_SECRET, ROOMS, SERVICE_BOTS, USERS } = await import("../workers/platform/demo-data.ts");
const { encodeId } = await import("../workers/platform/ids.ts");

// ---------------------------------------------------------------------------------------------
// Settings
// ---------------------------------------------------------------------------------------------
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
  const lines = readFileSync(fileURLToPath(import.meta.url), "utf8").split("\n");
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

const log = (msg) => process.stdout.write(`${msg}\n`);
function fail(message) {
  process.stderr.write(`soak: ${message}\n`);
  process.exit(2);
}
const num = (name, { min = 0, int = false } = {}) => {
  const v = Number(args[name]);
  if (!Number.isFinite(v) || v < min || (int && !Number.isInteger(v))) fail(`--${name} must be a number ≥ ${min}${int ? " (whole)" : ""}, got "${args[name]}"`);
  return v;
};
const MINUTES = num("minutes");
if (MINUTES <= 0) fail("--minutes must be more than 0");
const CLIENTS = num("clients", { int: true });
const POSTERS = num("posters", { int: true });
const POSTS_PER_MINUTE = num("posts-per-minute", { min: 1 });
const BUST = num("bust");
if (BUST > 1) fail("--bust is a share between 0 and 1");
const SETTLE_MS = num("settle") * 1000;
const TIMEOUT_MS = num("timeout", { min: 1 }) * 1000;
const SEED = args.seed !== undefined ? num("seed", { int: true }) : randomBytes(4).readUInt32LE(0);
const PEOPLE = args.people
  .split(",")
  .map((s) => s.trim())
  .filter(Boolean);
for (const p of PEOPLE) if (!Object.hasOwn(USERS, p)) fail(`--people: "${p}" is not a demo user (${Object.keys(USERS).join(", ")})`);
if (new Set(PEOPLE).size !== PEOPLE.length) fail("--people names a person twice");

/** Only this machine: a load must never leave it. */
function localUrl(flag, value) {
  let url;
  try {
    url = new URL(value);
  } catch {
    fail(`${flag} is not a URL: ${value}`);
  }
  if (url.protocol !== "http:" || url.hostname !== "127.0.0.1" || !url.port) fail(`${flag} must be http://127.0.0.1:<port> (only this machine), got ${value}`);
  if (url.pathname !== "/" || url.search) fail(`${flag} must be an origin without a path, got ${value}`);
  return url.origin;
}
const port = (flag, value) => {
  if (!/^\d{2,5}$/.test(value) || Number(value) > 65535) fail(`${flag} must be a port number, got "${value}"`);
  return value;
};
const REUSE = Boolean(args["app-url"] || args["platform-url"]);
if (REUSE && !(args["app-url"] && args["platform-url"])) fail("give both --app-url and --platform-url to reuse running servers");
const APP_PORT = REUSE ? new URL(localUrl("--app-url", args["app-url"])).port : port("--app-port", args["app-port"]);
const PLATFORM_PORT = REUSE ? new URL(localUrl("--platform-url", args["platform-url"])).port : port("--platform-port", args["platform-port"]);
if (APP_PORT === PLATFORM_PORT) fail("the app and the platform need different ports");
const APP = `http://127.0.0.1:${APP_PORT}`;
const PLATFORM = `http://127.0.0.1:${PLATFORM_PORT}`;
const RUN = `soak${Date.now().toString(36)}`;
const LOAD_MS = MINUTES * 60_000;

// ---------------------------------------------------------------------------------------------
// Small helpers
// ---------------------------------------------------------------------------------------------
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));
// The mix's choices come from --seed (the interleaving of clients still varies); the catalogue
// generator's PRNG.
const random = mulberry32(SEED);
const pick = (list) => list[Math.floor(random() * list.length)];
const chance = (p) => random() < p;
const junk = () => Math.floor(random() * 36 ** 6).toString(36);
function weighted(entries) {
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  let r = random() * total;
  for (const [value, w] of entries) {
    r -= w;
    if (r < 0) return value;
  }
  return entries[entries.length - 1][0];
}
const fmt = (n, d = 1) => (Number.isFinite(n) ? n.toFixed(d) : "-");
function table(headers, rows) {
  const cells = [headers, ...rows].map((r) => r.map((c) => String(c ?? "")));
  const widths = headers.map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r) => r.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  return [line(cells[0]), widths.map((w) => "-".repeat(w)).join("  "), ...cells.slice(1).map(line)].join("\n");
}
const percentile = (sorted, p) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))] : NaN);
const decodeEntities = (s) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e) =>
    e[0] === "#"
      ? String.fromCodePoint(e[1] === "x" || e[1] === "X" ? parseInt(e.slice(2), 16) : Number(e.slice(1)))
      : { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" }[e.toLowerCase()],
  );
function retryAfterMs(value) {
  if (value === null) return null;
  if (/^\d+$/.test(value.trim())) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}

// ---------------------------------------------------------------------------------------------
// Servers: start (fresh seeded state) or reuse; stop by process group on every way out
// ---------------------------------------------------------------------------------------------
const children = [];
let stopping = null;
const serverEnv = { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false" };

function stopServers() {
  if (stopping) return stopping;
  stopping = Promise.all(
    children.map(
      (child) =>
        new Promise((resolve) => {
          if (child.exitCode !== null || child.signalCode !== null) return resolve();
          const group = (signal) => {
            try {
              process.kill(-child.pid, signal); // npx passes no signals on: signal its whole group
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
  );
  return stopping;
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) {
  process.on(signal, () => {
    process.stderr.write(`\nsoak: ${signal}: stopping the servers it started\n`);
    void stopServers().then(() => process.exit(130));
  });
}
process.on("uncaughtException", (error) => {
  process.stderr.write(`soak: failed: ${error?.stack ?? error}\n`);
  void stopServers().then(() => process.exit(2));
});
process.on("unhandledRejection", (error) => {
  process.stderr.write(`soak: failed: ${error?.stack ?? error}\n`);
  void stopServers().then(() => process.exit(2));
});

async function answers(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.status;
  } catch {
    return 0;
  }
}
async function waitFor(url, label, child, deadlineMs = 120_000) {
  const until = Date.now() + deadlineMs;
  while (Date.now() < until) {
    if (child && child.exitCode !== null) throw new Error(`${label} exited (code ${child.exitCode}) before answering; see its log`);
    if ((await answers(url)) === 200) return;
    await sleep(300);
  }
  throw new Error(`${label} did not answer ${url} within ${deadlineMs / 1000} s`);
}
function runStep(label, command, argv) {
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
function groupRssMb(child) {
  const ps = spawnSync("ps", ["-eo", "pgid=,rss="], { encoding: "utf8" });
  if (ps.status !== 0) return NaN;
  let kb = 0;
  for (const line of ps.stdout.split("\n")) {
    const [pgid, rss] = line.trim().split(/\s+/).map(Number);
    if (pgid === child.pid) kb += rss;
  }
  return kb / 1024;
}
const serverMemory = () => Object.fromEntries(children.map((c) => [c.label, groupRssMb(c)]));

function startServer(label, argv, logFile) {
  const out = createWriteStream(logFile);
  // Own process group: stopServers() signals wrangler and workerd together.
  const child = spawn("npx", argv, { cwd: root, env: serverEnv, detached: true, stdio: ["ignore", "pipe", "pipe"] });
  child.stdout.pipe(out);
  child.stderr.pipe(out);
  child.label = label;
  children.push(child);
  child.on("exit", (code, signal) => {
    if (!stopping) process.stderr.write(`soak: ${label} exited unexpectedly (${signal ?? `code ${code}`}); see ${path.relative(root, logFile)}\n`);
  });
  return child;
}

async function startOwnServers() {
  for (const [label, origin] of [
    ["app", APP],
    ["platform", PLATFORM],
  ]) {
    if ((await answers(`${origin}/robots.txt`)) !== 0) {
      fail(`something already answers on ${origin} (${label} port): pick other ports (--app-port/--platform-port) or reuse it with --app-url/--platform-url`);
    }
  }
  if (args.build || !existsSync(path.join(root, "build/index.js"))) runStep("npm run build", "npm", ["run", "build", "--silent"]);
  const state = `.wrangler/soak-state-${APP_PORT}`;
  const platformState = `.wrangler/soak-platform-state-${PLATFORM_PORT}`;
  const logs = path.join(root, ".wrangler/soak-logs");
  mkdirSync(logs, { recursive: true });
  // Fresh state: the soak's own folders go entirely (seeding --reset keeps the edge cache and
  // wrangler's trace store, which grow by hundreds of MB per run).
  for (const dir of [state, platformState]) rmSync(path.join(root, dir), { recursive: true, force: true });
  // As the Playwright config: the app's seed writes the catalogue file the emulator's seed reads.
  const catalogue = `seed/generated/catalogue${APP_PORT === "8787" ? "" : `-${APP_PORT}`}.json`;
  runStep(`seeding ${state} (catalogue, content)`, process.execPath, ["scripts/seed-local.mjs", "--reset", "--persist-to", state, "--port", APP_PORT]);
  runStep(`seeding ${platformState} (demo world)`, process.execPath, ["scripts/seed-platform.mjs", "--reset", "--persist-to", platformState, "--catalogue", catalogue]);
  const common = ["--ip", "127.0.0.1", "--show-interactive-dev-session=false"];
  // One after the other: two `wrangler dev` starting at the same instant can race for a socket.
  const platformLog = path.join(logs, `platform-${PLATFORM_PORT}.log`);
  const platform = startServer(
    "platform",
    ["wrangler", "dev", "-c", "workers/platform/wrangler.toml", "--port", PLATFORM_PORT, "--persist-to", platformState, ...common],
    platformLog,
  );
  await waitFor(`${PLATFORM}/_emulator/state`, "the platform emulator", platform);
  const appLog = path.join(logs, `app-${APP_PORT}.log`);
  const app = startServer(
    "app",
    [
      // The development environment (wrangler.toml [env.development]), as `npm run dev` runs it.
      "wrangler",
      "dev",
      "--env",
      "development",
      "--port",
      APP_PORT,
      "--persist-to",
      state,
      ...common,
      "--var",
      `PLATFORM_API_BASE:${PLATFORM}/v1`,
      "--var",
      `OEMBED_ENDPOINT:${PLATFORM}/oembed`,
      "--var",
      `PORTAL_URL:${APP}`,
    ],
    appLog,
  );
  await waitFor(`${APP}/robots.txt`, "the app", app);
  log(`soak: servers up: app ${APP} (pid ${app.pid}), platform ${PLATFORM} (pid ${platform.pid}); logs in ${path.relative(root, logs)}/`);
  return { state, platformState, logs: { app: path.relative(root, appLog), platform: path.relative(root, platformLog) } };
}

// ---------------------------------------------------------------------------------------------
// HTTP: a browser's cookie jar, and one request function that records everything
// ---------------------------------------------------------------------------------------------
class Jar {
  cookies = new Map();
  absorb(res) {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=(0|-\d+)\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  get(name) {
    return this.cookies.get(name);
  }
}

const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const NAVIGATE = {
  Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "User-Agent": UA,
  "Sec-Fetch-Dest": "document",
  "Sec-Fetch-Mode": "navigate",
  "Sec-Fetch-Site": "same-origin",
};
const XHR = { Accept: "application/json", "User-Agent": UA, "Sec-Fetch-Dest": "empty", "Sec-Fetch-Mode": "cors", "Sec-Fetch-Site": "same-origin" };
/** A form posted by one of our pages: same origin, as the browser sends it. */
const FORM = { ...NAVIGATE, "Content-Type": "application/x-www-form-urlencoded", Origin: APP };

let phase = "setup";
const stats = { setup: new Map(), load: new Map(), audit: new Map(), cleanup: new Map() };
const samples = { errors: [], unexpected: [] };
const unexpectedCounts = new Map();
const limitedWithoutRetryAfter = new Map();
let loadStarted = 0;
let loadEnded = 0;
/** Back-off: key → time before which that kind (or that webhook) is not asked again. */
const blockedUntil = new Map();
const isBlocked = (key) => (blockedUntil.get(key) ?? 0) > Date.now();

function record(kind, status, ms) {
  const bucket = stats[phase];
  let s = bucket.get(kind);
  if (!s) {
    s = { latencies: [], statuses: new Map() };
    bucket.set(kind, s);
  }
  s.latencies.push(ms);
  s.statuses.set(status, (s.statuses.get(status) ?? 0) + 1);
}

/**
 * One request: records kind, status and latency (until the body is read); a 429 blocks `limitKey`
 * (default the kind) for Retry-After. Never throws: a network error is status 0.
 * `expect`: the statuses this kind should answer; 429, 5xx and errors are counted apart.
 */
async function request(kind, url, { method = "GET", headers = {}, body, jar, expect = [200], limitKey = kind, isExpected } = {}) {
  const h = { ...headers };
  if (jar?.cookies.size && url.startsWith(APP)) h.Cookie = jar.header();
  const started = performance.now();
  let res = null;
  let buf = null;
  let error = null;
  try {
    res = await fetch(url, { method, headers: h, body, redirect: "manual", signal: AbortSignal.timeout(TIMEOUT_MS) });
    buf = Buffer.from(await res.arrayBuffer());
  } catch (e) {
    error = e;
  }
  const ms = performance.now() - started;
  const status = error ? 0 : res.status;
  if (jar && res && url.startsWith(APP)) jar.absorb(res);
  record(kind, status, ms);
  const text = () => (buf ? buf.toString("utf8") : "");
  if (status === 429) {
    const wait = retryAfterMs(res.headers.get("Retry-After"));
    if (wait === null) limitedWithoutRetryAfter.set(kind, (limitedWithoutRetryAfter.get(kind) ?? 0) + 1);
    blockedUntil.set(limitKey, Math.max(blockedUntil.get(limitKey) ?? 0, Date.now() + Math.min(wait ?? 5000, 60_000)));
  } else if (status === 0 || status >= 500) {
    if (samples.errors.length < 30) {
      samples.errors.push({ phase, kind, method, url, status, error: error ? String(error.cause ?? error) : undefined, body: text().slice(0, 300), at: new Date().toISOString() });
    }
  } else if (!(isExpected ? isExpected(status) : expect.includes(status))) {
    const key = `${kind} ${status}`;
    unexpectedCounts.set(key, (unexpectedCounts.get(key) ?? 0) + 1);
    if (samples.unexpected.length < 30) samples.unexpected.push({ phase, kind, method, url, status, body: text().slice(0, 300), at: new Date().toISOString() });
  }
  return { status, ok: status >= 200 && status < 300, headers: res?.headers ?? new Headers(), text, json: () => JSON.parse(text()), ms, error };
}

/** Waits out a back-off on `key` (bounded by the end of the load). */
async function respect(key, until) {
  const wait = (blockedUntil.get(key) ?? 0) - Date.now();
  if (wait > 0) await sleep(Math.min(wait, Math.max(0, until - Date.now())));
}

/**
 * The Cron Trigger (wrangler.toml: every minute) as production runs it: `wrangler dev` does not, so
 * the soak asks for a run through wrangler's local endpoint (health checks, outgoing retries that
 * are due, pruning incoming rate windows). Not counted in the figures.
 */
const cron = { runs: 0, failed: 0, unavailable: false };
async function runCron() {
  if (cron.unavailable) return;
  const status = await fetch(`${APP}/cdn-cgi/local/scheduled`, { signal: AbortSignal.timeout(TIMEOUT_MS) }).then(
    async (res) => {
      await res.arrayBuffer();
      return res.status;
    },
    () => 0,
  );
  if (status === 404) cron.unavailable = true;
  else if (status === 200) cron.runs++;
  else cron.failed++;
}
async function cronLoop(until) {
  for (let next = Date.now() + 60_000; next < until; next += 60_000) {
    await sleep(next - Date.now());
    await runCron();
  }
}

// ---------------------------------------------------------------------------------------------
// What the site holds: discovered through its own APIs (as a crawler would)
// ---------------------------------------------------------------------------------------------
const LIST_PATHS = [
  "meetings",
  "messaging",
  "calling",
  "contact-center",
  "devices",
  "getting-started",
  "must-try",
  "brand-new",
  "partner-solutions",
  "hybrid-work",
  "embedded-apps",
  "integrations",
  "bots",
  "skills",
  "service-apps",
  "coming-soon",
];
const PRODUCT_PATHS = { meetings: "meetings", teams: "messaging", calling: "calling", contact_center: "contact-center", rooms: "devices" };
const CONTENT_APIS = [
  "/api/content/home",
  "/api/content/announcement",
  "/api/content/app-hub-modal",
  "/api/content/coming-soon",
  "/api/content/getting-started-collection",
  "/api/content/contact-center-collection",
  "/api/content/hybrid-collection",
  "/api/content/must-try-collection",
  "/api/content/security-integrations",
  "/api/content/support",
  "/api/fetch-all-categories",
  "/api/fetch-home-apps",
  "/api/fetch-featured-apps",
  "/api/fetch-must-try-collection",
];
const WORDS = [
  "poll",
  "calendar",
  "notes",
  "crm",
  "whiteboard",
  "zurich",
  "survey",
  "meeting",
  "bot",
  "analytics",
  "sales",
  "ticket",
  "translate",
  "record",
  "agenda",
  "quiz",
  "health",
  "sync",
  "deploy",
  "chat",
];
const ODD_QUERIES = ['"unclosed', "a AND OR", "ü ñ 日本", "-", "*", "NEAR(x y)", "<script>", "%27%22", "😀 bot", "a".repeat(120)];
const SEARCH_SORTS = ["relevance", "newest", "a-z", "z-a"];
const SEARCH_TYPES = ["", "bot", "integration", "embeddedApp", "serviceApp", "skill"];

async function discover() {
  const apps = [];
  for (let offset = 0; offset < 5000; offset += 100) {
    const res = await request("setup:discover", `${APP}/api/search?max=100&offset=${offset}`, { headers: XHR });
    if (!res.ok) throw new Error(`/api/search answered ${res.status}`);
    const { items, total } = res.json();
    apps.push(...items);
    if (apps.length >= total || items.length === 0) break;
  }
  const categoriesRes = await request("setup:discover", `${APP}/api/fetch-all-categories`, { headers: XHR });
  if (!categoriesRes.ok) throw new Error(`/api/fetch-all-categories answered ${categoriesRes.status}`);
  const categories = categoriesRes.json();
  const categoryPages = [
    ...new Set(
      categories.flatMap((c) => [
        ...(c.categoryType === "appContext" ? [] : [`/category/${c.slug}`]),
        ...(PRODUCT_PATHS[c.categoryType] ? [`/${PRODUCT_PATHS[c.categoryType]}/${c.slug}`] : []),
      ]),
    ),
  ];
  // The list pages that answer here, and those with a second page (a page past the last may be a 404).
  const listPages = [];
  const listPagesWithMore = [];
  for (const list of LIST_PATHS) {
    const res = await request("setup:discover", `${APP}/${list}`, { headers: NAVIGATE, expect: [200, 404] });
    if (res.status !== 200) continue;
    listPages.push(list);
    if (res.text().includes(`href="/${list}?page=2`)) listPagesWithMore.push(list);
  }
  const webhookApps = new Set(["incoming-webhooks", "outgoing-webhooks"]);
  const bots = apps.filter((a) => a.type === "bot" && a.status === "published" && !webhookApps.has(a.friendlyId));
  const httpLogos = apps.map((a) => a.logo).filter((l) => typeof l === "string" && /^http:\/\//.test(l));
  // The proxy is for plain-http logos; the seed has a few (on this origin). Else proxy our own.
  const logos = (
    httpLogos.length
      ? httpLogos
      : apps
          .map((a) => a.logo)
          .filter((l) => l?.startsWith("/"))
          .map((l) => `${APP}${l}`)
  ).slice(0, 6);
  if (!apps.length || !bots.length || !listPages.length) throw new Error("the catalogue has no apps, bots or list pages: is the app seeded?");
  return { apps, bots, categoryPages, logos, listPages, listPagesWithMore };
}

// ---------------------------------------------------------------------------------------------
// The receiver for outgoing webhooks (127.0.0.1 only)
// ---------------------------------------------------------------------------------------------
const deliveries = [];
function startReceiver() {
  const server = createServer((req, res) => {
    const chunks = [];
    req.on("data", (c) => chunks.push(c));
    req.on("end", () => {
      deliveries.push({ path: req.url, headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() });
      res.statusCode = req.method === "POST" ? 200 : 405;
      res.end();
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve({ server, origin: `http://127.0.0.1:${server.address().port}` }));
  });
}

// ---------------------------------------------------------------------------------------------
// People: log in once each, then act as the pages let them
// ---------------------------------------------------------------------------------------------
const roomById = new Map(Object.values(ROOMS).map((r) => [encodeId("ROOM", r.uuid), r]));
/** Where this person's webhook or bot can go: a group space that is neither locked for them nor restricted. */
function roomFits(person, roomId) {
  const room = roomById.get(roomId);
  if (!room) return false;
  const me = room.members.find((m) => m.user === person.key);
  return room.type === "group" && !room.isRestricted && !(room.isLocked && !me?.moderator);
}

async function logIn(person) {
  for (let attempt = 1; attempt <= 5; attempt++) {
    const jar = new Jar();
    const start = await request("login:start", `${APP}/auth?last=%2F`, { headers: NAVIGATE, jar, expect: [302] });
    const authorize = start.status === 302 ? new URL(start.headers.get("Location")) : null;
    if (!authorize || authorize.origin !== PLATFORM) {
      if (start.status === 429) {
        await respect("login:start", Date.now() + 60_000);
        continue;
      }
      throw new Error(`login of ${person.email}: /auth answered ${start.status} ${start.headers.get("Location") ?? ""}`);
    }
    await request("login:consent-page", authorize.href, { headers: NAVIGATE });
    const form = new URLSearchParams(authorize.searchParams);
    form.set("decision", "accept");
    form.set("email", person.email);
    const consent = await request("login:consent", `${PLATFORM}/v1/authorize`, {
      method: "POST",
      headers: { ...NAVIGATE, "Content-Type": "application/x-www-form-urlencoded", Origin: PLATFORM },
      body: form.toString(),
      expect: [302],
    });
    if (consent.status !== 302) throw new Error(`login of ${person.email}: consent answered ${consent.status}: ${consent.text().slice(0, 200)}`);
    const back = new URL(consent.headers.get("Location"));
    const callback = await request("login:callback", `${APP}${back.pathname}${back.search}`, { headers: { ...NAVIGATE, "Sec-Fetch-Site": "cross-site" }, jar, expect: [302] });
    if (callback.status === 429) {
      await respect("login:callback", Date.now() + 60_000);
      continue;
    }
    if (callback.status !== 302) throw new Error(`login of ${person.email}: callback answered ${callback.status}`);
    const me = await request("person:api", `${APP}/api/people/me`, { headers: XHR, jar });
    if (!me.ok) throw new Error(`login of ${person.email}: still logged out (/api/people/me answered ${me.status})`);
    await request("person:page", `${APP}/`, { headers: NAVIGATE, jar });
    return jar;
  }
  throw new Error(`login of ${person.email}: rate limited five times`);
}

/** The page's CSRF field (as the form carries it), else the cookie's value. */
const csrfOf = (html, jar) => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? jar.get("csrf-token");
/** For the JSON API: the token the person's last page carried (the header the API reads). */
const csrfHeader = (person) => ({ "X-CSRF-Token": person.csrf ?? person.jar.get("csrf-token") ?? "" });
function roomOptions(html) {
  const select = /<select[^>]*name="roomId"[^>]*>([\s\S]*?)<\/select>/.exec(html)?.[1] ?? "";
  return [...select.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].filter((m) => m[1]).map((m) => ({ id: m[1], title: decodeEntities(m[2]) }));
}
function flashOf(jar) {
  const raw = jar.get("flash");
  if (!raw) return null;
  try {
    return JSON.parse(Buffer.from(decodeURIComponent(raw), "base64").toString("utf8"));
  } catch {
    return null;
  }
}

// What happened, for the audit.
const hooks = []; // { id, kind, owner, roomId, roomTitle, name, url, path, signingSecret, stable, deletedAt, deleteStartedAt }
const refusedHooks = []; // { owner, kind, roomId, name, message }
const botAdds = []; // { owner, roomId, bot, outcome: added|already|refused|other, title }
const posts = []; // { seq, marker, hookId, roomId, status, accepted, messageId, mention, kind }
const beacons = { accepted: 0, acceptedEvents: 0, refused: 0 };
let receiverOrigin = "";

function webhookPage(kind) {
  return `${APP}/applications/${kind}-webhooks`;
}

async function myWebhooks(person, kind) {
  const res = await request("webhook:list", `${APP}/api/my-webhooks${kind ? `?type=${kind}` : ""}`, { headers: XHR, jar: person.jar });
  return res.ok ? res.json().items : null;
}

/**
 * Creates a webhook as the person would: the page's form (no JavaScript; Post/Redirect/Get) or the
 * §7 JSON API (the page's CSRF token in the header). Sometimes submits twice.
 */
async function createHook(person, kind, { stable = false, roomId, viaApi = chance(0.25), twice = chance(0.1) } = {}) {
  const page = await request("webhook:page", webhookPage(kind), { headers: NAVIGATE, jar: person.jar });
  if (!page.ok) return null;
  const html = page.text();
  person.csrf = csrfOf(html, person.jar);
  const options = roomOptions(html);
  const fitting = options.filter((o) => roomFits(person, o.id));
  const refusalProbe = !stable && !roomId && chance(0.05);
  const room = roomId
    ? options.find((o) => o.id === roomId)
    : refusalProbe
      ? (pick(options.filter((o) => roomById.get(o.id) && !roomFits(person, o.id))) ?? pick(fitting))
      : pick(fitting);
  if (!room) return null;
  const name = `${RUN}-${person.key}-${kind === "incoming" ? "i" : "o"}${++person.hookSeq}${stable ? "-stable" : ""}`;
  const webhookUrl = kind === "outgoing" ? `${receiverOrigin}/${stable ? "stable" : "churn"}/${name}` : undefined;
  let ok = false;
  let message = null;
  for (let i = 0; i < (twice ? 2 : 1); i++) {
    if (viaApi) {
      const res = await request("webhook:create-api", `${APP}/api/webhooks?type=${kind}`, {
        method: "POST",
        headers: { ...XHR, "Content-Type": "application/json", Origin: APP, ...csrfHeader(person) },
        body: JSON.stringify({ roomId: room.id, displayName: name, ...(webhookUrl ? { webhookUrl } : {}) }),
        jar: person.jar,
        expect: i === 0 ? [201, 400, 403] : [200, 400, 403],
      });
      ok = ok || res.status === 201 || res.status === 200;
      if (!res.ok && res.status !== 429 && res.status < 500)
        message = (() => {
          try {
            return res.json().message;
          } catch {
            return res.text().slice(0, 200);
          }
        })();
    } else {
      const fields = { csrf: csrfOf(html, person.jar), intent: "create-webhook", displayName: name, roomId: room.id, ...(webhookUrl ? { webhookUrl } : {}) };
      const res = await request("webhook:create", webhookPage(kind), {
        method: "POST",
        headers: { ...FORM, Referer: webhookPage(kind) },
        body: new URLSearchParams(fields).toString(),
        jar: person.jar,
        expect: [302, 400],
      });
      if (res.status === 302) {
        // Post/Redirect/Get: the notice rides in the flash cookie; the page it lands on lists the webhook.
        const notice = flashOf(person.jar);
        const after = await request("webhook:page", new URL(res.headers.get("Location"), APP).href, { headers: NAVIGATE, jar: person.jar });
        if (notice?.title === "Webhook added" && notice.message.includes(name)) ok = true;
        else samples.unexpected.push({ phase, kind: "webhook:create", note: `after creating ${name} the notice was ${JSON.stringify(notice)}` });
        if (after.ok && !after.text().includes(name)) samples.unexpected.push({ phase, kind: "webhook:create", note: `${name} not on the page after the redirect` });
      } else if (res.status === 400) {
        const alert = /role="alert"[^>]*>([^<]+)</.exec(res.text())?.[1];
        message = alert ? decodeEntities(alert) : "refused (400)";
      }
    }
  }
  if (!ok) {
    if (message) refusedHooks.push({ owner: person.key, kind, roomId: room.id, name, message });
    return null;
  }
  const listed = (await myWebhooks(person, kind)) ?? [];
  const view = listed.find((h) => h.displayName === name && h.roomId === room.id);
  if (!view) {
    // Created (the form or API said so) but not listed: the audit reports it.
    const hook = { id: null, kind, owner: person.key, roomId: room.id, roomTitle: room.title, name, url: null, stable, deletedAt: null, createdAt: Date.now(), lost: true };
    hooks.push(hook);
    return null;
  }
  const hook = {
    id: view.id,
    kind,
    owner: person.key,
    roomId: room.id,
    roomTitle: view.roomTitle,
    name,
    url: kind === "incoming" ? view.webhookUrl : null,
    path: kind === "incoming" ? new URL(view.webhookUrl).pathname : null,
    target: webhookUrl ?? null,
    signingSecret: view.signingSecret,
    stable,
    createdAt: Date.now(),
    deleteStartedAt: null,
    deletedAt: null,
  };
  hooks.push(hook);
  return hook;
}

async function deleteHook(person, hook, viaApi = chance(0.25)) {
  hook.deleteStartedAt = Date.now();
  let done = false;
  if (viaApi) {
    const res = await request("webhook:delete-api", `${APP}/api/webhooks?webhookId=${hook.id}&type=${hook.kind}`, {
      method: "DELETE",
      headers: { ...XHR, Origin: APP, ...csrfHeader(person) },
      jar: person.jar,
      expect: [204],
    });
    done = res.status === 204;
  } else {
    const page = await request("webhook:page", webhookPage(hook.kind), { headers: NAVIGATE, jar: person.jar });
    if (!page.ok) {
      hook.deleteStartedAt = null;
      return;
    }
    const res = await request("webhook:delete", webhookPage(hook.kind), {
      method: "POST",
      headers: { ...FORM, Referer: webhookPage(hook.kind) },
      body: new URLSearchParams({ csrf: csrfOf(page.text(), person.jar), intent: "delete-webhook", webhookId: hook.id }).toString(),
      jar: person.jar,
      expect: [302],
    });
    if (res.status === 302) {
      done = flashOf(person.jar)?.title === "Webhook deleted";
      await request("webhook:page", new URL(res.headers.get("Location"), APP).href, { headers: NAVIGATE, jar: person.jar });
    }
  }
  if (done) hook.deletedAt = Date.now();
  else hook.deleteStartedAt = null; // not deleted: still expected in the list
}

async function addBot(person, bots) {
  const bot = pick(bots);
  const detail = `${APP}/applications/${encodeURIComponent(bot.friendlyId ?? bot.id)}`;
  const page = await request("bot:add-form", `${detail}?add=group-space`, { headers: NAVIGATE, jar: person.jar });
  if (!page.ok) return;
  const html = page.text();
  const options = roomOptions(html);
  // Mostly a space where it can work; sometimes a locked or restricted one (refused).
  const fitting = options.filter((o) => roomFits(person, o.id));
  const room = chance(0.1) ? pick(options) : pick(fitting.length ? fitting : options);
  if (!room) return;
  const res = await request("bot:add", detail, {
    method: "POST",
    headers: { ...FORM, Referer: `${detail}?add=group-space` },
    body: new URLSearchParams({ csrf: csrfOf(html, person.jar), intent: "add-to-space", roomId: room.id }).toString(),
    jar: person.jar,
    expect: [302],
  });
  if (res.status !== 302) return;
  const notice = flashOf(person.jar);
  const title = notice?.title ?? "";
  const outcome =
    title === "App added"
      ? "added"
      : / is already in /.test(title) || notice?.message === "That app is already in that space. Try choosing another one."
        ? "already"
        : notice?.level === "error"
          ? "refused"
          : "other";
  botAdds.push({ owner: person.key, roomId: room.id, roomTitle: room.title.replace(/ \(locked\)$/, ""), bot: bot.name, outcome, title, at: Date.now() });
  await request("bot:add-result", new URL(res.headers.get("Location"), APP).href, { headers: NAVIGATE, jar: person.jar });
}

async function personBrowse(person, site) {
  const bot = pick(site.bots);
  const [kind, url, headers] = weighted([
    [["person:page", `${APP}/`, NAVIGATE], 2],
    [["person:page", `${APP}/applications/${encodeURIComponent(bot.friendlyId ?? bot.id)}`, NAVIGATE], 3],
    [["person:page", webhookPage(chance(0.5) ? "incoming" : "outgoing"), NAVIGATE], 2],
    [["person:page", `${APP}/my-integrations`, NAVIGATE], 1],
    [["person:page", `${APP}/${pick(site.listPages)}`, NAVIGATE], 2],
    [["person:page", `${APP}/search?q=${encodeURIComponent(pick(WORDS))}`, NAVIGATE], 1],
    [["person:api", `${APP}/api/my-webhooks`, XHR], 1],
    [["person:api", `${APP}/api/rooms`, XHR], 1],
    [["person:api", `${APP}/api/people/me`, XHR], 1],
  ]);
  await request(kind, url, { headers, jar: person.jar });
}

async function personLoop(person, site, until) {
  const churnCap = 6;
  while (Date.now() < until) {
    const mine = hooks.filter((h) => h.owner === person.key && !h.stable && h.id && !h.deletedAt && !h.deleteStartedAt);
    const action = weighted([
      ["browse", 40],
      ["add-bot", 20],
      ["create", mine.length < churnCap ? 20 : 0],
      ["delete", mine.length ? (mine.length >= churnCap ? 35 : 15) : 0],
    ]);
    const key = `person:${person.key}`;
    await respect(key, until);
    if (Date.now() >= until) break;
    if (action === "browse") await personBrowse(person, site);
    else if (action === "add-bot") await addBot(person, site.bots);
    else if (action === "create") await createHook(person, chance(0.6) ? "incoming" : "outgoing");
    else await deleteHook(person, pick(mine));
    // A 429 on any of the person's requests: wait it out before their next step.
    const blocked = [...blockedUntil.entries()].filter(([k, t]) => t > Date.now() && /^(person|bot|webhook|login):/.test(k));
    if (blocked.length) blockedUntil.set(key, Math.max(...blocked.map(([, t]) => t)));
  }
}

// ---------------------------------------------------------------------------------------------
// Anonymous browsers
// ---------------------------------------------------------------------------------------------
/** Junk that makes a new cache key (and the tracking parameters people paste). */
function bustQuery() {
  return pick([
    () => `_=${junk()}`,
    () => `x${junk()}=${junk()}`,
    () => `utm_source=soak&utm_campaign=${junk()}`,
    () => `fbclid=${junk()}${junk()}`,
    () => `ref=${junk()}&v=${Math.floor(random() * 1000)}`,
  ])();
}
const withQuery = (url, q) => (q ? `${url}${url.includes("?") ? "&" : "?"}${q}` : url);

function anonymousRequest(site, _jar) {
  const app = pick(site.apps);
  const word = pick(WORDS);
  const query = chance(0.1) ? pick(ODD_QUERIES) : chance(0.3) ? `${word} ${pick(WORDS)}` : word;
  const choice = weighted([
    [() => ["home", "/", NAVIGATE], 8],
    [() => ["list", `/${pick(site.listPages)}${chance(0.3) ? `?sort=${pick(["newest", "a-z", "z-a"])}` : ""}`, NAVIGATE], 11],
    [() => ["list", `/${pick(site.listPagesWithMore)}?page=2`, NAVIGATE], site.listPagesWithMore.length ? 3 : 0],
    [() => ["category", pick(site.categoryPages), NAVIGATE], 10],
    [() => ["detail", `/applications/${encodeURIComponent(app.friendlyId ?? app.id)}`, NAVIGATE], 14],
    [() => ["search", `/search?q=${encodeURIComponent(query)}${chance(0.3) ? `&sort=${pick(SEARCH_SORTS)}&type=${pick(SEARCH_TYPES)}` : ""}`, NAVIGATE], 10],
    [
      () => [
        "api:search",
        `/api/search?searchQuery=${encodeURIComponent(query)}&max=${pick([8, 32])}${chance(0.3) ? `&sortBy=${pick(["alphabetical", "relevance", "date"])}` : ""}`,
        XHR,
      ],
      10,
    ],
    [() => ["api:suggest", `/api/suggest?q=${encodeURIComponent(word.slice(0, 1 + Math.floor(random() * word.length)))}`, XHR], 12],
    [() => ["api:content", pick(CONTENT_APIS), XHR], 8],
    [
      () => [
        "getImage",
        `/getImage?imageUrl=${encodeURIComponent(pick(site.logos))}`,
        { ...XHR, Accept: "image/avif,image/webp,image/svg+xml,image/*,*/*;q=0.8", "Sec-Fetch-Dest": "image", "Sec-Fetch-Mode": "no-cors" },
      ],
      4,
    ],
    [() => ["analytics", null, null], 10],
  ])();
  return choice;
}

async function sendBeacon(jar, page) {
  const names = ["AppHub_pageView", "AppHub_query", "AppHub_appView", "AppHub_externalLinkClick", "AppHub_modalView", "AppHub_bannerClick"];
  const events = Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
    const name = pick(names);
    return { name, props: { path: page, ...(name === "AppHub_query" ? { query: pick(WORDS) } : {}), utm_source: "soak" } };
  });
  // navigator.sendBeacon(endpoint, new Blob([json], {type: "application/json"})): a same-origin
  // POST with the page's cookies, Origin and Referer, no custom headers.
  const res = await request("analytics", `${APP}/api/analytics`, {
    method: "POST",
    headers: {
      "User-Agent": UA,
      Accept: "*/*",
      "Content-Type": "application/json",
      Origin: APP,
      Referer: `${APP}${page}`,
      "Sec-Fetch-Site": "same-origin",
      "Sec-Fetch-Mode": "cors",
      "Sec-Fetch-Dest": "empty",
    },
    body: JSON.stringify({ key: ANALYTICS_KEY || undefined, events }),
    jar,
    expect: [204],
  });
  if (res.status === 204) {
    beacons.accepted++;
    beacons.acceptedEvents += events.length;
  } else beacons.refused++;
}

async function anonymousLoop(site, until) {
  const jar = new Jar();
  jar.cookies.set("performance_consent", "true"); // this visitor agreed to analytics
  let lastPage = "/";
  while (Date.now() < until) {
    let choice;
    for (let i = 0; i < 8; i++) {
      choice = anonymousRequest(site, jar);
      if (!isBlocked(choice[0])) break;
    }
    const [kind, pathAndQuery, headers] = choice;
    if (isBlocked(kind)) {
      await respect(kind, until);
      continue;
    }
    if (kind === "analytics") {
      await sendBeacon(jar, lastPage);
      continue;
    }
    const bust = chance(BUST);
    await request(bust ? `${kind} +bust` : kind, `${APP}${withQuery(pathAndQuery, bust ? bustQuery() : "")}`, { headers, jar, limitKey: kind });
    if (headers === NAVIGATE) lastPage = pathAndQuery;
  }
}

// ---------------------------------------------------------------------------------------------
// Incoming webhook posters
// ---------------------------------------------------------------------------------------------
let postSeq = 0;
// Text posts reach the space escaped for markdown (issue 13: "\\[" for "["), so either spelling counts.
const markerRe = new RegExp(`\\\\?\\[${RUN}:p(\\d+)\\\\?\\]`);

async function posterLoop(until) {
  const interval = (60_000 / POSTS_PER_MINUTE) * POSTERS;
  let next = Date.now();
  while (Date.now() < until) {
    next += interval * (0.5 + random()); // about the rate, not in lock step
    await sleep(Math.min(next - Date.now(), until - Date.now()));
    if (Date.now() >= until) break;
    const incoming = hooks.filter((h) => h.kind === "incoming" && h.id && !h.deletedAt);
    const alive = incoming.filter((h) => !isBlocked(`hook:${h.id}`));
    const deleted = hooks.filter((h) => h.kind === "incoming" && h.id && h.deletedAt);
    if (!alive.length) {
      // Every webhook is waiting out its Retry-After (or none exists yet): wait, do not skew the mix.
      const soonest = Math.min(...incoming.map((h) => blockedUntil.get(`hook:${h.id}`) ?? 0), Date.now() + 1000);
      await sleep(Math.min(soonest, until) - Date.now());
      next = Date.now();
      continue;
    }
    const what = weighted([
      ["post", 88],
      ["invalid", 5],
      ["deleted", deleted.length ? 7 : 0],
    ]);
    const hook = what === "deleted" ? pick(deleted) : pick(alive);
    const seq = ++postSeq;
    const marker = `[${RUN}:p${seq}]`;
    const outgoingHere = hooks.some((h) => h.kind === "outgoing" && h.roomId === hook.roomId && h.id);
    const mention = what === "post" && outgoingHere && chance(0.3);
    let body;
    let contentType = "application/json";
    let kind = "hook:post";
    let expect = [200];
    if (what === "invalid") {
      kind = "hook:post-invalid";
      expect = [400];
      body = pick([
        () => JSON.stringify({ txt: `misspelt field ${marker}` }),
        () => `{"text": "unterminated ${marker}`,
        () => {
          contentType = "text/plain";
          return JSON.stringify({ text: `wrong type ${marker}` });
        },
        () => JSON.stringify({ text: `${"é".repeat(3720)} ${marker}` }),
      ])();
    } else if (what === "deleted") {
      kind = "hook:post-deleted";
      expect = [404];
      body = JSON.stringify({ text: `to a deleted webhook ${marker}` });
    } else {
      const text = `Build ${seq} of ${hook.name} passed ${marker}`;
      // Markdown sometimes; a mention is markup, so it is always markdown (issue 13: plain
      // "@Outgoing Webhooks" text mentions nobody, and a text post is escaped to show as typed).
      body = mention
        ? JSON.stringify({ markdown: `<@personEmail:outgoing-webhooks@lumen.bot|Outgoing Webhooks> ${text}` })
        : chance(0.2)
          ? JSON.stringify({ markdown: `**${text}**` })
          : JSON.stringify({ text });
    }
    const sentAt = Date.now();
    const res = await request(kind, `${APP}${hook.path}`, {
      method: "POST",
      headers: { "Content-Type": contentType, "User-Agent": "soak-ci/1.0", Accept: "application/json" },
      body,
      limitKey: `hook:${hook.id}`,
      expect,
      // A post racing its webhook's deletion may find it gone.
      isExpected: (status) => expect.includes(status) || (status === 404 && what !== "deleted" && hook.deleteStartedAt !== null),
    });
    let messageId = null;
    if (res.status === 200) {
      try {
        messageId = res.json().id ?? null;
      } catch {
        messageId = null;
      }
    }
    posts.push({
      seq,
      marker,
      hookId: hook.id,
      hookName: hook.name,
      roomId: hook.roomId,
      kind,
      status: res.status,
      accepted: res.status >= 200 && res.status < 300,
      messageId,
      mention,
      sentAt,
      answeredAt: Date.now(),
    });
  }
}

// ---------------------------------------------------------------------------------------------
// The audit: read back through the emulator's API (the hub's OAuth client, as the app itself does)
// ---------------------------------------------------------------------------------------------
async function platformToken(email) {
  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const redirectUri = `${APP}/auth/callback`;
  const form = new URLSearchParams({
    client_id: HUB_CLIENT_ID,
    response_type: "code",
    redirect_uri: redirectUri,
    scope: "spark:people_read spark:rooms_read spark:memberships_read spark:messages_read",
    state: "soak-audit",
    code_challenge: challenge,
    code_challenge_method: "S256",
    decision: "accept",
    email,
  });
  const consent = await fetch(`${PLATFORM}/v1/authorize`, { method: "POST", redirect: "manual", headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: form });
  const code = consent.headers.get("Location") && new URL(consent.headers.get("Location")).searchParams.get("code");
  if (!code) throw new Error(`audit: consent for ${email} answered ${consent.status}`);
  const res = await fetch(`${PLATFORM}/v1/access_token`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      grant_type: "authorization_code",
      client_id: HUB_CLIENT_ID,
      client_secret: HUB_CLIENT_SECRET,
      code,
      redirect_uri: redirectUri,
      code_verifier: verifier,
    }),
  });
  if (!res.ok) throw new Error(`audit: token for ${email} answered ${res.status}`);
  return (await res.json()).access_token;
}
async function platformGet(token, pathAndQuery) {
  for (let attempt = 0; attempt < 5; attempt++) {
    const res = await fetch(`${PLATFORM}${pathAndQuery}`, { headers: { Authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (res.status === 429) {
      await sleep(retryAfterMs(res.headers.get("Retry-After")) ?? 2000);
      continue;
    }
    if (!res.ok) throw new Error(`audit: GET ${pathAndQuery} answered ${res.status}: ${(await res.text()).slice(0, 200)}`);
    return res.json();
  }
  throw new Error(`audit: GET ${pathAndQuery} rate limited five times`);
}
/** Every message of a space, newest first, page by page (GET /v1/messages?beforeMessage=). */
async function allMessages(token, roomId) {
  const out = [];
  let before = null;
  for (;;) {
    const page = await platformGet(token, `/v1/messages?roomId=${encodeURIComponent(roomId)}&max=1000${before ? `&beforeMessage=${encodeURIComponent(before)}` : ""}`);
    out.push(...page.items);
    if (page.items.length < 1000) return out;
    before = page.items[page.items.length - 1].id;
  }
}

async function audit(people, analyticsBefore) {
  const checks = [];
  const check = (name, ok, detail = "", extra = {}) => checks.push({ name, ok, detail, ...extra });
  const byKey = new Map(people.map((p) => [p.key, p]));

  // 1. Webhooks on My Webhooks (the app's own view, read first, with the people's sessions).
  const created = hooks.filter((h) => h.id);
  const alive = created.filter((h) => !h.deletedAt);
  const gone = created.filter((h) => h.deletedAt);
  const lostOnCreate = hooks.filter((h) => h.lost);
  const missing = [];
  const stillListed = [];
  const duplicates = [];
  const notOnPage = [];
  const strangers = [];
  for (const person of people) {
    const items = await myWebhooks(person);
    if (!items) {
      missing.push(`${person.key}: /api/my-webhooks failed`);
      continue;
    }
    const counts = new Map();
    for (const item of items) counts.set(item.id, (counts.get(item.id) ?? 0) + 1);
    const names = new Map();
    for (const item of items) names.set(`${item.roomId} ${item.displayName}`, (names.get(`${item.roomId} ${item.displayName}`) ?? 0) + 1);
    for (const [key, n] of names) if (n > 1) duplicates.push(`${person.key}: ${key.split(" ")[1]} ×${n}`);
    const known = new Set(hooks.filter((h) => h.owner === person.key).map((h) => h.id));
    for (const item of items) if (item.displayName.startsWith(RUN) && !known.has(item.id)) strangers.push(`${person.key}: ${item.displayName}`);
    for (const h of alive.filter((x) => x.owner === person.key)) if (!counts.has(h.id)) missing.push(`${person.key}: ${h.name}`);
    for (const h of gone.filter((x) => x.owner === person.key)) if (counts.has(h.id)) stillListed.push(`${person.key}: ${h.name}`);
    for (const kind of ["incoming", "outgoing"]) {
      const mine = alive.filter((h) => h.owner === person.key && h.kind === kind);
      if (!mine.length) continue;
      const page = await request("audit:page", webhookPage(kind), { headers: NAVIGATE, jar: person.jar });
      const html = page.text();
      for (const h of mine) if (!html.includes(h.name)) notOnPage.push(`${person.key}: ${h.name}`);
    }
  }
  check(
    `webhooks: ${alive.length} created and not deleted are listed on My Webhooks`,
    missing.length === 0 && lostOnCreate.length === 0,
    [...missing.slice(0, 10), ...lostOnCreate.map((h) => `created but never listed: ${h.owner} ${h.name}`)].join("; "),
  );
  check(`webhooks: they are on the My Webhooks pages too`, notOnPage.length === 0, notOnPage.slice(0, 10).join("; "));
  check(`webhooks: ${gone.length} deleted ones are no longer listed`, stillListed.length === 0, stillListed.slice(0, 10).join("; "));
  check(
    `webhooks: no duplicates (${hooks.length} creates, some submitted twice) and none unknown`,
    duplicates.length === 0 && strangers.length === 0,
    [...duplicates, ...strangers].slice(0, 10).join("; "),
  );
  const refusedListed = [];
  for (const r of refusedHooks) {
    const p = byKey.get(r.owner);
    const items = (await myWebhooks(p)) ?? [];
    if (items.some((i) => i.displayName === r.name)) refusedListed.push(`${r.owner}: ${r.name}`);
  }
  check(`webhooks: ${refusedHooks.length} refused creates left nothing behind`, refusedListed.length === 0, refusedListed.join("; "));

  // Deleted incoming URLs answer 404 (and so post nothing).
  const probes = gone.filter((h) => h.kind === "incoming").slice(0, 20);
  const probeMarkers = [];
  let probeBad = 0;
  for (const h of probes) {
    const marker = `[${RUN}:probe${probeMarkers.length}]`;
    probeMarkers.push(marker);
    const res = await request("audit:probe", `${APP}${h.path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ text: `after deletion ${marker}` }),
      expect: [404],
    });
    if (res.status !== 404) probeBad++;
  }
  check(`webhooks: ${probes.length} deleted incoming URLs answer 404`, probeBad === 0, probeBad ? `${probeBad} did not` : "");

  // Read tokens for the people, from the hub's own OAuth client (docs/decisions/014).
  const tokens = new Map();
  const tokenFor = async (key) => {
    if (!tokens.has(key)) tokens.set(key, await platformToken(USERS[key].email));
    return tokens.get(key);
  };

  try {
    // 2. Upstream: the platform webhooks of outgoing ones (as the Outgoing Webhooks bot sees them).
    const platformHooks = (await platformGet(SERVICE_BOTS.outgoing.token, "/v1/webhooks?max=1000")).items;
    const registered = new Map();
    for (const w of platformHooks) {
      const id = /App Hub outgoing webhook (\S+)/.exec(w.name ?? "")?.[1];
      if (id) registered.set(id, (registered.get(id) ?? 0) + 1);
    }
    const outAlive = alive.filter((h) => h.kind === "outgoing");
    const outGone = gone.filter((h) => h.kind === "outgoing");
    const unregistered = outAlive.filter((h) => registered.get(h.id) !== 1).map((h) => `${h.name} ×${registered.get(h.id) ?? 0}`);
    const leftOver = outGone.filter((h) => registered.has(h.id)).map((h) => h.name);
    check(
      `platform: ${outAlive.length} outgoing webhooks registered once each, ${outGone.length} deleted ones unregistered`,
      unregistered.length === 0 && leftOver.length === 0,
      [...unregistered, ...leftOver.map((n) => `left over: ${n}`)].slice(0, 10).join("; "),
    );
  } catch (error) {
    check("platform webhooks: the audit could not read it", false, String(error?.message ?? error));
  }

  try {
    // 3. Messages: every accepted post exactly once in its space, refused ones nowhere.
    const roomsToRead = new Map(); // roomId → owner key (a member)
    for (const h of hooks.filter((x) => x.kind === "incoming" && x.id)) if (!roomsToRead.has(h.roomId)) roomsToRead.set(h.roomId, h.owner);
    const found = new Map(); // seq → [{roomId, message}]
    const probeSeen = [];
    let scanned = 0;
    for (const [roomId, owner] of roomsToRead) {
      const messages = await allMessages(await tokenFor(owner), roomId);
      scanned += messages.length;
      for (const m of messages) {
        const body = `${m.text ?? ""} ${m.markdown ?? ""}`;
        const seq = markerRe.exec(body)?.[1];
        if (seq) {
          const list = found.get(Number(seq)) ?? [];
          list.push({ roomId, message: m });
          found.set(Number(seq), list);
        }
        if (probeMarkers.some((p) => body.includes(p))) probeSeen.push(m.id);
      }
    }
    const accepted = posts.filter((p) => p.accepted);
    const refused = posts.filter((p) => !p.accepted && p.status !== 0 && p.status < 500);
    const unknown = posts.filter((p) => p.status === 0 || p.status >= 500);
    const lost = [];
    const doubled = [];
    const misplaced = [];
    const misnamed = [];
    for (const p of accepted) {
      const seen = found.get(p.seq) ?? [];
      if (seen.length === 0) lost.push(p);
      else if (seen.length > 1) doubled.push(p);
      else {
        const [{ roomId, message }] = seen;
        if (roomId !== p.roomId || (p.messageId && message.id !== p.messageId)) misplaced.push(p);
        // The webhook's name leads the message's markdown (docs/decisions/010).
        else if (!String(message.markdown ?? "").startsWith(`**${p.hookName}**\n\n`)) misnamed.push(p);
      }
    }
    const leaked = refused.filter((p) => (found.get(p.seq) ?? []).length > 0);
    const sentSeqs = new Set(posts.map((p) => p.seq));
    const phantom = [...found.keys()].filter((seq) => !sentSeqs.has(seq));
    const show = (list) =>
      list
        .slice(0, 5)
        .map((p) => `p${p.seq} (${p.hookName}, HTTP ${p.status})`)
        .join(", ");
    check(
      `incoming: ${accepted.length} accepted posts appear exactly once in their space (${scanned} messages read in ${roomsToRead.size} spaces)`,
      lost.length === 0 && doubled.length === 0 && misplaced.length === 0,
      [
        lost.length ? `${lost.length} missing: ${show(lost)}` : "",
        doubled.length ? `${doubled.length} more than once: ${show(doubled)}` : "",
        misplaced.length ? `${misplaced.length} in the wrong space or under another id: ${show(misplaced)}` : "",
      ]
        .filter(Boolean)
        .join("; "),
    );
    check(`incoming: posted under the webhook's name`, misnamed.length === 0, misnamed.length ? `${misnamed.length}: ${show(misnamed)}` : "");
    const refusedBy = {};
    for (const p of refused) refusedBy[p.status] = (refusedBy[p.status] ?? 0) + 1;
    check(
      `incoming: ${refused.length} refused posts (${
        Object.entries(refusedBy)
          .map(([s, n]) => `${n}× ${s}`)
          .join(", ") || "none"
      }) do not appear`,
      leaked.length === 0 && probeSeen.length === 0,
      [leaked.length ? `${leaked.length} appeared: ${show(leaked)}` : "", probeSeen.length ? `${probeSeen.length} posts to deleted URLs after the load appeared` : ""]
        .filter(Boolean)
        .join("; "),
    );
    check(`incoming: no message the soak did not send`, phantom.length === 0, phantom.length ? `${phantom.length} markers never sent: ${phantom.slice(0, 5).join(", ")}` : "");
    if (unknown.length) check(`incoming: ${unknown.length} posts ended in 5xx or a network error (outcome unknown; counted as errors)`, false, show(unknown));

    // 4. Outgoing deliveries: mentions in spaces with a long-lived outgoing webhook, once each, signed.
    const stableOut = hooks.filter((h) => h.kind === "outgoing" && h.stable && h.id && !h.deletedAt);
    const expected = [];
    for (const p of accepted.filter((x) => x.mention && x.messageId)) {
      for (const w of stableOut.filter((h) => h.roomId === p.roomId)) expected.push({ post: p, hook: w, id: `${p.messageId}:${w.id}` });
    }
    const settleUntil = Date.now() + SETTLE_MS;
    const deliveredIds = () => new Set(deliveries.map((d) => d.headers["x-apphub-delivery"]));
    // A failed first attempt is retried by the Cron Trigger after WEBHOOK_RETRY_BASE_SECONDS (30).
    for (let lastCron = Date.now(); Date.now() < settleUntil && expected.some((e) => !deliveredIds().has(e.id)); await sleep(500)) {
      if (Date.now() - lastCron >= 10_000) {
        await runCron();
        lastCron = Date.now();
      }
    }
    const byDelivery = new Map();
    for (const d of deliveries) {
      const id = d.headers["x-apphub-delivery"];
      byDelivery.set(id, [...(byDelivery.get(id) ?? []), d]);
    }
    const secrets = new Map(hooks.filter((h) => h.signingSecret).map((h) => [h.id, h.signingSecret]));
    const badSignature = [];
    for (const d of deliveries) {
      const secret = secrets.get(d.headers["x-apphub-webhook"]);
      const sig = String(d.headers["x-apphub-signature"] ?? "");
      const mac = (payload) =>
        `sha256=${createHmac("sha256", secret ?? "")
          .update(payload)
          .digest("hex")}`;
      // A receiver checks HMAC-SHA256 of the body, or of "timestamp.body" when a timestamp is sent.
      const stamp = Object.entries(d.headers).find(([k]) => /timestamp/i.test(k))?.[1];
      if (!secret || (sig !== mac(d.body) && !(stamp && sig === mac(`${stamp}.${d.body}`)))) badSignature.push(d.headers["x-apphub-delivery"]);
    }
    const undelivered = expected.filter((e) => !byDelivery.has(e.id));
    const redelivered = [...byDelivery].filter(([, list]) => list.length > 1).map(([id]) => id);
    const wrongBody = expected.filter((e) => {
      const d = byDelivery.get(e.id)?.[0];
      if (!d) return false;
      try {
        const body = JSON.parse(d.body);
        return !String(body.data?.text ?? "").includes(e.post.marker) || body.webhook?.id !== e.hook.id;
      } catch {
        return true;
      }
    });
    check(
      `outgoing: ${expected.length} mentions to ${stableOut.length} long-lived outgoing webhooks delivered once each (${deliveries.length} deliveries received in all)`,
      undelivered.length === 0 && redelivered.length === 0 && wrongBody.length === 0,
      [
        undelivered.length
          ? `${undelivered.length} never arrived: ${undelivered
              .slice(0, 5)
              .map((e) => `p${e.post.seq}→${e.hook.name}`)
              .join(", ")}`
          : "",
        redelivered.length ? `${redelivered.length} arrived more than once` : "",
        wrongBody.length ? `${wrongBody.length} with the wrong message or webhook` : "",
      ]
        .filter(Boolean)
        .join("; "),
    );
    check(
      `outgoing: every delivery signed with its webhook's secret`,
      badSignature.length === 0,
      badSignature.length ? `${badSignature.length} bad: ${badSignature.slice(0, 3).join(", ")}` : "",
    );
  } catch (error) {
    check("messages and deliveries: the audit could not read it", false, String(error?.message ?? error));
  }

  try {
    // 5. Bots added to spaces are members; refused ones are not (unless added another time).
    const pairs = new Map();
    for (const a of botAdds) {
      const key = `${a.roomId}\u0000${a.bot}`;
      pairs.set(key, [...(pairs.get(key) ?? []), a]);
    }
    const members = new Map();
    const notMember = [];
    const refusedButMember = [];
    const addedTwice = [];
    let unverified = 0;
    for (const [key, list] of pairs) {
      const [roomId, bot] = key.split("\u0000");
      if (!members.has(roomId)) {
        const reader = list.find((a) => a.outcome !== "refused")?.owner ?? list[0].owner;
        try {
          members.set(
            roomId,
            new Set((await platformGet(await tokenFor(reader), `/v1/memberships?roomId=${encodeURIComponent(roomId)}&max=1000`)).items.map((m) => m.personDisplayName)),
          );
        } catch {
          members.set(roomId, null); // not readable by that person (e.g. a space they cannot see)
        }
      }
      const set = members.get(roomId);
      const inRoom = set ? set.has(bot) : null;
      if (inRoom === null) unverified++;
      const good = list.filter((a) => a.outcome === "added" || a.outcome === "already");
      if (list.filter((a) => a.outcome === "added").length > 1) addedTwice.push(`${bot} → ${list[0].roomTitle}`);
      if (good.length && inRoom === false) notMember.push(`${bot} → ${list[0].roomTitle}`);
      if (!good.length && list.some((a) => a.outcome === "refused") && inRoom === true) refusedButMember.push(`${bot} → ${list[0].roomTitle}`);
    }
    const outcomes = {};
    for (const a of botAdds) outcomes[a.outcome] = (outcomes[a.outcome] ?? 0) + 1;
    check(
      `bots: ${botAdds.length} add-to-space posts (${
        Object.entries(outcomes)
          .map(([k, n]) => `${n} ${k}`)
          .join(", ") || "none"
      }); added ones are members, refused ones are not`,
      notMember.length === 0 && refusedButMember.length === 0 && !outcomes.other,
      [
        notMember.length ? `not members: ${notMember.slice(0, 5).join(", ")}` : "",
        refusedButMember.length ? `refused but members: ${refusedButMember.slice(0, 5).join(", ")}` : "",
        outcomes.other ? `${outcomes.other} with an unknown notice` : "",
        unverified ? `${unverified} pairs in spaces the audit could not read` : "",
      ]
        .filter(Boolean)
        .join("; "),
    );
    check(`bots: no bot was added twice to the same space`, addedTwice.length === 0, addedTwice.slice(0, 5).join(", "));
  } catch (error) {
    check("bot memberships: the audit could not read it", false, String(error?.message ?? error));
  }

  try {
    // 6. Analytics: every accepted event was counted (exact on own servers; others may add on reused ones).
    const analyticsAfter = await analyticsTotal();
    const delta = analyticsAfter - analyticsBefore;
    check(
      `analytics: ${beacons.accepted} beacons accepted with ${beacons.acceptedEvents} events; the sink counted ${delta}`,
      REUSE ? delta >= beacons.acceptedEvents : delta === beacons.acceptedEvents,
      delta < beacons.acceptedEvents
        ? `${beacons.acceptedEvents - delta} events lost`
        : delta > beacons.acceptedEvents
          ? `${delta - beacons.acceptedEvents} more than sent${REUSE ? " (others use these servers)" : ""}`
          : "",
    );
  } catch (error) {
    check("analytics: the audit could not read it", false, String(error?.message ?? error));
  }

  // 7. Statuses over the whole run.
  const all = [...stats.setup.values(), ...stats.load.values(), ...stats.audit.values()];
  const count = (pred) => all.reduce((sum, s) => sum + [...s.statuses].filter(([st]) => pred(st)).reduce((a, [, n]) => a + n, 0), 0);
  const fiveXX = count((s) => s >= 500);
  const netErr = count((s) => s === 0);
  check(
    `no 5xx and no network errors`,
    fiveXX === 0 && netErr === 0,
    fiveXX || netErr
      ? `${fiveXX} 5xx, ${netErr} network errors; first: ${samples.errors
          .slice(0, 3)
          .map((e) => `${e.method} ${e.url.replace(APP, "")} → ${e.status || e.error}`)
          .join(" | ")}`
      : "",
  );
  const unexpectedTotal = [...unexpectedCounts.values()].reduce((a, b) => a + b, 0);
  check(
    `no unexpected statuses`,
    unexpectedTotal === 0 && !samples.unexpected.some((u) => u.note),
    [...[...unexpectedCounts].map(([k, n]) => `${k} ×${n}`), ...samples.unexpected.filter((u) => u.note).map((u) => u.note)].slice(0, 10).join("; "),
  );
  const noRetry = [...limitedWithoutRetryAfter.values()].reduce((a, b) => a + b, 0);
  check(`every 429 carried Retry-After`, noRetry === 0, noRetry ? [...limitedWithoutRetryAfter].map(([k, n]) => `${k} ×${n}`).join(", ") : "");

  return checks;
}

async function analyticsTotal() {
  const res = await fetch(`${APP}/api/analytics/summary?days=2`, { headers: XHR });
  if (!res.ok) throw new Error(`/api/analytics/summary answered ${res.status}`);
  return (await res.json()).counts.reduce((sum, day) => sum + day.total, 0);
}

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------
function summarize(bucket) {
  const rows = [];
  const all = [];
  const classes = { "2xx": 0, "3xx": 0, "4xx": 0, 429: 0, "5xx": 0, error: 0 };
  const limited = {};
  for (const [kind, s] of [...bucket].sort(([a], [b]) => a.localeCompare(b))) {
    const sorted = [...s.latencies].sort((a, b) => a - b);
    all.push(...s.latencies);
    const c = { "2xx": 0, "3xx": 0, "4xx": 0, 429: 0, "5xx": 0, error: 0 };
    for (const [status, n] of s.statuses) {
      const cls = status === 0 ? "error" : status === 429 ? "429" : status >= 500 ? "5xx" : `${Math.floor(status / 100)}xx`;
      c[cls] += n;
      classes[cls] += n;
    }
    if (c[429]) limited[kind] = c[429];
    rows.push({
      kind,
      requests: sorted.length,
      p50: percentile(sorted, 50),
      p95: percentile(sorted, 95),
      p99: percentile(sorted, 99),
      max: sorted[sorted.length - 1],
      statuses: Object.fromEntries(s.statuses),
      classes: c,
    });
  }
  all.sort((a, b) => a - b);
  return { rows, total: all.length, p50: percentile(all, 50), p95: percentile(all, 95), p99: percentile(all, 99), max: all[all.length - 1], classes, limited };
}

// ---------------------------------------------------------------------------------------------
// Main
// ---------------------------------------------------------------------------------------------
// The key the development environment's pages label their beacons with (wrangler.toml [env.development]).
const ANALYTICS_KEY = String(unstable_readConfig({ config: path.join(root, "wrangler.toml"), env: "development" }, { hideWarnings: true }).vars.ANALYTICS_KEY ?? "");
let exitCode = 0;
const runStarted = Date.now();
const loadAtStart = loadavg()[0];
let receiver = null;
let servers = null;
const people = [];
try {
  log(
    `soak: run ${RUN}, seed ${SEED}: ${MINUTES} min, ${CLIENTS} anonymous clients, ${PEOPLE.length} people (${PEOPLE.join(", ")}), ${POSTERS} posters (~${POSTS_PER_MINUTE}/min), ${Math.round(BUST * 100)} % cache-busting`,
  );
  if (REUSE) {
    if ((await answers(`${PLATFORM}/_emulator/state`)) !== 200) fail(`${PLATFORM} is not the platform emulator with its controls on (/_emulator/state)`);
    if ((await answers(`${APP}/robots.txt`)) !== 200) fail(`${APP} does not answer /robots.txt`);
    log(`soak: reusing ${APP} and ${PLATFORM}`);
  } else {
    servers = await startOwnServers();
  }
  receiver = await startReceiver();
  receiverOrigin = receiver.origin;

  // Setup (recorded apart): discovery, logins, and the long-lived webhooks the audit leans on.
  const site = await discover();
  log(
    `soak: site: ${site.apps.length} apps (${site.bots.length} bots), ${site.listPages.length} list pages, ${site.categoryPages.length} category pages, ${site.logos.length} logos for /getImage; receiver ${receiverOrigin}`,
  );
  for (const key of PEOPLE) {
    const person = { key, email: USERS[key].email, hookSeq: 0, jar: null };
    person.jar = await logIn(person);
    people.push(person);
  }
  for (const person of people) {
    const page = await request("webhook:page", webhookPage("incoming"), { headers: NAVIGATE, jar: person.jar });
    const fitting = roomOptions(page.text()).filter((o) => roomFits(person, o.id));
    for (const room of fitting.slice(0, 2)) await createHook(person, "incoming", { stable: true, roomId: room.id, viaApi: false, twice: false });
    if (fitting[0]) await createHook(person, "outgoing", { stable: true, roomId: fitting[0].id, viaApi: false, twice: false });
  }
  const stableCount = hooks.filter((h) => h.stable && h.id).length;
  log(
    `soak: logged in ${people.map((p) => p.key).join(", ")}; ${stableCount} long-lived webhooks (${refusedHooks.length} refused: ${refusedHooks.map((r) => `${r.owner} ${r.message}`).join("; ") || "none"})`,
  );
  const analyticsBefore = await analyticsTotal();

  // Load.
  phase = "load";
  const memoryBefore = serverMemory();
  const cpuBefore = process.cpuUsage();
  const loadAvgBefore = loadavg()[0];
  loadStarted = Date.now();
  const until = loadStarted + LOAD_MS;
  log(`soak: load for ${MINUTES} min, until ${new Date(until).toISOString().slice(11, 19)} UTC …`);
  const progress = setInterval(() => {
    const s = summarize(stats.load);
    const secs = (Date.now() - loadStarted) / 1000;
    log(
      `soak: ${fmt(secs, 0)} s: ${s.total} requests (${fmt(s.total / secs)} req/s), p50 ${fmt(s.p50, 0)} ms, p99 ${fmt(s.p99, 0)} ms, 5xx ${s.classes["5xx"]}, errors ${s.classes.error}, 429 ${s.classes[429]}`,
    );
  }, 30_000);
  progress.unref();
  await Promise.all([
    ...Array.from({ length: CLIENTS }, () => anonymousLoop(site, until)),
    ...people.map((p) => personLoop(p, site, until)),
    ...Array.from({ length: POSTERS }, () => posterLoop(until)),
    cronLoop(until),
  ]);
  loadEnded = Date.now();
  const cpu = process.cpuUsage(cpuBefore);
  const loadAvgAfter = loadavg()[0];
  const memoryAfter = serverMemory();
  clearInterval(progress);
  phase = "audit";

  log(`soak: load done; auditing (waiting up to ${SETTLE_MS / 1000} s for outgoing deliveries) …`);
  const checks = await audit(people, analyticsBefore);
  const load = summarize(stats.load);
  const setup = summarize(stats.setup);
  const seconds = (loadEnded - loadStarted) / 1000;

  log("");
  log(
    `Load: ${load.total} requests in ${fmt(seconds, 0)} s = ${fmt(load.total / seconds)} req/s; p50 ${fmt(load.p50)} ms, p95 ${fmt(load.p95)} ms, p99 ${fmt(load.p99)} ms, max ${fmt(load.max, 0)} ms`,
  );
  log(
    `Status classes: ${Object.entries(load.classes)
      .map(([k, n]) => `${k} ${n}`)
      .join(", ")}`,
  );
  log(
    `Setup (logins, discovery, long-lived webhooks; not in the figures above): ${setup.total} requests, ${Object.entries(setup.classes)
      .filter(([, n]) => n)
      .map(([k, n]) => `${k} ${n}`)
      .join(", ")}`,
  );
  const generatorCpu = (cpu.user + cpu.system) / 1e6;
  if (children.length) {
    log(
      `Server memory (RSS of each process group, load start → end): ${Object.keys(memoryAfter)
        .map((k) => `${k} ${fmt(memoryBefore[k], 0)} → ${fmt(memoryAfter[k], 0)} MB`)
        .join(", ")}`,
    );
  }
  log(`Cron Trigger runs asked of wrangler dev: ${cron.unavailable ? "not available on this server" : `${cron.runs}${cron.failed ? `, ${cron.failed} failed` : ""}`}`);
  log(
    `Machine: 1-min load average ${fmt(loadAvgBefore)} → ${fmt(loadAvgAfter)} on ${availableParallelism()} CPUs; the soak itself used ${fmt(generatorCpu)} s of CPU (${fmt((100 * generatorCpu) / seconds, 0)} % of one core)`,
  );
  log("");
  log(
    table(
      ["kind", "requests", "req/s", "p50", "p95", "p99", "max", "2xx", "3xx", "4xx", "429", "5xx", "err"],
      load.rows.map((r) => [
        r.kind,
        r.requests,
        fmt(r.requests / seconds, 2),
        fmt(r.p50, 0),
        fmt(r.p95, 0),
        fmt(r.p99, 0),
        fmt(r.max, 0),
        r.classes["2xx"],
        r.classes["3xx"],
        r.classes["4xx"],
        r.classes[429],
        r.classes["5xx"],
        r.classes.error,
      ]),
    ),
  );
  const bust = load.rows.filter((r) => r.kind.endsWith("+bust")).reduce((a, r) => a + r.requests, 0);
  const anonGets = load.rows.filter((r) => /^(home|list|category|detail|search|api:|getImage)/.test(r.kind)).reduce((a, r) => a + r.requests, 0);
  log(`(latencies in ms; ${bust} of ${anonGets} anonymous GETs = ${fmt((100 * bust) / Math.max(1, anonGets), 0)} % carried cache-busting junk)`);
  log(
    `Rate limited (429) per kind: ${
      Object.entries(load.limited)
        .map(([k, n]) => `${k} ${n}`)
        .join(", ") || "none"
    }`,
  );
  log("");
  log("Audit");
  for (const c of checks) log(`  ${c.ok ? "ok  " : "FAIL"}  ${c.name}${c.detail ? `\n          ${c.detail}` : ""}`);
  const failed = checks.filter((c) => !c.ok);
  log(failed.length ? `\nAUDIT FAILED: ${failed.length} of ${checks.length} checks` : `\nAudit passed: ${checks.length} checks`);
  if (samples.errors.length) {
    log("\nFirst errors (5xx / network):");
    for (const e of samples.errors.slice(0, 10))
      log(`  ${e.at} ${e.phase} ${e.kind}: ${e.method} ${e.url} → ${e.status || e.error} ${e.body ? JSON.stringify(e.body.slice(0, 160)) : ""}`);
  }
  if (samples.unexpected.length) {
    log("\nFirst unexpected answers:");
    for (const u of samples.unexpected.slice(0, 10))
      log(`  ${u.at ?? ""} ${u.phase} ${u.kind}: ${u.note ?? `${u.method} ${u.url} → ${u.status} ${JSON.stringify(u.body?.slice(0, 160))}`}`);
  }
  if (servers) log(`\nServer logs: ${servers.logs.app}, ${servers.logs.platform}`);
  exitCode = failed.length ? 1 : 0;

  if (args.json) {
    const file = path.resolve(root, args.json);
    mkdirSync(path.dirname(file), { recursive: true });
    const out = {
      date: new Date().toISOString(),
      run: RUN,
      seed: SEED,
      node: process.version,
      machine: {
        cpus: availableParallelism(),
        loadAverage1mStart: loadAtStart,
        loadAverage1mLoadStart: loadAvgBefore,
        loadAverage1mLoadEnd: loadAvgAfter,
        loadAverage1mEnd: loadavg()[0],
        soakCpuSeconds: generatorCpu,
        serverRssMb: { loadStart: memoryBefore, loadEnd: memoryAfter },
      },
      settings: {
        minutes: MINUTES,
        clients: CLIENTS,
        people: PEOPLE,
        posters: POSTERS,
        postsPerMinute: POSTS_PER_MINUTE,
        bust: BUST,
        app: APP,
        platform: PLATFORM,
        reused: REUSE,
        settleSeconds: SETTLE_MS / 1000,
        timeoutSeconds: TIMEOUT_MS / 1000,
      },
      load: {
        seconds,
        requests: load.total,
        rps: load.total / seconds,
        p50: load.p50,
        p95: load.p95,
        p99: load.p99,
        max: load.max,
        classes: load.classes,
        limitedPerKind: load.limited,
        bustShare: bust / Math.max(1, anonGets),
        perKind: load.rows,
      },
      setup: { requests: setup.total, classes: setup.classes, perKind: setup.rows },
      activity: {
        webhooksCreated: hooks.filter((h) => h.id).length,
        webhooksDeleted: hooks.filter((h) => h.deletedAt).length,
        webhooksRefused: refusedHooks.length,
        incomingPosts: posts.length,
        incomingAccepted: posts.filter((p) => p.accepted).length,
        mentions: posts.filter((p) => p.accepted && p.mention).length,
        deliveriesReceived: deliveries.length,
        botAdds: botAdds.length,
        beacons,
        cron,
      },
      audit: { passed: failed.length === 0, checks },
      samples,
      totalSeconds: (Date.now() - runStarted) / 1000,
    };
    writeFileSync(file, `${JSON.stringify(out, null, 2)}\n`);
    log(`\nsoak: figures written to ${path.relative(root, file)}`);
  }

  // Reused servers: take away what the soak made (own servers' state is thrown away next run).
  if (REUSE && !args.keep) {
    phase = "cleanup";
    let removed = 0;
    for (const h of hooks.filter((x) => x.id && !x.deletedAt)) {
      const person = people.find((p) => p.key === h.owner);
      const res = await request("cleanup", `${APP}/api/webhooks?webhookId=${h.id}&type=${h.kind}`, {
        method: "DELETE",
        headers: { ...XHR, Origin: APP, ...csrfHeader(person) },
        jar: person.jar,
        expect: [204],
      });
      if (res.status === 204) removed++;
    }
    log(`soak: removed the ${removed} webhooks it made on the reused servers (--keep keeps them)`);
  }
} catch (error) {
  process.stderr.write(`soak: failed: ${error?.stack ?? error}\n`);
  exitCode = 2;
} finally {
  receiver?.server.close();
  if (children.length) {
    await stopServers();
    log(
      `soak: stopped the servers it started (${children.map((c) => c.pid).join(", ")}); whole run ${fmt((Date.now() - runStarted) / 1000, 0)} s; load average ${fmt(loadAtStart)} → ${fmt(loadavg()[0])} on ${availableParallelism()} CPUs`,
    );
  }
}
process.exit(exitCode);
