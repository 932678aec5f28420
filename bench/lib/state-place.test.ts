import { existsSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { AUTO_DISK_ABOVE, stateDirectory, statePlace } from "./state-place.ts";

describe("where the bench keeps its Miniflare state", () => {
  it("keeps what was asked for", () => {
    expect(statePlace("disk", 10)).toBe("disk");
    expect(statePlace("memory", 1_000_000)).toBe("memory");
  });

  it("puts big catalogues on disk and small ones in memory when tmpfs is there", () => {
    expect(statePlace("auto", AUTO_DISK_ABOVE + 1)).toBe("disk");
    expect(statePlace("auto", AUTO_DISK_ABOVE)).toBe(existsSync("/dev/shm") ? "memory" : "disk");
  });

  it("makes a fresh directory for memory and removes it, and none for disk", () => {
    const memory = stateDirectory("memory", "test");
    expect(memory.dir && existsSync(memory.dir)).toBe(true);
    memory.remove();
    expect(existsSync(memory.dir ?? "")).toBe(false);
    expect(stateDirectory("disk", "test").dir).toBeUndefined();
  });
});
