// Facts derived from the catalogue (list totals, the category list) and answers read from it (pages
// of apps, typeahead suggestions), kept in the isolate's memory per catalogue version.
//
// They change only when the catalogue does, and every import writes a new catalogue version (the
// one edge-cache keys carry), so a value computed under a version stays true for as long as that
// version is current. Keys carry the version, so an import makes old entries unreachable; the size
// cap evicts them. Counting the biggest product reads ~85k index rows (~15 ms in D1); the page of
// 32 apps beside it reads ~100.
import { LRUCache } from "lru-cache";

const keyOf = (catalogueVersion: string, what: string) => `${catalogueVersion}\u0000${what}`;

type VersionedMemo = {
  /** The value remembered for `what` under this catalogue version, if any. */
  recall: <T>(catalogueVersion: string | undefined, what: string) => T | undefined;
  /** Remembers `value` for `what` under this catalogue version (nothing without a version). */
  remember: <T>(catalogueVersion: string | undefined, what: string, value: T) => T;
};

/** An isolate-wide memo keyed by catalogue version, bounded by count. */
function versionedMemo(max: number): VersionedMemo {
  const cache = new LRUCache<string, { value: unknown }>({ max });
  return {
    recall: <T>(catalogueVersion: string | undefined, what: string) => (catalogueVersion ? (cache.get(keyOf(catalogueVersion, what))?.value as T | undefined) : undefined),
    remember: <T>(catalogueVersion: string | undefined, what: string, value: T) => {
      if (catalogueVersion) cache.set(keyOf(catalogueVersion, what), { value });
      return value;
    },
  };
}

/** Facts (list totals, the category list): small and few. */
export const { recall, remember } = versionedMemo(2_000);

/**
 * Answers (a page of 32 apps, ~15 KB in memory; a list of suggestions) in a cache of their own, so
 * they never push out the facts above; bounded by count. A page is read again by everyone who opens
 * the same list, search or typed prefix before the next import (docs/decisions/019). An answer is
 * never mutated afterwards: every reader gets the same object.
 */
export const { recall: recallAnswer, remember: rememberAnswer } = versionedMemo(400);

/**
 * Typeahead answers (~1 KB each, finished: the JSON body and its ETag), in a cache of their own:
 * every letter typed is a key, and a burst of typing must not push out the pages above, nor pages
 * the typeahead's answers (docs/decisions/044).
 */
export const { recall: recallSuggestion, remember: rememberSuggestion } = versionedMemo(2_000);
