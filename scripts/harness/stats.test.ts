// The figures every bench and soak table is made of: if these drift, every target reads wrong.
import { describe, expect, it } from "vitest";
import { ascending, latencies, mean, median, percentile } from "./stats.ts";

describe("percentile (nearest rank)", () => {
  const hundred = Array.from({ length: 100 }, (_, i) => i + 1); // 1..100

  it("is a measured value: the smallest with at least p % at or below it", () => {
    expect(percentile(hundred, 50)).toBe(50);
    expect(percentile(hundred, 90)).toBe(90);
    expect(percentile(hundred, 99)).toBe(99);
    expect(percentile(hundred, 100)).toBe(100);
    expect(percentile([10, 20, 30, 40], 50)).toBe(20);
    expect(percentile([10, 20, 30, 40], 51)).toBe(30);
  });

  it("clamps to the first and last values", () => {
    expect(percentile(hundred, 0)).toBe(1);
    expect(percentile(hundred, 0.1)).toBe(1);
    expect(percentile(hundred, 150)).toBe(100);
    expect(percentile([7], 99)).toBe(7);
  });

  it("p99 of fewer than 100 samples is the largest (one slow request shows)", () => {
    expect(percentile([1, 1, 1, 1, 1, 1, 1, 1, 1, 500], 99)).toBe(500);
    expect(percentile([1, 1, 1, 1, 1, 1, 1, 1, 1, 500], 90)).toBe(1);
  });

  it("is NaN for no samples", () => {
    expect(percentile([], 50)).toBeNaN();
  });

  it("reads typed arrays too", () => {
    expect(percentile(Float64Array.from([1, 2, 3]), 50)).toBe(2);
  });
});

describe("median and mean", () => {
  it("takes the middle value, or the mean of the two middle ones", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNaN();
  });
  it("does not reorder its input", () => {
    const values = [3, 1, 2];
    median(values);
    expect(values).toEqual([3, 1, 2]);
  });
  it("means", () => {
    expect(mean([1, 2, 3, 6])).toBe(3);
    expect(mean([])).toBeNaN();
  });
});

describe("latencies", () => {
  it("summarises unsorted samples numerically (not as text: 10 after 9)", () => {
    const figures = latencies([9, 10, 1, 100, 2]);
    expect(figures).toEqual({ requests: 5, min: 1, p50: 9, p90: 100, p95: 100, p99: 100, max: 100 });
    expect(ascending([10, 9, 100])).toEqual([9, 10, 100]);
  });
  it("is NaN but counted as 0 requests when empty", () => {
    const figures = latencies([]);
    expect(figures.requests).toBe(0);
    expect(figures.p50).toBeNaN();
    expect(figures.max).toBeNaN();
  });
});
