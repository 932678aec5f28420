// The README's rule for where SQL lives, checked: only `*.server.ts` modules in app/models/ (tables
// several features read) or in a feature folder (tables that feature owns) call D1 with SQL. The
// emulator (workers/platform/, its own D1), scripts/ and tests are outside the rule.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => relative(root, join(e.parentPath, e.name)))
    .filter((file) => !file.startsWith("workers/platform/"));
}

/** D1 calls that take SQL: prepare (on the database or a Sessions API session) and exec. */
const SQL_CALL = /\.prepare\(|\b(?:DB|db|session)\.exec\(/;
const SQL_HOME = /^app\/(models|features\/[^/]+)\/[^/]+\.server\.ts$/;

describe("where SQL lives", () => {
  it("only in app/models/*.server.ts and app/features/<feature>/*.server.ts", () => {
    const files = [...sourceFiles("app"), ...sourceFiles("workers")];
    expect(files.length).toBeGreaterThan(50);
    const strays = files.filter((file) => SQL_CALL.test(readFileSync(join(root, file), "utf8")) && !SQL_HOME.test(file));
    expect(strays).toEqual([]);
  });
});
