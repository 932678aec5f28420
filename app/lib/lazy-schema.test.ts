import { describe, expect, it } from "vitest";
import { z } from "zod";
import { lazySchema, once } from "./lazy-schema";

describe("once", () => {
  it("builds on the first call only, and keeps a built undefined", () => {
    let builds = 0;
    const get = once(() => {
      builds++;
      return undefined;
    });
    expect(builds).toBe(0);
    expect(get()).toBeUndefined();
    expect(get()).toBeUndefined();
    expect(builds).toBe(1);
  });
});

describe("lazySchema", () => {
  it("builds its schema on the first parse, once, and parses as the schema does", () => {
    let builds = 0;
    const schema = lazySchema(() => {
      builds++;
      return z.object({ id: z.string().min(1), n: z.number().int().nullable() });
    });
    expect(builds).toBe(0);
    expect(schema.parse({ id: "a", n: null, extra: 1 })).toEqual({ id: "a", n: null });
    expect(schema.safeParse({ id: "", n: 1 }).success).toBe(false);
    expect(z.object({ inner: schema }).safeParse({ inner: { id: "b", n: 2 } }).success).toBe(true);
    expect(builds).toBe(1);
  });
});
