// Named cache policies (spec §9 cache ages) that generate Cache-Control. The Worker stores
// responses marked `public` with an s-maxage in the edge cache; everything else is never shared.
import type { PortalConfig } from "./config.server";

export type CachePolicyName = "catalogue" | "sitemap" | "immutable" | "none";

const PRODUCTION_AGES: Record<Exclude<CachePolicyName, "none" | "immutable">, number> = {
  catalogue: 3600, // categories, search, collections and list pages
  sitemap: 86400,
};

export function cacheControl(policy: CachePolicyName, config: Pick<PortalConfig, "isProduction">): string {
  if (policy === "none") return "private, no-store";
  if (policy === "immutable") return "public, max-age=31536000, immutable";
  // Outside production every age is 1 s (spec §9), so edits show up at once while developing.
  const age = config.isProduction ? PRODUCTION_AGES[policy] : 1;
  // Browsers revalidate after a minute at most; the edge keeps the page for the full age.
  return `public, max-age=${Math.min(age, 60)}, s-maxage=${age}`;
}
