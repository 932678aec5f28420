// Search constants shared by the loader and the page (the browser cannot import *.server files).
import { RELEVANCE_CHOICE, SORT_CHOICES } from "~/lib/sort";

/** What a search box accepts; longer text in an address is cut rather than refused. */
export const SEARCH_TEXT_MAX = 1000;

/** Most relevant first: the default on search (spec §2.5). */
export const SEARCH_SORT_CHOICES = [RELEVANCE_CHOICE, ...SORT_CHOICES] as const;

export type FilterOption = { value: string; label: string };

/** The search text of a `q` value: trimmed, whitespace runs collapsed, at most SEARCH_TEXT_MAX characters. */
export function searchText(q: string | null): string {
  return (q ?? "").replace(/\s+/g, " ").trim().slice(0, SEARCH_TEXT_MAX).trim();
}
