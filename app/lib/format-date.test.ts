import { describe, expect, it } from "vitest";
import { formatDate } from "./format-date.ts";

describe("formatDate", () => {
  it("writes a long US date in UTC, whatever the offset the text carries", () => {
    expect(formatDate("2026-01-31T23:30:00Z")).toBe("January 31, 2026");
    expect(formatDate("2026-02-01T00:30:00+02:00")).toBe("January 31, 2026");
  });

  it("writes what Intl's en-US long date writes, every day of several years", () => {
    const intl = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
    for (let t = Date.UTC(2023, 0, 1); t < Date.UTC(2029, 0, 1); t += 86_400_000 + 3_600_000) {
      const iso = new Date(t).toISOString();
      expect(formatDate(iso), iso).toBe(intl.format(new Date(t)));
    }
  });

  it("refuses a text that is not a date, as Intl does", () => {
    expect(() => formatDate("not a date")).toThrow(RangeError);
  });
});
