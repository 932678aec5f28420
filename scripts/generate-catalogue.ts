// Writes a generated catalogue file (see scripts/lib/catalogue-generator.ts).
//
//   node scripts/generate-catalogue.ts --apps 400 --seed 1 --out seed/generated/catalogue.json
//     [--http-logo-origin http://127.0.0.1:8787] [--vendor-origin http://127.0.0.1:8788]
//
// --vendor-origin: the platform emulator; integrations' connect URLs then start at its demo vendor
// (`/vendors/<clientId>/start?return_to={return_url}`) instead of invented vendor sites.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { generateCatalogue } from "./lib/catalogue-generator.ts";

const usage = "usage: node scripts/generate-catalogue.ts --apps N --seed S --out path.json";

function fail(message: string): never {
  process.stderr.write(`${message}\n${usage}\n`);
  process.exit(1);
  throw new Error(message); // not reached (process.exit is not typed `never` under this tsconfig)
}

function integerOption(value: string | undefined, name: string, fallback: number): number {
  if (value === undefined) return fallback;
  if (!/^-?\d+$/.test(value)) fail(`--${name} must be an integer, got "${value}"`);
  return Number(value);
}

const { values } = parseArgs({
  options: {
    apps: { type: "string" },
    seed: { type: "string" },
    out: { type: "string" },
    "http-logo-origin": { type: "string" },
    "vendor-origin": { type: "string" },
  },
});
const outArg = values.out ?? fail("--out is required");
const apps = integerOption(values.apps, "apps", 400);
const seed = integerOption(values.seed, "seed", 1);
if (apps < 0) fail("--apps must not be negative");

const started = performance.now();
const httpLogoOrigin = values["http-logo-origin"];
if (httpLogoOrigin !== undefined && !/^http:\/\/[^/]+$/.test(httpLogoOrigin)) fail("--http-logo-origin must look like http://host:port");
const vendorOrigin = values["vendor-origin"];
if (vendorOrigin !== undefined && !/^https?:\/\/[^/]+$/.test(vendorOrigin)) fail("--vendor-origin must look like http://host:port");
const catalogue = generateCatalogue({ apps, seed, httpLogoOrigin, vendorOrigin });
const out = path.resolve(outArg);
mkdirSync(path.dirname(out), { recursive: true });
writeFileSync(out, `${JSON.stringify(catalogue, null, apps > 2000 ? undefined : 2)}\n`);
console.log(
  `generate-catalogue: ${catalogue.apps.length} apps, ${catalogue.categories.length} categories → ` +
    `${path.relative(process.cwd(), out)} (${((performance.now() - started) / 1000).toFixed(1)} s)`,
);
