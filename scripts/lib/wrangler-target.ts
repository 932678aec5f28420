// Where the catalogue and content scripts write: the local D1/KV of an environment (default:
// development, the one `npm run dev` and the tests use) or, with --remote, a deployed
// environment's real D1 and KV (README "Deploy"). --dry-run validates everything and prints the
// wrangler commands instead of running them, so the remote form can be checked without an account.

export type WranglerTarget = {
  env: string;
  remote: boolean;
  dryRun: boolean;
  /** The flags every `wrangler d1 execute` / `wrangler kv key put` of this target carries. */
  args: string[];
  describe: string;
};

export const TARGET_OPTIONS = {
  env: { type: "string", default: "development" },
  remote: { type: "boolean", default: false },
  "dry-run": { type: "boolean", default: false },
  "persist-to": { type: "string" },
} as const;

export const TARGET_USAGE = "[--env development|staging|production] [--remote] [--dry-run] [--persist-to DIR]";

const ENVIRONMENTS = new Set(["development", "staging", "production"]);

export class TargetError extends Error {}

export function wranglerTarget(values: { env?: string; remote?: boolean; "dry-run"?: boolean; "persist-to"?: string }, resolve: (p: string) => string): WranglerTarget {
  const env = values.env ?? "development";
  const remote = values.remote ?? false;
  if (!ENVIRONMENTS.has(env)) throw new TargetError(`--env must be one of ${[...ENVIRONMENTS].join(", ")}, got "${env}"`);
  // The development environment's ids are local-only placeholders; staging and production have real
  // databases only remotely (their local copies would be empty rehearsal state, which --local allows).
  if (remote && env === "development") throw new TargetError("--remote needs --env staging or --env production (development exists only locally)");
  if (remote && values["persist-to"]) throw new TargetError("--persist-to is for local state; it cannot be combined with --remote");
  const persist = values["persist-to"] ? ["--persist-to", resolve(values["persist-to"])] : [];
  return {
    env,
    remote,
    dryRun: values["dry-run"] ?? false,
    args: ["--env", env, remote ? "--remote" : "--local", ...persist],
    describe: `${remote ? "remote" : "local"} ${env}`,
  };
}

/** How a command reads when printed (--dry-run), quoted where the shell needs it. */
export const shellLine = (args: string[]) => ["npx", "wrangler", ...args].map((a) => (/^[\w@%+=:,./-]+$/.test(a) ? a : `'${a.replace(/'/g, "'\\''")}'`)).join(" ");
