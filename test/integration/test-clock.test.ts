// The test clock (test/test-clock.ts; issue 46) reaches the Workers: with APP_HUB_TEST_CLOCK set, a
// Worker in workerd reads the same time as the test in Node, so what a test writes "an hour ago"
// and what the Worker calls "today" are on one clock. Without it, both read the machine's.
import { afterAll, describe, expect, it } from "vitest";
import { startD1, type D1World } from "./d1-worker.ts";
import { clockOffset, parseTestClock, realNow, TEST_CLOCK_ENV } from "../test-clock.ts";

const script = "export default { fetch: () => Response.json({ now: Date.now(), iso: new Date().toISOString(), plain: Date(), isDate: new Date() instanceof Date }) };";
let world: D1World | undefined;
afterAll(() => world?.mf.dispose());

describe("the test clock", () => {
  it("the Worker and the test agree on the time, shifted or not", async () => {
    world = await startD1("test-clock", script);
    const before = Date.now();
    const answer = (await (await world.mf.dispatchFetch("http://clock.test/")).json()) as { now: number; iso: string; plain: string; isDate: boolean };
    const after = Date.now();
    expect(answer.now).toBeGreaterThanOrEqual(before - 1000);
    expect(answer.now).toBeLessThanOrEqual(after + 1000);
    expect(Date.parse(answer.iso)).toBe(answer.now);
    expect(Math.abs(Date.parse(answer.plain) - answer.now)).toBeLessThan(1000);
    expect(answer.isDate).toBe(true);
  });

  it("starts at the moment APP_HUB_TEST_CLOCK names, and runs at the real rate", () => {
    const start = parseTestClock(process.env[TEST_CLOCK_ENV]);
    if (start === null) {
      expect(clockOffset()).toBe(0);
      expect(Math.abs(Date.now() - realNow())).toBeLessThan(50);
    } else {
      // The file began at `start`; it has run for less than a few minutes since.
      expect(Date.now() - start).toBeGreaterThanOrEqual(0);
      expect(Date.now() - start).toBeLessThan(5 * 60_000);
      // Two reads of two clocks: a millisecond may pass between them.
      expect(Math.abs(Date.now() - realNow() - clockOffset())).toBeLessThan(50);
    }
  });
});
