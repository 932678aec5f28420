import { describe, expect, it } from "vitest";
import { RELEASE_CLOCK_SKEW_MS, releaseDateProblem } from "./version-submission.server";

const now = new Date("2026-11-26T12:00:00Z");
const live = {
  name: "Pollster",
  versions: [
    { version: "2.4.0", releasedAt: "2026-10-01T00:00:00Z", notes: "" },
    { version: "2.3.0", releasedAt: "2026-09-01T00:00:00Z", notes: "" },
  ],
};

describe("releaseDateProblem (issue 27)", () => {
  it("takes no date (released when approved), and a date between the latest release and now", () => {
    expect(releaseDateProblem(undefined, live, now)).toBeNull();
    expect(releaseDateProblem("2026-11-01T00:00:00Z", live, now)).toBeNull();
    expect(releaseDateProblem("2026-10-01T00:00:00Z", live, now)).toBeNull();
    // A publisher's clock a little fast is not a lie.
    expect(releaseDateProblem(new Date(now.getTime() + RELEASE_CLOCK_SKEW_MS).toISOString(), live, now)).toBeNull();
    expect(releaseDateProblem("2020-01-01T00:00:00Z", { name: "New", versions: [] }, now)).toBeNull();
  });

  it("refuses a date in the future, or before the latest release (by date, whatever the order)", () => {
    expect(releaseDateProblem("2026-11-27T12:00:00Z", live, now)).toMatch(/^must not be in the future/);
    expect(releaseDateProblem("2026-09-15T00:00:00Z", live, now)).toBe("must not be before Pollster 2.4.0's release (2026-10-01T00:00:00.000Z)");
    const unordered = { name: "Pollster", versions: [...live.versions].reverse() };
    expect(releaseDateProblem("2026-09-15T00:00:00+02:00", unordered, now)).toMatch(/before Pollster 2\.4\.0's release/);
  });
});
