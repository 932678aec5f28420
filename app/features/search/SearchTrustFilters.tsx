// The search page's trust filters (issue 15): the controls inside its refine form and the active
// filters as removable chips. Lazily hydrated (./SearchPage.tsx), so their code is not in the search
// page's first-load JavaScript: until it arrives the server's markup works as it does without it.
import { ActiveFilters, FilterFields } from "~/features/list-filters/ListFilters";
import { ORG_FILTER_PARAM, ORG_FILTER_VALUE } from "~/features/org-policy/paths";
import { activeFilterCount, type ListFilters } from "~/lib/list-filters";
import type { SearchPageData } from "./search.server";
import * as styles from "./SearchPage.css";

/** Closed by default, so the results stay in view on a phone; the chips below say what is active. */
export function SearchTrustFields({ filters }: { filters: ListFilters }) {
  const count = activeFilterCount(filters);
  return (
    <details className={styles.trustFields}>
      <summary className={styles.trustSummary}>{count > 0 ? `More filters (${count} active)` : "More filters"}</summary>
      <FilterFields filters={filters} idPrefix="search-filter" />
    </details>
  );
}

/**
 * Each chip keeps the text, the sort and the other filters. 'Clear filters' ends the row (the refine
 * form has it only while no chip shows): it keeps the text and drops every filter and the sort.
 */
export function SearchActiveFilters({ data }: { data: Pick<SearchPageData, "q" | "sort" | "filters" | "trustFilters" | "org"> }) {
  const { q, sort, filters } = data;
  const org = data.org?.approvedOnly ? ORG_FILTER_VALUE : null;
  const others = { q, sort: sort === "relevance" ? null : sort, type: filters.type, product: filters.product, category: filters.category, [ORG_FILTER_PARAM]: org };
  return <ActiveFilters path="/search" filters={data.trustFilters} others={others} clearHref={`/search?${new URLSearchParams({ q })}`} />;
}
