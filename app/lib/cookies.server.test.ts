import { describe, expect, it } from "vitest";
import { cookieFromHeader } from "./cookies.server.ts";

describe("cookieFromHeader", () => {
  it("decodes the named cookie and takes the first of repeated names", () => {
    expect(cookieFromHeader("a=1; b=x%20y; b=2", "b")).toBe("x y");
    expect(cookieFromHeader("a=1", "b")).toBeNull();
    expect(cookieFromHeader(null, "a")).toBeNull();
  });

  it("keeps a value that is not valid percent-encoding instead of throwing", () => {
    expect(cookieFromHeader("flash=%E0%A4%A", "flash")).toBe("%E0%A4%A");
  });
});
