// How the bench and the soak print figures and targets: aligned tables, "-" for what was not
// measured, and a closing line that counts only judged targets.
import { describe, expect, it } from "vitest";
import { summarizePhases } from "./load.ts";
import { fmt, ratio, table, verdictReport } from "./report.ts";

describe("fmt and ratio", () => {
  it("prints numbers with fixed decimals and '-' for what is not a number", () => {
    expect(fmt(1.25)).toBe("1.3");
    expect(fmt(1.25, 2)).toBe("1.25");
    expect(fmt(3, 0)).toBe("3");
    expect(fmt(Number.NaN)).toBe("-");
    expect(fmt(Number.POSITIVE_INFINITY)).toBe("-");
    expect(fmt(undefined)).toBe("-");
    expect(fmt(null)).toBe("-");
  });
  it("prints ratios with ×, never dividing by zero", () => {
    expect(ratio(3, 2)).toBe("1.50×");
    expect(ratio(1, 0)).toBe("-");
  });
});

describe("table", () => {
  it("aligns the first column left and the others right, with a rule under the header", () => {
    const text = table(
      ["scenario", "p50"],
      [
        ["static", "1.0"],
        ["uncached list", 12.5],
      ],
    );
    expect(text.split("\n")).toEqual(["scenario        p50", "-------------  ----", "static          1.0", "uncached list  12.5"]);
  });
  it("prints missing cells as empty and ignores cells beyond the header", () => {
    const text = table(["a", "b"], [["x", undefined, "extra"], ["y"]]);
    expect(text.split("\n")).toEqual(["a  b", "-  -", "x   ", "y   "]);
  });
});

describe("verdictReport", () => {
  it("counts judged targets only and names the missed ones", () => {
    const lines = verdictReport([
      { target: "cached ≥ 0.9× static", value: "0.95×", ok: true },
      { target: "list p50 < 15 ms", value: "21.0 ms", ok: false },
      { target: "list p50 under load (info)", value: "80 ms", ok: false, info: true },
    ]);
    expect(lines[0]).toContain("over (info)");
    expect(lines[0]).toContain("MISSED");
    expect(lines.at(-1)).toBe("MISSED 1 of 2 targets: list p50 < 15 ms");
  });
  it("says all were met", () => {
    expect(verdictReport([{ target: "t", value: "1", ok: true }]).at(-1)).toBe("All 1 targets met.");
  });
});

describe("summarizePhases", () => {
  it("pools the phases of a target: percentiles over all requests, rate over all seconds", () => {
    const phase = (latencies: number[], seconds: number, failed = 0) => ({
      latencies,
      errors: 0,
      failed,
      bytes: latencies.length * 1000,
      seconds,
      firstProblem: failed ? "status 500" : null,
    });
    const s = summarizePhases([phase([1, 2, 3], 1), phase([4, 5, 6, 7], 1, 1)]);
    expect(s.requests).toBe(7);
    expect(s.rps).toBe(3.5);
    expect(s.p50).toBe(4);
    expect(s.p99).toBe(7);
    expect(s.min).toBe(1);
    expect(s.avgBytes).toBe(1000);
    expect(s.failed).toBe(1);
    expect(s.firstProblem).toBe("status 500");
  });
  it("is NaN, not Infinity, for a target that ran no time", () => {
    expect(summarizePhases([]).rps).toBeNaN();
  });
});
