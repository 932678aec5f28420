// Small helpers of the soak: the seeded choices, waiting, entities, Retry-After (numbers and tables are
// the shared harness's: scripts/harness/report.ts).
import { mulberry32 } from "../lib/catalogue-generator.ts";
import { settings } from "./options.ts";

export { log } from "../harness/report.ts";
export { sleep } from "../harness/processes.ts";

// The mix's choices come from --seed (the interleaving of clients still varies); the catalogue
// generator's PRNG.
export const random = mulberry32(settings.seed);
export function pick<T>(list: readonly T[]): T {
  return list[Math.floor(random() * list.length)] as T;
}
/** A random element, or undefined for an empty list. */
export const pickMaybe = <T>(list: readonly T[]): T | undefined => (list.length ? pick(list) : undefined);
export const chance = (p: number) => random() < p;
export const junk = () => Math.floor(random() * 36 ** 6).toString(36);
export function weighted<T>(entries: ReadonlyArray<readonly [T, number]>): T {
  const total = entries.reduce((sum, [, w]) => sum + w, 0);
  let r = random() * total;
  for (const [value, w] of entries) {
    r -= w;
    if (r < 0) return value;
  }
  return (entries[entries.length - 1] as readonly [T, number])[0];
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };
export const decodeEntities = (s: string) =>
  s.replace(/&(#x[0-9a-f]+|#\d+|amp|lt|gt|quot|apos);/gi, (_, e: string) =>
    e[0] === "#" ? String.fromCodePoint(e[1] === "x" || e[1] === "X" ? Number.parseInt(e.slice(2), 16) : Number(e.slice(1))) : (ENTITIES[e.toLowerCase()] ?? ""),
  );
export function retryAfterMs(value: string | null): number | null {
  if (value === null) return null;
  if (/^\d+$/.test(value.trim())) return Number(value) * 1000;
  const at = Date.parse(value);
  return Number.isNaN(at) ? null : Math.max(0, at - Date.now());
}
/** The message of an error-like value. */
export const messageOf = (error: unknown) => (error instanceof Error ? error.message : String(error));
