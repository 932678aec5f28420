// Bad portal config fails loudly (issue: "bad config fails loudly with the variable's name").
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorker, type TestWorker } from "./harness.ts";

let w: TestWorker;

beforeAll(async () => {
  w = await startWorker({ apps: 20, vars: { APPS_PAGINATION_LIMIT: "zero" } });
});
afterAll(() => w?.dispose());

describe("an invalid APPS_PAGINATION_LIMIT", () => {
  it.each(["/", "/brand-new", "/api/search", "/applications/pollster"])("makes %s answer 500 naming the variable", async (path) => {
    const res = await w.fetch(path);
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(body).toContain("APPS_PAGINATION_LIMIT");
    // Still a safe response.
    expect(res.headers.get("X-Content-Type-Options")).toBe("nosniff");
  });
});
