// Re-extracts the published response examples stored beside this file from the platform's OpenAPI
// specs (webex/webex-openapi-specs). Run from the repository root with the specs' git dir:
//   node test/platform/examples/extract.mjs /path/to/webex-openapi-specs/repo [commit]
// The examples are stored verbatim (only pretty-printed); SOURCES.md names where each came from.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";

const [repo, commit = "1be8332"] = process.argv.slice(2);
if (!repo) throw new Error("usage: extract.mjs <specs git dir> [commit]");
const spec = (file) => JSON.parse(execFileSync("git", ["-C", repo, "show", `${commit}:public-spec/${file}`], { encoding: "utf8", maxBuffer: 64 << 20 }));

export const EXAMPLES = [
  ["people-me.json", "webex-messaging.json", "/people/me", "get"],
  ["rooms-list.json", "webex-messaging.json", "/rooms", "get"],
  ["rooms-get.json", "webex-messaging.json", "/rooms/{roomId}", "get"],
  ["memberships-create.json", "webex-messaging.json", "/memberships", "post"],
  ["memberships-list.json", "webex-messaging.json", "/memberships", "get"],
  ["messages-create.json", "webex-messaging.json", "/messages", "post"],
  ["messages-get.json", "webex-messaging.json", "/messages/{messageId}", "get"],
  ["messages-list.json", "webex-messaging.json", "/messages", "get"],
  ["webhooks-create.json", "webex-messaging.json", "/webhooks", "post"],
  ["webhooks-list.json", "webex-messaging.json", "/webhooks", "get"],
  ["webhooks-get.json", "webex-messaging.json", "/webhooks/{webhookId}", "get"],
  ["authorizations-list.json", "webex-admin.json", "/authorizations", "get"],
];

const specs = {};
for (const [out, file, path, method] of EXAMPLES) {
  specs[file] ??= spec(file);
  const op = specs[file].paths[path][method];
  const example = op.responses["200"].content["application/json"].example;
  writeFileSync(new URL(out, import.meta.url), `${JSON.stringify(example, null, 2)}\n`);
  console.log(`${out}: ${file} ${method.toUpperCase()} ${path} (${op.operationId ?? op.summary})`);
}
