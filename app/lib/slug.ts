// Category slugs (spec §5): spaces and underscores become hyphens, '&' becomes 'and'.
import type { CategoryType } from "~/models/enums";

export function slugify(text: string): string {
  return text
    .trim()
    .toLowerCase()
    .replace(/\s*&\s*|_&_/g, "-and-")
    .replace(/[\s_]+/g, "-")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}

/**
 * The reverse mapping of spec §5, from a slug back to an apiId: hyphens become underscores; for
 * teams that is all, for other types '-and-' becomes the escaped ampersand form ('_%26_').
 * Used to resolve links written in the old apiId-based form when no category has the slug.
 */
export function slugToApiId(slug: string, categoryType: CategoryType): string {
  if (categoryType === "teams") return slug.replace(/-/g, "_");
  return slug.replace(/-and-/g, "_%26_").replace(/-/g, "_");
}
