// The FTS index's vocabulary rows (listSearchTerms: fts5vocab over apps_fts), shared between
// isolates through KV per catalogue version (docs/decisions/044). fts5vocab walks the whole index:
// 0.3–2 s at 50,000 apps, paid by the first search or typeahead letter of every isolate and
// catalogue version (decision 034). Through KV the first isolate pays it and the others read
// ~50 KB of JSON. The key carries the catalogue version, which every import and every approved
// submission moves, so a stored vocabulary can never be another catalogue's.
import { z } from "zod";

export type SearchTermRow = { term: string; col: string; doc: number };

const rowsSchema = z.array(z.object({ term: z.string(), col: z.string(), doc: z.number().int().nonnegative() }));

/** Old versions' rows go by themselves; a week is longer than any version stays current unread. */
const KEEP_SECONDS = 7 * 24 * 3600;

export type SharedStore = {
  kv: Pick<KVNamespace, "get" | "put">;
  waitUntil: (promise: Promise<unknown>) => void;
};

/**
 * The rows stored under `key`, or, when there are none (or they do not fit the schema, or KV
 * cannot be read), `read()`'s rows, stored for the next isolate after the answer.
 */
export async function sharedSearchTerms(store: SharedStore, key: string, read: () => Promise<SearchTermRow[]>): Promise<SearchTermRow[]> {
  const stored = await store.kv.get(key, "json").catch(() => null);
  const parsed = rowsSchema.safeParse(stored);
  if (parsed.success && parsed.data.length > 0) return parsed.data;
  const rows = await read();
  if (rows.length > 0) store.waitUntil(store.kv.put(key, JSON.stringify(rows), { expirationTtl: KEEP_SECONDS }).catch(() => undefined));
  return rows;
}
