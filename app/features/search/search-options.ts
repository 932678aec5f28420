// Search constants shared by the loader and the page (the browser cannot import *.server files).
import { RELEVANCE_CHOICE, SORT_CHOICES } from "~/lib/sort";

/** What a search box accepts; longer text in an address is cut rather than refused. */
export const SEARCH_TEXT_MAX = 1000;

/** Most relevant first: the default on search (spec §2.5). */
export const SEARCH_SORT_CHOICES = [RELEVANCE_CHOICE, ...SORT_CHOICES] as const;

export type FilterOption = { value: string; label: string };
