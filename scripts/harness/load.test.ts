// The load's pure rules: which answers count as wrong, and which client address a request gets.
// (The client thread itself runs under the Node the project installs, which strips types: the bench
// runs it on every load; vitest's Node would not load a .ts worker.)
import { describe, expect, it } from "vitest";
import { benchAddress, problemOf } from "./load.ts";

describe("problemOf", () => {
  it("names a status other than 200", () => {
    expect(problemOf(429, null, undefined)).toBe("status 429");
    expect(problemOf(200, null, undefined)).toBeNull();
  });
  it("checks the edge cache's answer against what the target expects", () => {
    expect(problemOf(200, "HIT", "HIT")).toBeNull();
    expect(problemOf(200, "MISS", "HIT")).toBe("X-Edge-Cache: MISS, expected HIT");
    expect(problemOf(200, null, "HIT")).toBe("X-Edge-Cache: (none), expected HIT");
    expect(problemOf(200, null, "none")).toBeNull();
    expect(problemOf(200, "HIT", "none")).toBe("X-Edge-Cache: HIT, expected none (uncached)");
  });
});

describe("benchAddress", () => {
  it("stays in 198.18.0.0/15 and keeps the load's half apart from the callers'", () => {
    const callers = new Set(Array.from({ length: 0x8000 }, (_, n) => benchAddress(n)));
    const load = new Set(Array.from({ length: 0x8000 }, (_, n) => benchAddress(n, { half: 1 })));
    expect(callers.size).toBe(0x8000);
    expect(load.size).toBe(0x8000);
    for (const a of load) expect(callers.has(a)).toBe(false);
    expect(benchAddress(0)).toBe("198.18.0.0");
    expect(benchAddress(0, { half: 1 })).toBe("198.18.128.0");
    expect(benchAddress(0x8000)).toBe("198.18.0.0");
    expect(benchAddress(5, { range: 19 })).toBe("198.19.0.5");
  });
});
