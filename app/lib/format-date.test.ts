import { describe, expect, it } from "vitest";
import { formatDate } from "./format-date.ts";

describe("formatDate", () => {
  it("writes a long US date in UTC, whatever the offset the text carries", () => {
    expect(formatDate("2026-01-31T23:30:00Z")).toBe("January 31, 2026");
    expect(formatDate("2026-02-01T00:30:00+02:00")).toBe("January 31, 2026");
  });
});
