// Named cache policies (spec §9 cache ages) that generate Cache-Control. The Worker stores
// responses marked `public` with an s-maxage in the edge cache; everything else is never shared.
import type { PortalConfig } from "./config.server";

export type CachePolicyName = "page" | "catalogue" | "content" | "suggestions" | "sitemap" | "immutable" | "none";

const PRODUCTION_AGES: Record<Exclude<CachePolicyName, "none" | "immutable">, number> = {
  page: 3600, // list, search, detail and home pages (the edge's age; browsers revalidate)
  catalogue: 3600, // categories, search, collections
  // Content entries (/api/content/..., collections): the spec's collections age. A content load
  // changes the cache version (workers/catalogue-version.ts), so the edge never serves old content.
  content: 3600,
  // Typeahead: many distinct keys, each asked for again within minutes while people type the same
  // words; a short edge age keeps the cache small. Keys carry the catalogue version regardless.
  suggestions: 600,
  sitemap: 86400,
};

export function cacheControl(policy: CachePolicyName, config: Pick<PortalConfig, "localDevelopment">): string {
  if (policy === "none") return "private, no-store";
  if (policy === "immutable") return "public, max-age=31536000, immutable";
  // Spec §9: 1 s outside production, so edits show up at once while developing. Only explicit local
  // development counts as "outside": staging and test deployments cache as production does, so
  // what is rehearsed there is what production serves (docs/decisions/015).
  const age = config.localDevelopment ? 1 : PRODUCTION_AGES[policy];
  // Pages carry the header's login state: a browser must never show an anonymous copy after a log
  // in (or a personal one after a log out), so it revalidates every time; the edge keeps the
  // anonymous variant (logged-in requests bypass it in workers/edge-cache.ts).
  if (policy === "page") return `public, max-age=0, must-revalidate, s-maxage=${age}`;
  // Browsers revalidate after a minute at most; the edge keeps the page for the full age.
  return `public, max-age=${Math.min(age, 60)}, s-maxage=${age}`;
}
