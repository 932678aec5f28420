// Facts derived from the catalogue (list totals, the category list) and answers read from it (pages
// of apps, typeahead suggestions), kept in the isolate's memory per catalogue version.
//
// They change only when the catalogue does, and every import writes a new catalogue version (the
// one edge-cache keys carry), so a value computed under a version stays true for as long as that
// version is current. Keys carry the version, so an import makes old entries unreachable; the size
// cap evicts them. Counting the biggest product reads ~85k index rows (~15 ms in D1); the page of
// 32 apps beside it reads ~100.
import { LRUCache } from "lru-cache";

const MAX_ENTRIES = 2_000;

const memo = new LRUCache<string, { value: unknown }>({ max: MAX_ENTRIES });

const keyOf = (catalogueVersion: string, what: string) => `${catalogueVersion}\u0000${what}`;

/** The value remembered for `what` under this catalogue version, if any. */
export function recall<T>(catalogueVersion: string | undefined, what: string): T | undefined {
  if (!catalogueVersion) return undefined;
  return memo.get(keyOf(catalogueVersion, what))?.value as T | undefined;
}

/** Remembers `value` for `what` under this catalogue version (nothing without a version). */
export function remember<T>(catalogueVersion: string | undefined, what: string, value: T): T {
  if (catalogueVersion) memo.set(keyOf(catalogueVersion, what), { value });
  return value;
}

/**
 * Answers (a page of 32 apps, ~15 KB in memory; a list of suggestions) in a cache of their own, so
 * they never push out the facts above; bounded by count. A page is read again by everyone who opens
 * the same list, search or typed prefix before the next import (docs/decisions/019).
 */
const MAX_ANSWERS = 400;

const answers = new LRUCache<string, { value: unknown }>({ max: MAX_ANSWERS });

/** The answer remembered for `what` under this catalogue version, if any. */
export function recallAnswer<T>(catalogueVersion: string | undefined, what: string): T | undefined {
  if (!catalogueVersion) return undefined;
  return answers.get(keyOf(catalogueVersion, what))?.value as T | undefined;
}

/** Remembers an answer (never mutated afterwards: every reader gets the same object). */
export function rememberAnswer<T>(catalogueVersion: string | undefined, what: string, value: T): T {
  if (catalogueVersion) answers.set(keyOf(catalogueVersion, what), { value });
  return value;
}
