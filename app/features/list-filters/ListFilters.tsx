// The trust filters on list pages and search (issue 15): a GET form of checkboxes and a select with
// an Apply button, so it works without JavaScript, and the active filters as removable chips with
// 'Clear filters'. Plain markup either way: in a list page's Island (app/components/Island.tsx) the
// form (data-link) and the links become client-side navigations. Only imported from code that is
// not in a page's first-load JavaScript (the list's ListPageContent chunk, the search page's lazily
// hydrated part), so none of it adds to the first load.
import { SiteLink } from "~/components/static-markup";
import { buttonStyles } from "~/components/Button.css";
import {
  ANY_RATING_LABEL,
  activeFilterCount,
  activeFilters,
  FILTER_LEGENDS,
  filteredHref,
  filterOptions,
  MIN_RATINGS,
  ratingLabel,
  VERIFIED_LABEL,
  VERIFIED_VALUE,
  type ListFilters,
  type MultiFilter,
} from "~/lib/list-filters";
import * as styles from "./ListFilters.css";

const MULTI_ORDER: readonly MultiFilter[] = ["certification", "region", "ai", "freshness"];

/** The filter controls without a form (search puts them in its own form). `idPrefix` keeps ids unique. */
export function FilterFields({ filters, idPrefix }: { filters: ListFilters; idPrefix: string }) {
  return (
    <div className={styles.fields}>
      {MULTI_ORDER.map((name) => (
        <fieldset key={name} className={styles.fieldset}>
          <legend className={styles.legend}>{FILTER_LEGENDS[name]}</legend>
          {filterOptions(name).map((option) => {
            const checked = (filters[name] as readonly string[]).includes(option.value);
            return (
              <label key={option.value} className={styles.option}>
                {/* Keyed by the state, so a new address (back, a chip) shows its own choice. */}
                <input type="checkbox" name={name} value={option.value} defaultChecked={checked} key={String(checked)} />
                {option.label}
              </label>
            );
          })}
        </fieldset>
      ))}
      <fieldset className={styles.fieldset}>
        <legend className={styles.legend}>{FILTER_LEGENDS.verified}</legend>
        <label className={styles.option}>
          <input type="checkbox" name="verified" value={VERIFIED_VALUE} defaultChecked={filters.verified} key={String(filters.verified)} />
          {VERIFIED_LABEL}
        </label>
      </fieldset>
      <div className={styles.fieldset}>
        <label htmlFor={`${idPrefix}-rating`} className={styles.legend}>
          {FILTER_LEGENDS.rating}
        </label>
        {/* "Any rating" sends an empty `rating=`, which the page and the edge cache ignore. */}
        <select id={`${idPrefix}-rating`} name="rating" defaultValue={filters.rating ?? ""} key={filters.rating ?? ""} className={styles.select}>
          <option value="">{ANY_RATING_LABEL}</option>
          {MIN_RATINGS.map((n) => (
            <option key={n} value={n}>
              {ratingLabel(n)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/**
 * A list page's filter form: closed by default (the chips below say what is active), a GET to the
 * list's own address that keeps its sort (`hidden`) and starts again at page 1.
 */
export function FilterPanel({ action, filters, hidden }: { action: string; filters: ListFilters; hidden: Record<string, string | null> }) {
  const count = activeFilterCount(filters);
  return (
    <details className={styles.panel}>
      <summary className={styles.summary}>{count > 0 ? `Filters (${count} active)` : "Filters"}</summary>
      <form method="get" action={action} className={styles.form} aria-label="Filter apps" data-link="" data-discover="true">
        {Object.entries(hidden).map(([name, value]) => (value === null ? null : <input key={name} type="hidden" name={name} value={value} />))}
        <FilterFields filters={filters} idPrefix="list-filter" />
        <div className={styles.actions}>
          <button type="submit" className={buttonStyles.primary}>
            Apply filters
          </button>
        </div>
      </form>
    </details>
  );
}

/**
 * The active filters, each a link to the same list without it, and 'Clear filters' (left out where
 * the page has its own: search's form). `others` are the parameters every link keeps (the sort;
 * search's text and its own filters).
 */
export function ActiveFilters({ path, filters, others, clearHref }: { path: string; filters: ListFilters; others: Record<string, string | null>; clearHref: string | null }) {
  const active = activeFilters(filters);
  if (active.length === 0) return null;
  return (
    <nav aria-label="Active filters" className={styles.active}>
      <p className={styles.activeTitle}>Active filters:</p>
      <ul className={styles.chipList}>
        {active.map((filter) => (
          <li key={`${filter.name}=${filter.value}`}>
            <SiteLink to={filteredHref(path, filter.without, others)} className={styles.chip} data-link="" preventScrollReset aria-label={`Remove filter ${filter.label}`}>
              {filter.label}
              <span aria-hidden="true" className={styles.chipX}>
                ×
              </span>
            </SiteLink>
          </li>
        ))}
        {clearHref !== null ? (
          <li className={styles.clear}>
            <SiteLink to={clearHref} data-link="" preventScrollReset>
              Clear filters
            </SiteLink>
          </li>
        ) : null}
      </ul>
    </nav>
  );
}
