// The list page's server HTML (./ListPage.tsx), rendered once per list and catalogue version and
// kept in the isolate's memory (app/components/static-html.server.ts): the cards of a list are the
// same for everyone until the next import. Keyed by the page of apps the catalogue remembers for
// that version (the same array object for every reader: app/models/catalogue-memo.server.ts), and by
// what else the markup shows. A list built per request (a content entry's) is rendered each time.
// A `.server` module: empty in the browser, so the list's code is not in the first-load JavaScript.
import { cachedMarkup } from "~/components/static-html.server";
import { StaticMarkup } from "~/components/static-markup";
import { useKeptForDocument } from "~/lib/server-render";
import { LIST_PAGE_KEPT, type ListPageData } from "./list-page.server";
import { ListPageContent } from "./ListPageContent";

/**
 * The Island's HTML in the server's render of a document: from the loader's whole answer, kept for
 * the document (its loader data, in the browser, has no items: ./list-page.server.ts).
 */
export function useListPageHtml(data: ListPageData, location: { pathname: string; search: string }): string {
  return listPageHtml(useKeptForDocument<ListPageData>(LIST_PAGE_KEPT) ?? data, location);
}

export function listPageHtml(data: ListPageData, location: { pathname: string; search: string }): string {
  const key = [
    location.pathname,
    location.search,
    data.canonicalPath,
    data.title,
    data.description,
    data.sort,
    data.page,
    data.fromPage,
    data.pageSize,
    data.total,
    data.totalCapped,
    ...data.chips.flatMap((c) => [c.to, c.label]),
    // The organisation's badges (issue 29): the same HTML only for the same standings.
    data.org ? JSON.stringify(data.org) : "",
  ].join("\u0000");
  return cachedMarkup(data.items, key, () => (
    <StaticMarkup value={true}>
      <ListPageContent data={data} location={location} />
    </StaticMarkup>
  ));
}
