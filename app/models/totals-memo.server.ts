// List totals per catalogue version, kept in the isolate's memory.
//
// A total changes only when the catalogue does, and every import writes a new catalogue version
// (the one edge-cache keys carry), so a total counted under a version stays true for as long as
// that version is current. Keys carry the version, so an import makes old entries unreachable;
// the size cap evicts them. Counting the biggest product reads ~85k index rows (~17 ms in D1);
// the page of 32 apps beside it reads ~100.
import { LRUCache } from "lru-cache";

const MAX_ENTRIES = 2_000;

export const totalsMemo = new LRUCache<string, number>({ max: MAX_ENTRIES });

export function totalsMemoKey(catalogueVersion: string, countSql: string, params: readonly unknown[]): string {
  return `${catalogueVersion}\u0000${countSql}\u0000${JSON.stringify(params)}`;
}
