import { describe, expect, it } from "vitest";
import { formatCount } from "./format-number.ts";

describe("formatCount", () => {
  it("groups thousands exactly as Intl's en-US does", () => {
    const intl = new Intl.NumberFormat("en-US");
    const edges = [0, 1, 9, 10, 999, 1000, 1001, 7439, 10_000, 99_999, 100_000, 999_999, 1_000_000, 1_234_567];
    const values = [...edges, ...edges.filter((n) => n > 0).map((n) => -n), Number.MAX_SAFE_INTEGER, Number.MIN_SAFE_INTEGER];
    for (let i = 0; i < 200; i++) values.push(Math.floor(Math.random() * 10 ** (1 + (i % 15))));
    for (const n of values) expect(formatCount(n), String(n)).toBe(intl.format(n));
  });

  it("refuses what is not a safe integer", () => {
    expect(() => formatCount(1.5)).toThrow(RangeError);
    expect(() => formatCount(Number.NaN)).toThrow(RangeError);
    expect(() => formatCount(2 ** 60)).toThrow(RangeError);
  });
});
