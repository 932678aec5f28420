// The search results page (spec §2.5): what was found for the typed text, a GET form to sort and
// filter (so it all works without JavaScript), and ways on when nothing matched.
import { Form, Link, useLocation, useNavigate } from "@remix-run/react";
import { AppGrid } from "~/components/AppGrid";
import { buttonStyles } from "~/components/Button.css";
import { pill, pillList } from "~/components/Pill.css";
import { Island } from "~/components/Island";
import { lazyHydrated } from "~/components/lazy-hydrated";
import { OrgStandingContext } from "~/components/org-standing-context";
import { AppList } from "~/features/list-page/AppList";
import { OrgFilterLink } from "~/features/org-policy/OrgFilterLink";
import { ORG_FILTER_PARAM, ORG_FILTER_VALUE } from "~/features/org-policy/paths";
import { totalText } from "~/features/list-page/list-address";
import * as listStyles from "~/features/list-page/ListPageContent.css";
import { SEARCH_SORT_CHOICES, SEARCH_TEXT_MAX, type FilterOption } from "./search-options";
import type { SearchPageData } from "./search.server";
import { SearchActiveFiltersHtml } from "./SearchActiveFilters.server";
import { useSearchResultsHtml } from "./SearchResults.server";
import { LoadItems } from "~/components/LoadItems";
import { plainClickedLink } from "~/components/plain-click";
import type { MouseEvent } from "react";
import * as styles from "./SearchPage.css";

// The trust filters' code is fetched after the page has shown (not in the first-load JavaScript): the
// controls are lazily hydrated inside the form; the active filters (links) are an Island whose
// server HTML the browser keeps, rendered by React only after a client-side navigation.
const LazyTrustFields = lazyHydrated(() => import("./SearchTrustFilters").then((m) => m.SearchTrustFields));
const LazyActiveFilters = lazyHydrated(() => import("./SearchTrustFilters").then((m) => m.SearchActiveFilters));

const searchHref = (q: string, extra: Record<string, string> = {}) => `/search?${new URLSearchParams({ q, ...extra })}`;

/** The heading (spec §2.5); with a correction (issue 28 item 5) it names the text the results are for. */
export function searchHeading(q: string, total: number, correctedQuery: string | null = null, totalCapped = false): string {
  if (q === "") return "Search apps";
  if (total === 0) return `Sorry, no results for "${q}"`;
  return `Showing ${totalText(total, totalCapped)} ${total === 1 && !totalCapped ? "result" : "results"} for "${correctedQuery ?? q}"`;
}

