import { describe, expect, it } from "vitest";
import { flooredCounts } from "./store.server";

describe("the public summary's floor (issue 40, second review L3)", () => {
  it("shows a day's count of 1 to 4 as fewer than 5, and the day's total as the range its shown counts allow", () => {
    const [day] = flooredCounts([{ day: "2026-01-02", events: { AppHub_appView: 12, AppHub_install: 3, AppHub_query: 0 }, total: 15 }]);
    expect(day).toEqual({ day: "2026-01-02", events: { AppHub_appView: 12, AppHub_install: "fewer than 5", AppHub_query: 0 }, total: "13–16" });
  });

  it("keeps exact days exact, and a day of hidden counts only is fewer than 5 when it cannot reach 5", () => {
    expect(flooredCounts([{ day: "d", events: { AppHub_pageView: 40, AppHub_login: 5 }, total: 45 }])[0]!.total).toBe(45);
    expect(flooredCounts([{ day: "d", events: { AppHub_login: 2 }, total: 2 }])[0]).toEqual({ day: "d", events: { AppHub_login: "fewer than 5" }, total: "fewer than 5" });
  });
});
