import { describe, expect, it } from "vitest";
import { PlatformError } from "~/platform/client.server";
import { classifyFailure, retryDelaySeconds, sendBatchChunks } from "./fan-out.server";

describe("retryDelaySeconds", () => {
  it("doubles from the base per attempt, at most an hour", () => {
    expect([1, 2, 3, 4].map((attempt) => retryDelaySeconds(attempt, 30, null))).toEqual([30, 60, 120, 240]);
    expect(retryDelaySeconds(12, 30, null)).toBe(3600);
    expect(retryDelaySeconds(5, 0, null)).toBe(0);
  });

  it("takes the platform's Retry-After when given (rounded up, at most the 12 hours Queues allows)", () => {
    expect(retryDelaySeconds(1, 30, 5)).toBe(5);
    expect(retryDelaySeconds(3, 30, 0.2)).toBe(1);
    expect(retryDelaySeconds(1, 30, 100_000)).toBe(43_200);
  });
});

describe("classifyFailure", () => {
  const http = (status: number, retryAfter: number | null = null) => new PlatformError("http", status, "refused", "t_1", retryAfter);

  it("retries what the platform refuses for now: 5xx, 429 (with its Retry-After), time-outs, network, a refused bot token", () => {
    expect(classifyFailure(http(503))).toEqual({ kind: "retry", retryAfterSeconds: null });
    expect(classifyFailure(http(429, 7))).toEqual({ kind: "retry", retryAfterSeconds: 7 });
    expect(classifyFailure(http(401))).toEqual({ kind: "retry", retryAfterSeconds: null });
    expect(classifyFailure(new PlatformError("timeout", 504, "slow"))).toEqual({ kind: "retry", retryAfterSeconds: null });
    expect(classifyFailure(new PlatformError("network", 502, "down"))).toEqual({ kind: "retry", retryAfterSeconds: null });
    expect(classifyFailure(new Error("D1 is down"))).toEqual({ kind: "retry", retryAfterSeconds: null });
  });

  it("gives up for good on 404 (gone), 403 (not allowed) and other refusals", () => {
    expect(classifyFailure(http(404))).toEqual({ kind: "permanent", problem: "not-found" });
    expect(classifyFailure(http(403))).toEqual({ kind: "permanent", problem: "forbidden" });
    expect(classifyFailure(http(400))).toEqual({ kind: "permanent", problem: "rejected" });
  });

  it("counts an unreadable 2xx answer as posted: posting again would make a second message", () => {
    expect(classifyFailure(new PlatformError("invalid-response", 502, "unreadable"))).toEqual({ kind: "delivered" });
  });
});

describe("sendBatchChunks", () => {
  const request = (bytes: number) => ({ body: { pad: "x".repeat(bytes) }, contentType: "json" as const });

  it("cuts at 100 messages a call", () => {
    expect(sendBatchChunks(Array.from({ length: 250 }, () => request(10))).map((c) => c.length)).toEqual([100, 100, 50]);
  });

  it("cuts before a call would pass 250 KB", () => {
    const chunks = sendBatchChunks(Array.from({ length: 100 }, () => request(6_000)));
    expect(chunks.length).toBeGreaterThan(2);
    for (const chunk of chunks) expect(chunk.reduce((n, r) => n + JSON.stringify(r.body).length, 0)).toBeLessThanOrEqual(250_000);
    expect(chunks.flat()).toHaveLength(100);
  });

  it("sends nothing for nobody", () => {
    expect(sendBatchChunks([])).toEqual([]);
  });
});
