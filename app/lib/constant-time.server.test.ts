import { describe, expect, it } from "vitest";
import { sameToken } from "./constant-time.server";

// Moved with sameToken from app/auth/oauth.server.test.ts (assertions unchanged).
describe("sameToken", () => {
  it("compares exactly", () => {
    expect(sameToken("abc", "abc")).toBe(true);
    expect(sameToken("abc", "abd")).toBe(false);
    expect(sameToken("abc", "abcd")).toBe(false);
  });

  it("tells apart texts that differ only past the shorter one's end, or only in case", () => {
    expect(sameToken("", "")).toBe(true);
    expect(sameToken("", "a")).toBe(false);
    expect(sameToken("abc\u0000", "abc")).toBe(false);
    expect(sameToken("ABC", "abc")).toBe(false);
  });

  it("compares UTF-8 bytes, not UTF-16 units", () => {
    expect(sameToken("café", "café")).toBe(true);
    expect(sameToken("café", "cafe")).toBe(false);
  });
});
