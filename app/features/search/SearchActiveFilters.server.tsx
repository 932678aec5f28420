// The search page's active filters as server markup for its Island (./SearchPage.tsx): links only, no
// React state, so the browser keeps the HTML and their code stays out of the first-load JavaScript.
// A `.server` module: empty in the browser.
import { StaticMarkup } from "~/components/static-markup";
import { SearchActiveFilters } from "./SearchTrustFilters";

export function SearchActiveFiltersHtml(props: Parameters<typeof SearchActiveFilters>[0]) {
  return (
    <StaticMarkup value={true}>
      <SearchActiveFilters {...props} />
    </StaticMarkup>
  );
}
