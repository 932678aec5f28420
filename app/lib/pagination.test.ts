import { describe, expect, it } from "vitest";
import { MAX_RENDERED_PAGES, pageWindow, parsePageParam } from "./pagination.ts";

describe("parsePageParam", () => {
  it("treats a missing or empty page as page 1", () => {
    expect(parsePageParam(null)).toBe(1);
    expect(parsePageParam("")).toBe(1);
  });

  it("reads positive whole numbers", () => {
    expect(parsePageParam("1")).toBe(1);
    expect(parsePageParam("2")).toBe(2);
    expect(parsePageParam("007")).toBe(7);
    expect(parsePageParam("999999")).toBe(999999);
  });

  it.each(["0", "-1", "1.5", "1e3", "abc", " 2", "2 ", "0x10", "1234567", "Infinity", "NaN"])("rejects %j", (raw) => {
    expect(parsePageParam(raw)).toBeNull();
  });
});

describe("pageWindow", () => {
  it("page 1 is the first pageSize items", () => {
    expect(pageWindow(1, null, 32)).toEqual({ page: 1, fromPage: 1, offset: 0, limit: 32 });
  });

  it("page N without from shows every item up to page N (load more without JavaScript)", () => {
    expect(pageWindow(2, null, 32)).toEqual({ page: 2, fromPage: 1, offset: 0, limit: 64 });
    expect(pageWindow(3, null, 10)).toEqual({ page: 3, fromPage: 1, offset: 0, limit: 30 });
  });

  it("from=K asks for pages K..N only (load more with JavaScript)", () => {
    expect(pageWindow(2, 2, 32)).toEqual({ page: 2, fromPage: 2, offset: 32, limit: 32 });
    expect(pageWindow(5, 3, 32)).toEqual({ page: 5, fromPage: 3, offset: 64, limit: 96 });
  });

  it("clamps from to the page itself", () => {
    expect(pageWindow(3, 9, 32)).toEqual({ page: 3, fromPage: 3, offset: 64, limit: 32 });
  });

  it(`renders at most ${MAX_RENDERED_PAGES} pages at once`, () => {
    const deep = pageWindow(15, null, 32);
    expect(deep.fromPage).toBe(15 - MAX_RENDERED_PAGES + 1);
    expect(deep.limit).toBe(MAX_RENDERED_PAGES * 32);
    expect(deep.offset).toBe((deep.fromPage - 1) * 32);
    expect(pageWindow(15, 1, 32).fromPage).toBe(6);
    expect(pageWindow(1000, null, 32).limit).toBe(MAX_RENDERED_PAGES * 32);
  });

  it("uses the configured page size", () => {
    expect(pageWindow(2, 2, 12)).toEqual({ page: 2, fromPage: 2, offset: 12, limit: 12 });
  });
});