/** The address of the same search with other words-matching choices, keeping sort and filters. */
function sameSearch(search: string, change: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  params.delete("page");
  params.delete("from");
  for (const [key, value] of Object.entries(change)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  return `/search?${params}`;
}

/** What a link that changes one choice keeps of this search besides the trust filters: the text and its choices, sort, type, product, category and `org`. */
function searchOthers(data: Pick<SearchPageData, "q" | "said" | "literal" | "anyWords" | "sort" | "filters" | "org">): Record<string, string | null> {
  return {
    q: data.q,
    said: data.said || null,
    literal: data.literal ? "1" : null,
    words: data.anyWords ? "any" : null,
    sort: data.sort === "relevance" ? null : data.sort,
    type: data.filters.type,
    product: data.filters.product,
    category: data.filters.category,
    [ORG_FILTER_PARAM]: data.org?.approvedOnly ? ORG_FILTER_VALUE : null,
  };
}

/** "Search instead for …" and "… more that match some of your words" (issue 28 items 4 and 5). */
function MatchNotes({ data, search }: { data: SearchPageData; search: string }) {
  const { q, correctedQuery, moreWithSomeWords, anyWords, total } = data;
  return (
    <>
      {correctedQuery !== null ? (
        <p className={styles.hint} data-testid="search-instead">
          Search instead for{" "}
          <Link to={sameSearch(search, { literal: "1", q })}>
            <em>{q}</em>
          </Link>
        </p>
      ) : null}
      {moreWithSomeWords > 0 ? (
        <p className={styles.hint} data-testid="some-words">
          {total > 0 ? `${total === 1 ? "It matches" : `All ${totalText(total, data.totalCapped)} match`} all your words, ` : "No app matches all your words, "}
          <Link to={sameSearch(search, { words: "any" })}>
            and {moreWithSomeWords} more {moreWithSomeWords === 1 ? "matches" : "match"} some of them
          </Link>
          .
        </p>
      ) : null}
      {anyWords ? (
        <p className={styles.hint} data-testid="some-words">
          Apps that match all your words come first, then those that match some. <Link to={sameSearch(search, { words: null })}>Show only apps that match all your words</Link>
        </p>
      ) : null}
    </>
  );
}

/** Needs said in words that became filters (issue 28 item 6): each chip removes that filter only (issue 40 item 12). */
function NeedChips({ chips }: { chips: SearchPageData["needChips"] }) {
  return (
    <div className={styles.needs}>
      <p className={styles.hint} id="need-chips-title">
        Filters from your words:
      </p>
      <ul className={pillList} aria-labelledby="need-chips-title">
        {chips.map((c) => (
          <li key={c.href}>
            <Link to={c.href} className={pill} aria-label={`Remove filter ${c.label}`}>
              {c.label} <span aria-hidden="true">×</span>
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function SearchPage({ data }: { data: SearchPageData }) {
  const { total, filtered, correctedQuery } = data;
  // The text the results are for: as typed when its needs became filters.
  const q = data.said !== "" ? data.said : data.q;
  // A new address is new server HTML for the active filters' Island (as on list pages).
  const location = useLocation();
  return (
    <section className={styles.page} aria-labelledby="search-title">
      <header className={listStyles.head}>
        <h1 id="search-title" className={listStyles.title}>
          {searchHeading(q, total, correctedQuery, data.totalCapped)}
        </h1>
      </header>
      {data.needChips.length > 0 ? <NeedChips chips={data.needChips} /> : null}
      {q !== "" ? <MatchNotes data={data} search={location.search} /> : null}

      {q === "" ? (
        <Form method="get" action="/search" role="search" aria-label="Search apps" className={styles.queryForm}>
          <input
            type="search"
            name="q"
            required
            maxLength={SEARCH_TEXT_MAX}
            aria-label="Search apps"
            placeholder="Search for apps, companies or categories"
            className={styles.queryInput}
          />
          <button type="submit" className={buttonStyles.primary}>
            Search
          </button>
        </Form>
      ) : total > 0 || filtered ? (
        // Without results and filters there is nothing to refine.
        <RefineForm data={data} filtered={filtered} />
      ) : null}

      {q !== "" && data.trustFilterCount > 0 && data.needChips.length === 0 ? (
        <Island key={location.key} id="search-active-filters" fallback={<LazyActiveFilters data={data} />}>
          {typeof document === "undefined" ? <SearchActiveFiltersHtml data={data} /> : null}
        </Island>
      ) : null}

      {/* A member of an organisation that requires approval (issue 29): the filter, and each card's badge. */}
      {data.org && q !== "" ? <OrgFilterLink path="/search" filters={data.trustFilters} others={searchOthers(data)} on={data.org.approvedOnly} /> : null}
      {total > 0 ? (
        <SearchResults data={data} />
      ) : (
        <OrgStandingContext.Provider value={data.org?.states ?? null}>
          <WaysOn data={data} filtered={filtered} />
        </OrgStandingContext.Provider>
      )}
    </section>
  );
}

/** "Load more" in the results' server HTML (React's own link in AppList handles its clicks first). */
function loadMore(event: MouseEvent<HTMLElement>) {
  const link = plainClickedLink(event, "a[data-load-more]");
  if (!link) return;
  event.preventDefault();
  void import("~/features/list-page/load-more").then((m) => m.loadMore(link));
}

/**
 * The results: server HTML the browser keeps (an Island, as a list page's cards are), rendered once
 * per page of results and kept by the isolate (./SearchResults.server.tsx), so a repeated search
 * costs no render of its cards. A new address (sort, filters, "Load more" with React) renders them
 * with React (AppList), which keeps the standings of pages loaded later.
 */
function SearchResults({ data }: { data: SearchPageData }) {
  const location = useLocation();
  // A `.server` module's hook, so the browser (where that module is empty) never calls it.
  // biome-ignore lint/correctness/useHookAtTopLevel: `typeof document` never changes within one environment: the server calls this on every render, the browser on none
  const html = typeof document === "undefined" ? useSearchResultsHtml(data, location) : undefined;
  return (
    <Island
      key={location.key}
      id="search-results"
      as="section"
      attributes={{ "aria-label": "Results" }}
      onClick={loadMore}
      html={html}
      fallback={data.itemsInHtml ? <LoadItems /> : <AppList data={data} showCount={false} />}
    />
  );
}

/** Sort and filters: a GET form that keeps the text; with JavaScript each change applies at once. */
function RefineForm({ data, filtered }: { data: SearchPageData; filtered: boolean }) {
  const navigate = useNavigate();
  const { q, sort, filters, options } = data;
  return (
    <Form
      method="get"
      action="/search"
      aria-label="Sort and filter results"
      className={styles.filters}
      preventScrollReset
      onChange={(event) => {
        // Leave empty choices out of the address: /search?q=poll&type=bot, not &product=&category=.
        const params = new URLSearchParams();
        for (const [key, value] of new FormData(event.currentTarget)) if (typeof value === "string" && value !== "") params.append(key, value);
        navigate(`/search?${params}`, { preventScrollReset: true });
      }}
    >
      <input type="hidden" name="q" value={q} />
      {data.said !== "" ? <input type="hidden" name="said" value={data.said} /> : null}
      {data.literal ? <input type="hidden" name="literal" value="1" /> : null}
      {data.anyWords ? <input type="hidden" name="words" value="any" /> : null}
      {data.org?.approvedOnly ? <input type="hidden" name={ORG_FILTER_PARAM} value={ORG_FILTER_VALUE} /> : null}
      <Select name="sort" label="Sort by" value={sort} choices={SEARCH_SORT_CHOICES} />
      <Select name="type" label="App type" value={filters.type ?? ""} choices={[{ value: "", label: "All app types" }, ...options.types]} />
      <Select name="product" label="Product" value={filters.product ?? ""} choices={[{ value: "", label: "All products" }, ...options.products]} />
      <Select name="category" label="Category" value={filters.category ?? ""} choices={[{ value: "", label: "All categories" }, ...options.categories]} />
      <div className={styles.moreRow}>
        <LazyTrustFields filters={data.trustFilters} />
        <div className={styles.filterActions}>
          <noscript>
            <button type="submit" className={buttonStyles.primary}>
              Apply
            </button>
          </noscript>
          {/* With trust filters on, 'Clear filters' ends their chips below instead (one row less on a phone). */}
          {filtered && data.trustFilterCount === 0 ? <Link to={searchHref(q)}>Clear filters</Link> : null}
        </div>
      </div>
    </Form>
  );
}

function Select({ name, label, value, choices }: { name: string; label: string; value: string; choices: readonly FilterOption[] }) {
  const id = `search-${name}`;
  return (
    <div className={styles.field}>
      <label htmlFor={id} className={styles.fieldLabel}>
        {label}
      </label>
      {/* Keyed by value so a new address (back, a link) shows its own choice. */}
      <select id={id} name={name} defaultValue={value} key={value} className={listStyles.select}>
        {choices.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
    </div>
  );
}

/** Nothing to show (no text yet, or no match): say what to try, then featured apps and categories. */
function WaysOn({ data, filtered }: { data: SearchPageData; filtered: boolean }) {
  const { q, featured, options } = data;
  return (
    <>
      {q !== "" ? (
        <p className={styles.hint}>
          {filtered ? (
            <>
              No app matches every filter. <Link to={searchHref(q)}>Search all apps for "{q}"</Link>, or{" "}
            </>
          ) : (
            "Check the spelling, try fewer or more general words, or "
          )}
          browse the apps below.
        </p>
      ) : null}
      {featured.length > 0 ? (
        <section className={styles.section} aria-labelledby="featured-title">
          <h2 id="featured-title" className={styles.sectionTitle}>
            Featured apps
          </h2>
          <AppGrid apps={featured} headingLevel={3} />
        </section>
      ) : null}
      <nav className={styles.section} aria-labelledby="categories-title">
        <h2 id="categories-title" className={styles.sectionTitle}>
          All categories
        </h2>
        <ul className={pillList}>
          {options.categories.map((c) => (
            <li key={c.value}>
              <Link to={`/category/${c.value}`} className={pill} prefetch="intent">
                {c.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </>
  );
}
