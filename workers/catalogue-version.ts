// The data version that edge-cache keys (and the per-isolate catalogue memo) carry: the catalogue
// version, plus the content version when content entries are loaded. The catalogue import and
// `npm run content:load` each write theirs to KV last, after the data, so either one invalidates
// every cached page and API at once (docs/decisions/007). The Worker memoises the result per
// isolate for a few seconds to keep KV off the hot path.
const MEMO_MS = 5_000;
let memo: { value: string; at: number } | null = null;

export async function catalogueVersion(kv: KVNamespace): Promise<string> {
  const now = Date.now();
  if (memo && now - memo.at < MEMO_MS) return memo.value;
  const [catalogue, content] = await Promise.all([kv.get("catalogue-version"), kv.get("content-version")]);
  const value = content ? `${catalogue ?? "none"}+c${content}` : (catalogue ?? "none");
  memo = { value, at: now };
  return value;
}
