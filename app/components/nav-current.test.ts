import { describe, expect, it } from "vitest";
import { isCurrentPath } from "./nav-current";

describe("isCurrentPath (NavLink's rule, not `end`)", () => {
  it("marks the link's own path and the paths below it", () => {
    expect(isCurrentPath("/bots", "/bots")).toBe(true);
    expect(isCurrentPath("/bots", "/bots/productivity")).toBe(true);
    expect(isCurrentPath("/category/crm", "/category/crm")).toBe(true);
  });

  it("does not mark a path that only starts with the same letters", () => {
    expect(isCurrentPath("/bots", "/botswana")).toBe(false);
    expect(isCurrentPath("/category/crm", "/category/crm-tools")).toBe(false);
  });

  it("ignores case and a trailing slash, as NavLink does", () => {
    expect(isCurrentPath("/Bots", "/bots")).toBe(true);
    expect(isCurrentPath("/bots/", "/bots")).toBe(true);
  });

  it("marks the home link on the home page only", () => {
    expect(isCurrentPath("/", "/")).toBe(true);
    expect(isCurrentPath("/", "/bots")).toBe(false);
  });
});
