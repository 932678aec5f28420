// The front Worker's wrangler config, derived from wrangler.toml (docs/decisions/057), so the two
// Workers never disagree about a var, a database, a namespace or an abuse limit: wrangler.toml is
// the whole app (the back-office Worker in production) and the front is the same config with
//   - its own name (`<name>-front`), and its own entry (the front build; dist/front.js where an
//     environment uploads the minified bundle as it is),
//   - a BACK_OFFICE service binding to the back-office Worker of the same environment (wrangler names
//     an environment's Worker `<name>-<env>`),
//   - no Cron Triggers and no queue consumers (the back office runs them; the front only produces),
//   - its workers.dev address as wrangler's default (the back office turns its own off),
//   - paths rebased to where the written file sits.
// Top-level keys that [env.*] sections inherit are inherited the same way, since the shape is kept.

type Section = Record<string, unknown> & {
  name?: string;
  main?: string;
  assets?: { directory?: string } & Record<string, unknown>;
  d1_databases?: ({ migrations_dir?: string } & Record<string, unknown>)[];
  queues?: { producers?: unknown[]; consumers?: unknown[] };
  triggers?: unknown;
  services?: unknown[];
  workers_dev?: boolean;
  env?: Record<string, Section>;
};

export const BACK_OFFICE_BINDING = "BACK_OFFICE";
/** The front's entry (the front Remix build) and its minified bundle (scripts/build-worker.ts --out=front). */
export const FRONT_FILES = { frontMain: "build/front/index.js", frontDist: "dist/front.js" } as const;

/** `section`'s paths (its entry, assets folder, migrations folders), and its environments', through `rebase`. */
export function withPathsRebased(section: Section, rebase: (path: string) => string): Section {
  const out: Section = { ...section };
  if (section.main !== undefined) out.main = rebase(section.main);
  if (section.assets?.directory) out.assets = { ...section.assets, directory: rebase(section.assets.directory) };
  if (section.d1_databases) {
    out.d1_databases = section.d1_databases.map((db) => (db.migrations_dir ? { ...db, migrations_dir: rebase(db.migrations_dir) } : db));
  }
  if (section.env) out.env = Object.fromEntries(Object.entries(section.env).map(([name, env]) => [name, withPathsRebased(env, rebase)]));
  return out;
}

/**
 * `raw`: wrangler.toml as wrangler reads it (experimental_readRawConfig). `rebase` turns a path of
 * wrangler.toml (relative to the repo) into one relative to the written file. `frontMain` and
 * `frontDist`: the front's entry, and its minified bundle for the environments that upload one
 * (FRONT_FILES unless a test names others).
 */
export function frontConfig(raw: Section, options: { rebase: (path: string) => string; frontMain?: string; frontDist?: string }): Section {
  const { frontMain, frontDist } = { ...FRONT_FILES, ...options };
  const backName = raw.name;
  if (!backName) throw new Error("wrangler.toml has no name: the front's service binding needs the back office's");
  const section = (from: Section, envName: string | null): Section => {
    for (const key of ["route", "routes"]) {
      if (from[key] !== undefined) {
        throw new Error(
          `wrangler.toml ${envName ? `[env.${envName}]` : "(top level)"} has \`${key}\`: the public hostname belongs to the front Worker's deploy (README "Deploy": --domain), and the back office must have none (docs/decisions/057)`,
        );
      }
    }
    const { triggers: _crons, env: _env, workers_dev: _workersDev, ...rest } = from;
    const out: Section = withPathsRebased(rest, options.rebase);
    if (from.main !== undefined) out.main = from.main.startsWith("dist/") ? options.rebase(frontDist) : options.rebase(frontMain);
    if (from.queues) out.queues = from.queues.producers ? { producers: from.queues.producers } : {};
    const service = envName === null ? backName : (from.name ?? `${backName}-${envName}`);
    out.services = [{ binding: BACK_OFFICE_BINDING, service }];
    if (envName === null) out.name = `${backName}-front`;
    else if (from.name) out.name = `${from.name}-front`;
    return out;
  };
  const top = section(raw, null);
  top.env = Object.fromEntries(Object.entries(raw.env ?? {}).map(([name, env]) => [name, section(env, name)]));
  return top;
}
