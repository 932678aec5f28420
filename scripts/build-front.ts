// `node scripts/build-front.ts`, after `remix build` and `APP_HUB_BUILD=front remix build`
// (docs/decisions/057): makes the front Worker's build serve the full build's browser assets, and
// writes the front's wrangler config beside it.
//   1. Both Workers must hand browsers one set of assets: a page the front renders links the CSS
//      bundle and names the route modules that client-side navigation then loads, back-office pages
//      included. The front's own (a subset, with stubs) were written to a folder nobody serves. So
//      its two compile-time constants, the assets manifest and the CSS bundle's address, are
//      replaced by the full build's. Each must occur exactly once in both builds, or this fails.
//   2. build/front/wrangler.json: wrangler.toml turned into the front's config (scripts/lib/front-config.ts).
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { experimental_readRawConfig } from "wrangler";
import { FRONT_FILES, frontConfig } from "./lib/front-config.ts";

const root = path.resolve(import.meta.dirname, "..");
const fullFile = path.join(root, "build/index.js");
const frontFile = path.join(root, FRONT_FILES.frontMain);
const full = readFileSync(fullFile, "utf8");
let front = readFileSync(frontFile, "utf8");

/** The one line that defines `name` in a build (Remix's compiler writes each as one `var` line). */
function definition(text: string, file: string, name: string): string {
  const found = text.match(new RegExp(`^var ${name} = .*;$`, "gm")) ?? [];
  if (found.length !== 1) throw new Error(`build-front: expected one \`var ${name} = …;\` line in ${file}, found ${found.length}`);
  return found[0]!;
}
for (const name of ["assets_manifest_default", "cssBundleHref"]) {
  const replacement = definition(full, fullFile, name);
  front = front.replace(definition(front, frontFile, name), () => replacement);
}
writeFileSync(frontFile, front);

const { rawConfig } = experimental_readRawConfig({ config: path.join(root, "wrangler.toml") });
const configDir = path.dirname(frontFile);
const config = frontConfig(rawConfig as Parameters<typeof frontConfig>[0], { rebase: (p) => path.relative(configDir, path.resolve(root, p)) });
writeFileSync(path.join(configDir, "wrangler.json"), `${JSON.stringify(config, null, 2)}\n`);
