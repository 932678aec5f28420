// The search results' server HTML (./SearchPage.tsx), as a list page's cards are (docs/decisions/019):
// rendered once per page of results and kept in the isolate's memory (app/components/static-html.server.ts),
// keyed by the page of apps the catalogue remembers for its version (the same array object for
// every reader of the same search: app/models/catalogue-memo.server.ts) and by what else the markup
// shows (the address, the count, the person's organisation's badges). A `.server` module: empty in
// the browser.
import { OrgStandingContext } from "~/components/org-standing-context";
import { cachedMarkup } from "~/components/static-html.server";
import { StaticMarkup } from "~/components/static-markup";
import { AppListView, listView } from "~/features/list-page/AppList";
import { useKeptForDocument } from "~/lib/server-render";
import { SEARCH_PAGE_KEPT, type SearchPageData } from "./search.server";

/** The results' HTML in the server's render of a document: from the loader's whole answer, kept for the document. */
export function useSearchResultsHtml(data: SearchPageData, location: { pathname: string; search: string }): string {
  return searchResultsHtml(useKeptForDocument<SearchPageData>(SEARCH_PAGE_KEPT) ?? data, location);
}

export function searchResultsHtml(data: SearchPageData, location: { pathname: string; search: string }): string {
  const key = [location.pathname, location.search, data.total, data.page, data.fromPage, data.pageSize, data.org ? JSON.stringify(data.org) : ""].join("\u0000");
  return cachedMarkup(data.items, key, () => (
    <StaticMarkup value={true}>
      <OrgStandingContext.Provider value={data.org?.states ?? null}>
        <AppListView {...listView(data, location)} showCount={false} />
      </OrgStandingContext.Provider>
    </StaticMarkup>
  ));
}
