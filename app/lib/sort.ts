// Sorting: the choices a person sees, and the API's sortBy/orderBy (spec §5 sort mapping).
export const SORT_CHOICES = [
  { value: "newest", label: "Most recent" },
  { value: "a-z", label: "Alphabetical A-Z" },
  { value: "z-a", label: "Alphabetical Z-A" },
  { value: "rating", label: "Highest rated" },
] as const;
export const RELEVANCE_CHOICE = { value: "relevance", label: "Most relevant" } as const;

export type SortChoice = (typeof SORT_CHOICES)[number]["value"] | typeof RELEVANCE_CHOICE.value;
export type SortKey = "name" | "score" | "date" | "rating";
export type SortOrder = "asc" | "desc";
export type Sort = { key: SortKey; order: SortOrder };

/** Default sort (spec §9): newest first by submission date, descending. */
export const DEFAULT_SORT: Sort = { key: "date", order: "desc" };

/** Spec §5: alphabetical sorts by name, most relevant by relevance score, anything else by date; issue 15 adds rating. */
export function sortKeyFor(sortBy: string | null | undefined): SortKey {
  if (sortBy === "alphabetical") return "name";
  if (sortBy === "relevance") return "score";
  if (sortBy === "rating") return "rating";
  return "date";
}

export function sortFromChoice(choice: string | null | undefined): Sort {
  switch (choice) {
    case "a-z":
      return { key: "name", order: "asc" };
    case "z-a":
      return { key: "name", order: "desc" };
    case "relevance":
      return { key: "score", order: "desc" };
    case "rating":
      return { key: "rating", order: "desc" };
    default:
      return DEFAULT_SORT;
  }
}

export function isSortChoice(value: string | null): value is SortChoice {
  return value === RELEVANCE_CHOICE.value || SORT_CHOICES.some((c) => c.value === value);
}
