import { describe, expect, it } from "vitest";
import { type SearchTermRow, sharedSearchTerms } from "./search-terms-store.server";

const ROWS: SearchTermRow[] = [
  { term: "pollster", col: "name", doc: 3 },
  { term: "polls", col: "tagline", doc: 12 },
];

/** A KV namespace in memory that counts reads and writes, and the request's waitUntil. */
function store(initial: Record<string, string> = {}, options: { failReads?: boolean } = {}) {
  const values = new Map(Object.entries(initial));
  const puts: { key: string; value: string; ttl?: number }[] = [];
  const pending: Promise<unknown>[] = [];
  const kv = {
    get: (async (key: string, type: "json") => {
      if (options.failReads) throw new Error("KV unavailable");
      const value = values.get(key);
      return value === undefined ? null : type === "json" ? JSON.parse(value) : value;
    }) as unknown as KVNamespace["get"],
    put: (async (key: string, value: string, put?: { expirationTtl?: number }) => {
      values.set(key, value);
      puts.push({ key, value, ttl: put?.expirationTtl });
    }) as unknown as KVNamespace["put"],
  };
  return { shared: { kv, waitUntil: (p: Promise<unknown>) => void pending.push(p) }, puts, settle: () => Promise.all(pending) };
}

describe("sharedSearchTerms: the vocabulary rows read once per catalogue version, for every isolate", () => {
  it("the first reader reads the index and stores the rows under the version's key, to expire", async () => {
    const s = store();
    let reads = 0;
    const read = async () => {
      reads++;
      return ROWS;
    };
    expect(await sharedSearchTerms(s.shared, "search-vocabulary:v1", read)).toEqual(ROWS);
    await s.settle();
    expect(reads).toBe(1);
    expect(s.puts).toEqual([{ key: "search-vocabulary:v1", value: JSON.stringify(ROWS), ttl: 7 * 24 * 3600 }]);
    // Another isolate (a new store over the same values) reads KV, not the index.
    expect(await sharedSearchTerms(s.shared, "search-vocabulary:v1", async () => Promise.reject(new Error("index read")))).toEqual(ROWS);
  });

  it("another version's key is not this version's vocabulary", async () => {
    const s = store({ "search-vocabulary:v1": JSON.stringify(ROWS) });
    const fresh = [{ term: "pixel", col: "name", doc: 1 }];
    expect(await sharedSearchTerms(s.shared, "search-vocabulary:v2", async () => fresh)).toEqual(fresh);
  });

  it("rows that do not fit the schema, an empty list or an unreadable KV mean a read of the index", async () => {
    const read = async () => ROWS;
    const bad = store({ k: JSON.stringify([{ term: "pollster", col: "name", doc: "three" }]) });
    expect(await sharedSearchTerms(bad.shared, "k", read)).toEqual(ROWS);
    const empty = store({ k: "[]" });
    expect(await sharedSearchTerms(empty.shared, "k", read)).toEqual(ROWS);
    const down = store({}, { failReads: true });
    expect(await sharedSearchTerms(down.shared, "k", read)).toEqual(ROWS);
  });

  it("an empty index is not stored (an import still running is not a vocabulary)", async () => {
    const s = store();
    expect(await sharedSearchTerms(s.shared, "k", async () => [])).toEqual([]);
    await s.settle();
    expect(s.puts).toEqual([]);
  });
});
