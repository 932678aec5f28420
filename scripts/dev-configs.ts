// `node scripts/dev-configs.ts --out <dir> [--var NAME:value …]`: both Workers' wrangler configs for
// running the production shape locally (docs/decisions/057): <dir>/back.json (wrangler.toml, the
// whole app) and <dir>/front.json (the front, as scripts/build-front.ts derives it), with the given
// vars set in [env.development] of both. wrangler dev gives `--var` only to the first of several
// Workers, so the e2e tests, whose emulator runs on ports of their own, set them here instead:
//   wrangler dev -c <dir>/front.json -c <dir>/back.json --env development
// Needs `npm run build` (the front's build/front/index.js).
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { experimental_readRawConfig } from "wrangler";
import { frontConfig, withPathsRebased } from "./lib/front-config.ts";

type Section = Parameters<typeof frontConfig>[0];
const { values } = parseArgs({ options: { out: { type: "string" }, var: { type: "string", multiple: true, default: [] } } });
const out = values.out;
if (!out) throw new Error("usage: node scripts/dev-configs.ts --out <dir> [--var NAME:value …]");
const vars: Record<string, string> = {};
for (const pair of values.var) {
  const colon = pair.indexOf(":");
  if (colon < 1) throw new Error(`dev-configs: --var takes NAME:value, not ${JSON.stringify(pair)}`);
  vars[pair.slice(0, colon)] = pair.slice(colon + 1);
}

const root = path.resolve(import.meta.dirname, "..");
const dir = path.resolve(root, out);
mkdirSync(dir, { recursive: true });
const rebase = (p: string) => path.relative(dir, path.resolve(root, p));
const raw = experimental_readRawConfig({ config: path.join(root, "wrangler.toml") }).rawConfig as Section;
const development = raw.env?.development ?? {};
const withVars: Section = { ...raw, env: { ...raw.env, development: { ...development, vars: { ...(development.vars as Record<string, string>), ...vars } } } };
const back = withPathsRebased(withVars, rebase);
writeFileSync(path.join(dir, "back.json"), `${JSON.stringify(back, null, 2)}\n`);
const front = frontConfig(withVars, { rebase });
writeFileSync(path.join(dir, "front.json"), `${JSON.stringify(front, null, 2)}\n`);
