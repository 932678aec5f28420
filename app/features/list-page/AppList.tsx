// The part every list of apps shares (list pages, search results): how many are shown, the grid,
// and "Load more". Without JavaScript "Load more" is a link to the next page (the page shows every
// item up to it and jumps to the first new one); with JavaScript it fetches just the next page,
// appends it in place and keeps the address in step. In a list page's server-rendered HTML (an
// Island: ./ListPage.tsx) React does not run this component; ./load-more.ts does the same there,
// guided by the data-list-* attributes.
import { useFetcher, useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type MouseEvent } from "react";
import { SiteLink } from "~/components/static-markup";
import { AppGrid } from "~/components/AppGrid";
import { OrgStandingContext, type OrgCardStates, type OrgListData } from "~/components/org-standing-context";
import type { AppSummary } from "~/models/types";
import { countText, withParams } from "./list-address";
import * as styles from "./ListPageContent.css";

/** What a loader returns for a list; the route's loader must also answer the next page's URL. */
export type AppListData = {
  items: AppSummary[];
  total: number;
  /** The count stopped at its bound: `total` is a lower bound ("1,000+ apps"). */
  totalCapped?: boolean;
  page: number;
  fromPage: number;
  pageSize: number;
  /** A member of an approval organisation (issue 29): the standings of this page's apps. */
  org?: OrgListData;
};

type Loaded = { items: AppSummary[]; page: number; byApp: OrgCardStates["byApp"] };
const loadedOf = (data: AppListData): Loaded => ({ items: data.items, page: data.page, byApp: data.org?.states.byApp ?? {} });

/** The list an address shows, whatever its page: path and query without page/from. */
const listKeyOf = (pathname: string, search: string) => pathname + withParams(search, { page: null, from: null });

export function AppList({ data, showCount = true }: { data: AppListData; showCount?: boolean }) {
  const location = useLocation();
  const fetcher = useFetcher<AppListData>();
  const [loaded, setLoaded] = useState<Loaded>(() => loadedOf(data));
  const firstNewItem = useRef<number | null>(null);

  // New loader data replaces whatever was appended, except a revalidation of the same list (e.g.
  // after closing the test bar): Remix still sees the address it had before "Load more" changed it,
  // so that data is the first pages again and the appended ones must stay.
  // Done while rendering (not in an effect), so a new list never shows the old items for a frame.
  const listKey = listKeyOf(location.pathname, location.search);
  const [shownData, setShownData] = useState({ data, listKey });
  if (shownData.data !== data) {
    const sameList = shownData.listKey === listKey;
    setShownData({ data, listKey });
    setLoaded((current) =>
      sameList && data.fromPage === 1 && current.page > data.page
        ? { items: [...data.items, ...current.items.slice(data.items.length)], page: current.page, byApp: { ...current.byApp, ...loadedOf(data).byApp } }
        : loadedOf(data),
    );
  }

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when a fetch settles, reading the rest as rendered
  useEffect(() => {
    const next = fetcher.data;
    if (fetcher.state !== "idle" || !next || next.page <= loaded.page) return;
    firstNewItem.current = (data.fromPage - 1) * data.pageSize + loaded.items.length + 1;
    // Each page carries the organisation's standings of its own apps only: keep them all.
    setLoaded({ items: [...loaded.items, ...next.items], page: next.page, byApp: { ...loaded.byApp, ...next.org?.states.byApp } });
    // Keep the address in step so a reload or "back" shows the same items (no revalidation).
    window.history.replaceState(window.history.state, "", location.pathname + withParams(location.search, { page: String(next.page), from: null }));
  }, [fetcher.state, fetcher.data]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs after the new items render (loaded is the trigger)
  useEffect(() => {
    if (firstNewItem.current === null) return;
    document.querySelector<HTMLElement>(`#item-${firstNewItem.current} a`)?.focus();
    firstNewItem.current = null;
  }, [loaded]);

  const loading = fetcher.state !== "idle";
  const view = listView(data, location, loaded);
  const list = (
    <AppListView
      {...view}
      showCount={showCount}
      loading={loading}
      onMore={(event) => {
        event.preventDefault();
        if (!loading) fetcher.load(location.pathname + withParams(location.search, { page: String(view.nextPage), from: String(view.nextPage) }));
      }}
    />
  );
  return data.org ? <OrgStandingContext.Provider value={{ byApp: loaded.byApp, otherwise: data.org.states.otherwise }}>{list}</OrgStandingContext.Provider> : list;
}

type ListView = {
  items: readonly AppSummary[];
  /** Items before the first one shown (a page opened at ?from=N). */
  startIndex: number;
  total: number;
  totalCapped: boolean;
  /** The address of the list's first page, when the items shown start later. */
  earlierHref: string | null;
  /** The address of the next page ("Load more" without JavaScript), when there is one. */
  moreHref: string | null;
  nextPage: number;
};

/** What the list shows: the loader's data plus the pages loaded since, at this address. */
export function listView(data: AppListData, location: { pathname: string; search: string }, loaded = { items: data.items, page: data.page }): ListView {
  const startIndex = (data.fromPage - 1) * data.pageSize;
  const shown = startIndex + loaded.items.length;
  const nextPage = loaded.page + 1;
  return {
    items: loaded.items,
    startIndex,
    total: data.total,
    totalCapped: data.totalCapped === true,
    earlierHref: data.fromPage > 1 ? location.pathname + withParams(location.search, { page: null, from: null }) : null,
    moreHref: shown < data.total ? `${location.pathname}${withParams(location.search, { page: String(nextPage), from: null })}#item-${shown + 1}` : null,
    nextPage,
  };
}

/**
 * The list's markup, for React (./AppList above) and for the list page's server HTML, rendered once
 * per list and catalogue version (./ListPage.tsx) where there is no router: links are SiteLinks.
 */
export function AppListView({
  items,
  startIndex,
  total,
  totalCapped,
  earlierHref,
  moreHref,
  showCount = true,
  loading = false,
  onMore,
}: ListView & { showCount?: boolean; loading?: boolean; onMore?: (event: MouseEvent<HTMLAnchorElement>) => void }) {
  return (
    <>
      {showCount ? (
        <p className={styles.count} aria-live="polite" data-list-count={`${startIndex + 1} ${total}${totalCapped ? " capped" : ""}`}>
          {countText(startIndex + 1, startIndex + items.length, total, totalCapped)}
        </p>
      ) : null}

      {earlierHref !== null ? (
        <p className={styles.earlier}>
          <SiteLink to={earlierHref} data-link="">
            Back to the first apps
          </SiteLink>
        </p>
      ) : null}

      {items.length > 0 ? <AppGrid apps={items} startIndex={startIndex} /> : null}

      {moreHref !== null ? (
        <div className={styles.more} data-list-more="">
          <SiteLink className={styles.moreButton} data-load-more="" to={moreHref} preventScrollReset aria-disabled={loading || undefined} onClick={onMore}>
            {loading ? "Loading…" : "Load more"}
          </SiteLink>
        </div>
      ) : null}
    </>
  );
}
