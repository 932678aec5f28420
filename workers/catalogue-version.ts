// The catalogue version that edge-cache keys carry. The import writes it to KV last, after the
// data; the Worker memoises it per isolate for a few seconds to keep KV off the hot path.
const MEMO_MS = 5_000;
let memo: { value: string; at: number } | null = null;

export async function catalogueVersion(kv: KVNamespace): Promise<string> {
  const now = Date.now();
  if (memo && now - memo.at < MEMO_MS) return memo.value;
  const value = (await kv.get("catalogue-version")) ?? "none";
  memo = { value, at: now };
  return value;
}
