// The shifted Date of test/test-clock.ts behaves as the real one, but for where its clock stands.
import { afterEach, describe, expect, it } from "vitest";
import { aroundMidnight, clockOffset, installTestClock, parseTestClock, realNow, withTestClock } from "./test-clock.ts";

const runs = clockOffset();
afterEach(() => installTestClock(runs === 0 ? null : realNow() + runs));

describe("the test clock", () => {
  it("starts at the instant given and runs on", () => {
    const start = Date.parse("2027-02-28T23:59:59.500Z");
    installTestClock(start);
    const now = Date.now();
    expect(now - start).toBeGreaterThanOrEqual(0);
    expect(now - start).toBeLessThan(1000);
    expect(new Date().toISOString().slice(0, 10)).toBe("2027-02-28");
    expect(Date.parse(Date())).toBeGreaterThanOrEqual(start - 1000);
  });

  it("keeps the rest of Date: arguments, statics, instanceof, the real constructor's dates", () => {
    installTestClock(Date.parse("2030-01-01T00:00:00Z"));
    expect(new Date(0).toISOString()).toBe("1970-01-01T00:00:00.000Z");
    expect(new Date(2026, 11, 8).getFullYear()).toBe(2026);
    expect(Date.UTC(2026, 0, 1)).toBe(Date.parse("2026-01-01T00:00:00Z"));
    expect(new Date()).toBeInstanceOf(Date);
    expect(structuredClone(new Date(5))).toBeInstanceOf(Date);
    expect(Object.prototype.toString.call(new Date())).toBe("[object Date]");
  });

  it("puts the real clock back when given none", () => {
    installTestClock(Date.parse("2030-01-01T00:00:00Z"));
    installTestClock(null);
    expect(clockOffset()).toBe(0);
    expect(Math.abs(Date.now() - realNow())).toBeLessThan(50);
  });

  it("reads only an ISO instant with its zone", () => {
    expect(parseTestClock(undefined)).toBeNull();
    expect(parseTestClock("")).toBeNull();
    expect(parseTestClock("2026-12-31T23:59:45Z")).toBe(Date.UTC(2026, 11, 31, 23, 59, 45));
    expect(parseTestClock("2027-01-01T01:00:15+01:00")).toBe(Date.UTC(2027, 0, 1, 0, 0, 15));
    expect(() => parseTestClock("2026-12-31 23:59")).toThrow(/ISO instant with its zone/);
    expect(() => parseTestClock("2026-12-31T23:59:45")).toThrow(/ISO instant/);
  });

  it("puts its module before the Worker's in a shifted run only", () => {
    const manifest = { mainModule: "app.js", modules: { "app.js": { type: "esm" as const, contents: "export default {}" } } };
    installTestClock(null);
    expect(withTestClock(manifest)).toBe(manifest);
    installTestClock(Date.parse("2030-01-01T00:00:00Z"));
    const shifted = withTestClock(manifest);
    const modules: Record<string, { contents: string }> = shifted.modules;
    expect(shifted.mainModule).toBe("test-clock-main.js");
    expect(modules["test-clock-main.js"]?.contents.split("\n")[0]).toBe('import "./test-clock.js";');
    expect(shifted.modules["app.js"]).toBe(manifest.modules["app.js"]);
  });

  it("runs the tiers either side of the month's last midnight (UTC), across a year and a February", () => {
    expect(aroundMidnight(new Date("2026-12-08T01:00:00Z"))).toEqual({ before: "2026-12-31T23:59:45.000Z", after: "2027-01-01T00:00:15.000Z" });
    expect(aroundMidnight(new Date("2027-02-01T00:00:00Z"))).toEqual({ before: "2027-02-28T23:59:45.000Z", after: "2027-03-01T00:00:15.000Z" });
    expect(aroundMidnight(new Date("2027-01-31T23:59:59Z")).after).toBe("2027-02-01T00:00:15.000Z");
  });
});
