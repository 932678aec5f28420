import { describe, expect, it } from "vitest";
import { countText, totalText } from "./list-address";

describe("count line (issue 31: counts stop at a bound)", () => {
  it("says the exact total when the count was exact", () => {
    expect(countText(1, 32, 400)).toBe("Showing 1–32 of 400 apps");
    expect(countText(1, 1, 1)).toBe("Showing 1–1 of 1 app");
    expect(countText(1, 0, 0)).toBe("There are no items to display");
  });
  it("says the bound passed, with a plus, when the count stopped at it", () => {
    expect(totalText(1001, true)).toBe("1,000+");
    expect(countText(1, 32, 1001, true)).toBe("Showing 1–32 of 1,000+ apps");
    // A deep page counts one past what it reaches.
    expect(countText(1249, 1280, 1281, true)).toBe("Showing 1249–1280 of 1,280+ apps");
  });
});
