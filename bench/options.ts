// The bench's command line (`npm run bench -- --help` prints bench/README.md's flag list), checked once.
import { parseArgs } from "node:util";
import { statePlace } from "./lib/state-place.ts";

export const FLAGS = {
  "no-build": { type: "boolean", default: false },
  duration: { type: "string", default: "5" },
  warmup: { type: "string", default: "1" },
  concurrency: { type: "string", default: "8" },
  apps: { type: "string", default: "50000" },
  "import-slice": { type: "string", default: "50000" },
  "max-requests": { type: "string", default: "20000" },
  "latency-duration": { type: "string", default: "1.5" },
  rounds: { type: "string", default: "5" },
  only: { type: "string" },
  "no-explain": { type: "boolean", default: false },
  proposed: { type: "boolean", default: false },
  "lighthouse-runs": { type: "string", default: "1" },
  profile: { type: "string" },
  "profile-duration": { type: "string", default: "5" },
  followers: { type: "string", default: "10000" },
  "startup-runs": { type: "string", default: "5" },
  "startup-extra": { type: "string" },
  "scale-versions": { type: "string", default: "3" },
  "mix-duration": { type: "string", default: "20" },
  "mix-clients": { type: "string", default: "6" },
  "mix-seed": { type: "string", default: "31" },
  "deadline-minutes": { type: "string", default: "" },
  port: { type: "string", default: "0" },
  state: { type: "string", default: "auto" },
  help: { type: "boolean", default: false },
} as const;

export type BenchOptions = ReturnType<typeof parseOptions>;

function stateFlag(text: string): "memory" | "disk" | "auto" {
  if (text === "memory" || text === "disk" || text === "auto") return text;
  throw new Error(`--state must be memory, disk or auto, got "${text}"`);
}

function number(name: string, text: string, min = 0): number {
  const value = Number(text);
  if (!Number.isFinite(value) || value < min) throw new Error(`--${name} must be a number ≥ ${min}, got "${text}"`);
  return value;
}

export function parseOptions(argv: readonly string[]) {
  const { values: args } = parseArgs({ args: [...argv], options: FLAGS });
  const apps = number("apps", args.apps, 1);
  const only = args.only
    ? new Set(
        args.only
          .split(",")
          .map((id) => id.trim())
          .filter(Boolean),
      )
    : null;
  return {
    help: args.help,
    build: !args["no-build"],
    durationMs: number("duration", args.duration) * 1000,
    warmupMs: number("warmup", args.warmup) * 1000,
    concurrency: number("concurrency", args.concurrency, 1),
    apps,
    /** The import generates and imports this many apps at a time (memory stays flat; issue 31). */
    importSliceApps: number("import-slice", args["import-slice"], 1),
    maxRequests: number("max-requests", args["max-requests"], 1),
    /** Each load target also runs with ONE client for this long: latency without queueing. */
    latencyMs: number("latency-duration", args["latency-duration"]) * 1000,
    rounds: Math.max(1, number("rounds", args.rounds)),
    only,
    explain: !args["no-explain"],
    proposed: args.proposed,
    lighthouseRuns: Math.max(1, number("lighthouse-runs", args["lighthouse-runs"])),
    profile: args.profile,
    profileMs: number("profile-duration", args["profile-duration"]) * 1000,
    followers: number("followers", args.followers, 1),
    startupRuns: Math.max(1, number("startup-runs", args["startup-runs"])),
    startupExtra: (args["startup-extra"] ?? "")
      .split(",")
      .filter(Boolean)
      .map((item) => {
        const [label = "", bundle = ""] = item.split("=");
        return { label, bundle };
      }),
    scaleVersions: Math.max(1, number("scale-versions", args["scale-versions"])),
    mixMs: number("mix-duration", args["mix-duration"]) * 1000,
    mixClients: number("mix-clients", args["mix-clients"], 1),
    mixSeed: number("mix-seed", args["mix-seed"]),
    /** Hard stop for the whole run, so nothing keeps running if something hangs (longer for big catalogues). */
    deadlineMs: (args["deadline-minutes"] ? number("deadline-minutes", args["deadline-minutes"], 1) : Math.max(15, 15 + (apps / 1_000_000) * 30)) * 60_000,
    /** The port of the catalogue Worker on 127.0.0.1 (0: any free one); its inspector (--profile) takes the next one. */
    port: number("port", args.port),
    /**
     * Where Miniflare keeps D1, KV, the cache and the rate-limit counters: memory (tmpfs) or disk;
     * "auto" is memory up to 250,000 apps (bench/lib/state-place.ts says why).
     */
    state: statePlace(stateFlag(args.state), apps),
    /** The settings as given, for results.json. */
    raw: args,
  };
}
