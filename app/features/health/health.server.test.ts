import { describe, expect, it } from "vitest";
import { checkPlatform, healthReport, overallStatus, type ServiceHealth } from "./health.server";

const ok: ServiceHealth = { ok: true, latencyMs: 1, checkedAt: "2026-01-01T00:00:00.000Z" };
const down: ServiceHealth = { ok: false, latencyMs: 1, checkedAt: "2026-01-01T00:00:00.000Z", error: "x" };

/** Just enough of D1 and KV for the health checks; `fail` makes every call throw. */
function fakeEnv(opts: { d1Fails?: boolean; kvFails?: boolean } = {}) {
  const statement = {
    bind: () => statement,
    first: async () => {
      if (opts.d1Fails) throw new Error("D1_ERROR: database unavailable");
      return { ok: 1 };
    },
    all: async () => ({ results: [] }),
  };
  const DB = { prepare: () => statement } as unknown as D1Database;
  const KV = {
    get: async () => {
      if (opts.kvFails) throw new Error("KV GET failed: 503");
      return null;
    },
  } as unknown as KVNamespace;
  return { DB, KV };
}

describe("overallStatus", () => {
  it("is ok when all are up, degraded when an optional one is down, down when a required one is", () => {
    expect(overallStatus({ d1: ok, kv: ok, platform: ok })).toBe("ok");
    expect(overallStatus({ d1: ok, kv: ok, platform: down })).toBe("degraded");
    expect(overallStatus({ d1: ok, kv: ok, content: down })).toBe("degraded");
    expect(overallStatus({ d1: down, kv: ok, platform: ok })).toBe("down");
    expect(overallStatus({ d1: ok, kv: down })).toBe("down");
    expect(overallStatus({ kv: ok })).toBe("down");
  });
});

describe("healthReport", () => {
  it("answers 200 when D1 and KV answer", async () => {
    const { report, httpStatus } = await healthReport(fakeEnv());
    expect(httpStatus).toBe(200);
    expect(report.status).toBe("ok");
    expect(report.services.d1?.ok).toBe(true);
  });

  it.each([
    ["d1", { d1Fails: true }],
    ["kv", { kvFails: true }],
  ] as const)("answers 503 when %s is down, naming the error", async (name, opts) => {
    const { report, httpStatus } = await healthReport(fakeEnv(opts));
    expect(httpStatus).toBe(503);
    expect(report.status).toBe("down");
    expect(report.services[name]).toMatchObject({ ok: false, error: expect.stringMatching(/unavailable|503/) });
  });
});

describe("checkPlatform", () => {
  it("counts a 401 from people/me as reachable", async () => {
    const result = await checkPlatform("https://p.example/v1", async (input) => {
      expect(String(input)).toBe("https://p.example/v1/people/me");
      return new Response("{}", { status: 401 });
    });
    expect(result.ok).toBe(true);
  });

  it("counts a 5xx or a network failure as down", async () => {
    expect((await checkPlatform("https://p.example/v1", async () => new Response("", { status: 502 }))).error).toMatch(/502/);
    expect((await checkPlatform("https://p.example/v1", async () => Promise.reject(new TypeError("fetch failed")))).ok).toBe(false);
  });
});
