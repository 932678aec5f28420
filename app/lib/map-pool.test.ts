import { describe, expect, it } from "vitest";
import { mapPool } from "./map-pool";

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe("mapPool", () => {
  it("runs every item, never more than the limit at once", async () => {
    let running = 0;
    let peak = 0;
    const done: number[] = [];
    await mapPool([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running++;
      peak = Math.max(peak, running);
      await tick(5 + (n % 3));
      running--;
      done.push(n);
    });
    expect(done.sort()).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(peak).toBe(3);
  });

  it("does not let a slow item hold up the others", async () => {
    const finished: string[] = [];
    await mapPool(["slow", "a", "b", "c"], 2, async (name) => {
      await tick(name === "slow" ? 60 : 5);
      finished.push(name);
    });
    expect(finished).toEqual(["a", "b", "c", "slow"]);
  });

  it("rejects with the first error and starts nothing new after it", async () => {
    const started: number[] = [];
    await expect(
      mapPool([1, 2, 3, 4], 1, async (n) => {
        started.push(n);
        if (n === 2) throw new Error("two");
      }),
    ).rejects.toThrow("two");
    expect(started).toEqual([1, 2]);
  });

  it("copes with no items", async () => {
    await expect(mapPool([], 4, async () => {})).resolves.toBeUndefined();
  });
});
