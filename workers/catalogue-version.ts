// The data version that edge-cache keys (and the per-isolate catalogue memo) carry: the catalogue
// version, plus the content version when content entries are loaded, plus the community version
// when reviews or moderation changed anything people see (docs/decisions/024), plus today's UTC
// date (freshness and 'Updated N days ago' are relative to it). The catalogue import and
// `npm run content:load` each write theirs to KV last, after the data, so either one invalidates
// every cached page and API at once (docs/decisions/007); review and moderation writes bump the
// community version the same way. The Worker memoises the result per isolate for a few seconds to
// keep KV off the hot path; a write in this isolate that moves a version forgets it
// (forgetCatalogueVersion), so the next request here reads the new version at once: the person who
// published sees it on their next page. Other isolates catch up within MEMO_MS, as before.
// With two Workers (docs/decisions/057) the publish happens in the back office and the next page is
// the front's: the back office's answer says so (DATA_VERSION_HEADER), and the front, which
// forwarded it, forgets its own memo too before passing the answer on without the header.
import { CATALOGUE_VERSION_KEY } from "../app/lib/catalogue-version.server";
import { COMMUNITY_VERSION_KEY } from "../app/lib/community-version.server";

const MEMO_MS = 5_000;
let memo: { value: string; at: number } | null = null;

export async function catalogueVersion(kv: KVNamespace, now = Date.now()): Promise<string> {
  if (memo && now - memo.at < MEMO_MS) return memo.value;
  const [catalogue, content, community] = await Promise.all([kv.get(CATALOGUE_VERSION_KEY), kv.get("content-version"), kv.get(COMMUNITY_VERSION_KEY)]);
  let value = content ? `${catalogue ?? "none"}+c${content}` : (catalogue ?? "none");
  if (community) value += `+r${community}`;
  value += `@${new Date(now).toISOString().slice(0, 10)}`;
  memo = { value, at: now };
  return value;
}

/** On an answer whose request moved a data version (the front forgets its memo on seeing it). */
export const DATA_VERSION_HEADER = "X-AppHub-Data-Version";

/**
 * Called (through the load context's forgetDataVersion) after this isolate wrote a new catalogue or
 * community version. App code reaches it through the context, which keeps the routes free of the
 * Worker's modules.
 */
export function forgetCatalogueVersion(): void {
  memo = null;
}
