// The community version (docs/decisions/024): a KV value the edge-cache keys and the per-isolate
// catalogue memo carry (workers/catalogue-version.ts), changed by every write of people's that
// anonymous pages show: a review posted, changed or deleted, a review hidden by reports, a
// moderator's decision. Every cached page then refreshes at once, as after a catalogue import,
// while a helpful vote (which changes only a count) leaves the caches alone.
import type { AppLoadContext } from "@remix-run/cloudflare";

export const COMMUNITY_VERSION_KEY = "community-version";

export async function bumpCommunityVersion(context: Pick<AppLoadContext, "env" | "logger" | "forgetDataVersion">): Promise<void> {
  const value = `${Date.now().toString(36)}${crypto.randomUUID().slice(0, 4)}`;
  try {
    await context.env.KV.put(COMMUNITY_VERSION_KEY, value);
    context.forgetDataVersion();
  } catch (error) {
    // The write itself is in D1; caches then refresh within their age instead of at once.
    context.logger.error("Writing the community version failed", { error: String(error) });
  }
}
