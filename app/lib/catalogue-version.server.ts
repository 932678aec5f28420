// The catalogue version in KV (docs/decisions/007): the import writes a new one after the data, and
// so does every publication from the review queue (issue 16), so every edge-cached page and API
// answer, and the isolates' memos, refresh at once (workers/catalogue-version.ts reads it).
import type { AppLoadContext } from "@remix-run/cloudflare";

export const CATALOGUE_VERSION_KEY = "catalogue-version";

/** Moves the catalogue version on: the import's version, with a mark of this publication. */
export async function bumpCatalogueVersion(context: Pick<AppLoadContext, "env" | "logger" | "forgetDataVersion">, mark: string): Promise<void> {
  try {
    const current = (await context.env.KV.get(CATALOGUE_VERSION_KEY)) ?? "none";
    const base = current.split("+p")[0];
    await context.env.KV.put(CATALOGUE_VERSION_KEY, `${base}+p${mark}-${Date.now().toString(36)}`);
    context.forgetDataVersion();
  } catch (error) {
    // The publication itself is in D1; caches then refresh within their age instead of at once.
    context.logger.error("Writing the catalogue version failed", { error: String(error) });
  }
}
