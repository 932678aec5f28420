// A list page's content: title, sort, category chips (product pages) and the list of apps. The
// server renders it into the page's Island (./ListPage.tsx); the browser loads this code only for a
// client-side navigation to a list page. It works both ways: the sort's select submits its form on
// change (app/components/chrome.ts, data-submit-on-change), links carry data-link, and "Load more"
// is React's (./AppList.tsx) or, in the server's HTML, ./load-more.ts. The trust filters
// (app/features/list-filters/ListFilters.tsx) live here, in this lazily loaded chunk, not in the
// page's first-load JavaScript. Sort, filters, chips and paging each keep the others.
import { ISLAND_LINK } from "~/components/island-link";
import { LoadItems } from "~/components/LoadItems";
import { SiteLink, useStaticMarkup } from "~/components/static-markup";
import * as filterStyles from "~/features/list-filters/ListFilters.css";
import { ActiveFilters, FilterPanel } from "~/features/list-filters/ListFilters";
import { activeFilterCount, filterEntries, filteredHref, NO_FILTERS } from "~/lib/list-filters";
import { SORT_CHOICES } from "~/lib/sort";
import { AppList, AppListView, listView } from "./AppList";
import type { ListPageData } from "./list-page.server";
import { pill, pillList } from "~/components/Pill.css";
import { OrgStandingContext } from "~/components/org-standing-context";
import { OrgFilterLink } from "~/features/org-policy/OrgFilterLink";
import { ORG_FILTER_PARAM, ORG_FILTER_VALUE } from "~/features/org-policy/paths";
import * as styles from "./ListPageContent.css";

/**
 * What the list page's Island renders in the browser (./ListPage.tsx). The document's own loader data
 * has no items (they are its HTML: ./list-page.server.ts); should the Island render again for that
 * data (a fragment-only remount), the list is loaded again rather than shown empty. Here, not in
 * ListPage.tsx, so that LoadItems is not in the list pages' first-load JavaScript (decision 052).
 */
export function ListPageContentOrReload({ data }: { data: ListPageData }) {
  return data.itemsInHtml ? <LoadItems /> : <ListPageContent data={data} />;
}

/**
 * `location` is given where there is no router: the server HTML, rendered once per list and catalogue
 * version (./ListPage.tsx). The sort form and the chips are plain markup either way: the page's
 * Island makes them client-side navigations (app/components/Island.tsx).
 */
export function ListPageContent({ data, location }: { data: ListPageData; location?: { pathname: string; search: string } }) {
  const staticMarkup = useStaticMarkup();
  // The sort as links keep it: left out when it is the list's default (one address per list).
  const sortParam = data.sort === data.defaultSort ? null : data.sort;
  const filtered = activeFilterCount(data.filters) > 0;
  // "Approved for my organisation" (issue 29) is kept by the sort, the filters and their chips;
  // "Clear filters" (every app of this list) ends it too.
  const orgParam = data.org?.approvedOnly ? ORG_FILTER_VALUE : null;
  const kept = { sort: sortParam, [ORG_FILTER_PARAM]: orgParam };
  const clearHref = filteredHref(data.canonicalPath, NO_FILTERS, { sort: sortParam });
  return (
    <>
      <header className={styles.head}>
        <div>
          <h1 id="list-title" className={styles.title}>
            {data.title}
          </h1>
          <p className={styles.description}>{data.description}</p>
        </div>
        <form method="get" action={data.canonicalPath} className={styles.sortForm} data-link="" data-prevent-scroll-reset="" data-discover="true">
          {/* A new sort keeps the filters (and starts again at page 1). */}
          {filterEntries(data.filters).map(([name, value]) => (
            <input key={`${name}=${value}`} type="hidden" name={name} value={value} />
          ))}
          {orgParam ? <input type="hidden" name={ORG_FILTER_PARAM} value={orgParam} /> : null}
          <label htmlFor="sort" className={styles.sortLabel}>
            Sort by
          </label>
          <select id="sort" name="sort" defaultValue={data.sort} key={data.sort} className={styles.select} data-submit-on-change="">
            {SORT_CHOICES.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
          <noscript>
            <button type="submit" className={styles.sortButton}>
              Sort
            </button>
          </noscript>
        </form>
      </header>

      <FilterPanel action={data.canonicalPath} filters={data.filters} hidden={kept} />
      <ActiveFilters path={data.canonicalPath} filters={data.filters} others={kept} clearHref={clearHref} />

      {data.chips.length > 0 ? (
        <nav aria-label={`${data.title} categories`} className={styles.chips}>
          <ul className={pillList}>
            {data.chips.map((chip) => (
              <li key={chip.to}>
                <a
                  {...ISLAND_LINK}
                  aria-current={chip.to === data.canonicalPath ? "page" : undefined}
                  className={chip.to === data.canonicalPath ? `${pill} active` : pill}
                  href={filteredHref(chip.to, data.filters)}
                >
                  {chip.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      {data.total === 0 && filtered ? (
        <p className={filterStyles.empty}>
          No app matches these filters.{" "}
          <SiteLink to={clearHref} data-link="">
            Clear filters
          </SiteLink>{" "}
          to see every app of this list.
        </p>
      ) : null}

      {data.org ? <OrgFilterLink path={data.canonicalPath} filters={data.filters} others={{ sort: sortParam }} on={data.org.approvedOnly} /> : null}

      <OrgStandingContext.Provider value={data.org?.states ?? null}>
        {staticMarkup && location ? <AppListView {...listView(data, location)} /> : <AppList data={data} />}
      </OrgStandingContext.Provider>
    </>
  );
}
