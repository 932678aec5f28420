// Where the bench's Miniflare keeps its state (docs/decisions/050). Apart from worker.ts, so options
// and tests read it without loading Miniflare.
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Where the bench's Miniflare keeps D1, KV, the Cache API and the rate-limit counters
 * (docs/decisions/050). "memory": a fresh directory on tmpfs (/dev/shm), removed on dispose.
 * "disk": Miniflare's default, a temporary directory under .wrangler/ on the disk.
 *
 * Why memory is the default: Miniflare's stand-in for the Rate Limiting binding is a Durable
 * Object that writes each count to SQLite on local disk, so every rate-limited request (search,
 * suggest, images) waits for a disk commit now and then; on this machine's disk those waits were
 * 30–465 ms, and they made the 1-client p99 of /api/suggest the disk's, not the Worker's. The real
 * binding counts in memory where the request runs. Catalogues above AUTO_DISK_ABOVE apps (D1 is
 * 7.6 GB at a million) go to disk.
 */
export type StatePlace = "memory" | "disk";
export const AUTO_DISK_ABOVE = 250_000;
const TMPFS = "/dev/shm";

export function statePlace(asked: "memory" | "disk" | "auto", apps: number): StatePlace {
  if (asked !== "auto") return asked;
  return apps <= AUTO_DISK_ABOVE && existsSync(TMPFS) ? "memory" : "disk";
}

/** A fresh state directory for `place` (undefined: Miniflare's own temporary one), and its removal. */
export function stateDirectory(place: StatePlace, label: string): { dir: string | undefined; remove: () => void } {
  if (place === "disk") return { dir: undefined, remove: () => {} };
  const dir = mkdtempSync(path.join(existsSync(TMPFS) ? TMPFS : tmpdir(), `app-hub-bench-${label}-`));
  return { dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
