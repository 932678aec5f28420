// The content loader's rules: every repo file is valid; a bad file, entry or field is named; keys,
// modal ids and versions are checked; the statements replace content exactly.
import { describe, expect, it } from "vitest";
import { fileURLToPath } from "node:url";
import { isEmptyContent } from "../../app/models/content.ts";
import { checkVersions, contentStatements, contentVersion, readContentDir, validateContent, type ContentSource } from "./content-load.ts";

const repo = readContentDir(fileURLToPath(new URL("../../content", import.meta.url)));
const file = (type: string, entries: unknown[]): ContentSource => ({ file: `content/${type}.json`, json: { type, entries } });
const announcement = {
  publishDetails: { time: "2026-11-02T09:00:00.000Z", version: 1 },
  isClosable: true,
  markdownDesktop: "Hello",
  markdownMobile: "Hi",
};

describe("validateContent", () => {
  it("accepts every file in content/, one file per type", () => {
    const entries = validateContent(repo);
    expect(new Set(entries.map((e) => e.type)).size).toBe(repo.length);
    for (const e of entries) expect(isEmptyContent(e.type, JSON.parse(e.body)), `${e.type}/${e.key}`).toBe(false);
  });

  it("names file, entry and field of a bad body", () => {
    expect(() => validateContent([file("announcement", [{ key: "main", version: 1, body: { ...announcement, isClosable: "yes" } }])])).toThrow(
      "content/announcement.json: entries[0] (main): body.isClosable: Expected boolean, received string",
    );
    const home = JSON.parse(validateContent(repo).find((e) => e.type === "home")!.body);
    home.sliders[1].seeAll = "javascript:alert(1)";
    expect(() => validateContent([file("home", [{ key: "main", version: 1, body: home }])])).toThrow(
      "content/home.json: entries[0] (main): body.sliders[1].seeAll: must be a site path or an http(s) URL",
    );
  });

  it("names the entry of a bad key or version", () => {
    expect(() => validateContent([file("announcement", [{ key: "main", version: 0, body: announcement }])])).toThrow(
      "content/announcement.json: entries[0] (main): entries[0].version: Number must be greater than or equal to 1",
    );
    expect(() => validateContent([file("announcement", [{ key: "other", version: 1, body: announcement }])])).toThrow(
      'entries[0] (other): key: a announcement entry must have the key "main"',
    );
  });

  it("refuses unknown types, a type in two files, repeated keys and a modal whose id is not its key", () => {
    expect(() => validateContent([file("banner", [])])).toThrow('content/banner.json: type: "banner" is not a content type');
    expect(() => validateContent([file("support", []), { ...file("support", []), file: "content/b.json" }])).toThrow("already loaded from content/support.json");
    const modal = (id: string) => ({
      modal_id: id,
      metrics_id: "m",
      title: "t",
      modal_content: "c",
      modal_note: "",
      modal_button_text: "OK",
      publish_details: [{ time: "2026-01-01T00:00:00Z" }],
    });
    expect(() =>
      validateContent([
        file("app-hub-modal", [
          { key: "a", version: 1, body: modal("a") },
          { key: "a", version: 1, body: modal("a") },
        ]),
      ]),
    ).toThrow('entries[1] (a): key: "a" appears twice');
    expect(() => validateContent([file("app-hub-modal", [{ key: "a", version: 1, body: modal("b") }])])).toThrow("body.modal_id: must equal the entry's key");
    expect(() => validateContent([file("app-hub-modal", [{ key: "a", version: 1, body: { ...modal("a"), publish_details: [] } }])])).toThrow(
      "body.publish_details: Array must contain at least 1 element(s)",
    );
  });
});

describe("checkVersions", () => {
  const [entry] = validateContent([file("announcement", [{ key: "main", version: 2, body: announcement }])]);
  const stored = (version: number, body = entry!.body) => [{ type: "announcement", key: "main", version, body }];

  it("accepts the same entry again and a raised version", () => {
    expect(() => checkVersions([entry!], stored(2))).not.toThrow();
    expect(() => checkVersions([entry!], stored(1, "{}"))).not.toThrow();
    expect(() => checkVersions([entry!], [])).not.toThrow();
  });

  it("refuses a changed body with the same version, and a lower version", () => {
    expect(() => checkVersions([entry!], stored(2, "{}"))).toThrow("version: the body changed but the version is still 2; raise it to 3");
    expect(() => checkVersions([entry!], stored(3))).toThrow("version: 2 is lower than the stored version 3");
  });
});

describe("contentStatements and contentVersion", () => {
  it("deletes types and keys no longer in the files, then upserts every entry", () => {
    const entries = validateContent([file("announcement", [{ key: "main", version: 1, body: announcement }])]);
    const statements = contentStatements(entries, "2026-01-01T00:00:00.000Z");
    expect(statements[0]).toEqual({ sql: expect.stringContaining("type NOT IN"), params: ['["announcement"]'] });
    expect(statements[1]!.params).toEqual(["announcement", '["main"]']);
    expect(statements[2]!.params.slice(0, 3)).toEqual(["announcement", "main", 1]);
    for (const s of statements) expect(s.params.length).toBeLessThanOrEqual(100);
  });

  it("changes with any entry", () => {
    const a = validateContent([file("announcement", [{ key: "main", version: 1, body: announcement }])]);
    const b = validateContent([file("announcement", [{ key: "main", version: 1, body: { ...announcement, isClosable: false } }])]);
    expect(contentVersion(a)).toBe(contentVersion(a));
    expect(contentVersion(a)).not.toBe(contentVersion(b));
  });
});
