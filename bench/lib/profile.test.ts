// The startup and --profile attribution (bench/lib/profile.ts): a position of the minified Worker
// bundle is looked up in its source map, and a position inside the Remix build (build/index.js) is
// named by that file's `// path` marks. If this drifts, every "where the startup goes" table reads wrong.
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { type CpuProfile, decodeMappings, moduleLookup, summarizeProfile } from "./profile.ts";

// Generated line 0: column 0 from source 0 line 0; column 2 from source 1 line 3.
// Generated line 1: column 16 from source 0 line 2 (16 is "gB": a continuation digit; -1 is "D").
const map = {
  sources: ["../node_modules/pkg/index.js", "build/index.js"],
  mappings: "AAAA,ECGA;gBDDA",
};

function innerFile(): string {
  const file = path.join(mkdtempSync(path.join(tmpdir(), "apphub-profile-test-")), "index.js");
  writeFileSync(file, ["// app/a.ts", "const a = 1;", "// server-entry-module:@remix-run/dev/server-build", "const routes = {};"].join("\n"));
  return file;
}

describe("decodeMappings", () => {
  it("decodes columns per line, sources and original lines as running sums", () => {
    const lines = decodeMappings(map.mappings);
    expect(lines.map((l) => [...l])).toEqual([
      [0, 0, 0, 2, 1, 3],
      [16, 0, 2],
    ]);
  });
  it("refuses a character that is not base64", () => {
    expect(() => decodeMappings("A!AA")).toThrow(/bad mappings character/);
  });
});

describe("moduleLookup with a source map", () => {
  const lookup = moduleLookup({ bundleText: "", map, innerFile: innerFile() });
  it("names the source of the last segment at or before the column", () => {
    expect(lookup(0, 0)).toBe("node_modules/pkg/index.js");
    expect(lookup(0, 1)).toBe("node_modules/pkg/index.js");
    expect(lookup(1, 40)).toBe("node_modules/pkg/index.js");
  });
  it("names a position inside the Remix build by build/index.js's marks", () => {
    expect(lookup(0, 2)).toBe("server-entry-module:@remix-run/dev/server-build");
  });
  it("names nothing before a line's first mapping (esbuild's runtime helpers) or past the map", () => {
    expect(lookup(1, 5)).toBeNull();
    expect(lookup(7, 0)).toBeNull();
  });
});

describe("summarizeProfile", () => {
  const profile: CpuProfile = {
    nodes: [
      { id: 1, callFrame: { functionName: "(root)", url: "", lineNumber: -1 }, children: [2, 5] },
      { id: 2, callFrame: { functionName: "", url: "/tmp/x/app.js", lineNumber: -1 }, children: [3] },
      { id: 3, callFrame: { functionName: "parse", url: "/tmp/x/app.js", lineNumber: 0, columnNumber: 1 }, children: [4] },
      { id: 4, callFrame: { functionName: "startup", url: "/tmp/x/1b2c-profiler-entry", lineNumber: 3, columnNumber: 0 } },
      { id: 5, callFrame: { functionName: "(idle)", url: "", lineNumber: -1 } },
    ],
    samples: [2, 3, 3, 4, 5],
    timeDeltas: [1000, 1000, 1000, 1000, 1000],
  };
  it("adds up several profiles and names the bundle's top level and other scripts apart", () => {
    const text = summarizeProfile([profile, profile], moduleLookup({ bundleText: "", map, innerFile: innerFile() }), 10);
    expect(text).toContain("self time by module (10 ms sampled):");
    expect(text).toContain("40.0%  pkg"); // a package is named by its name
    expect(text).toContain("20.0%  (bundle top level: compile, hoisted modules)");
    expect(text).toContain("20.0%  (1b2c-profiler-entry)");
    // Inclusive: parse is on the stack of its own samples and of the profiler entry's.
    expect(text).toContain("60.0%  parse  pkg");
  });
});
