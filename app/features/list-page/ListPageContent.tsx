// A list page's content: title, sort, category chips (product pages) and the list of apps. The
// server renders it into the page's Island (./ListPage.tsx); the browser loads this code only for a
// client-side navigation to a list page. It works both ways: the sort's select submits its form on
// change (app/components/chrome.ts, data-submit-on-change), links carry data-link, and "Load more"
// is React's (./AppList.tsx) or, in the server's HTML, ./load-more.ts.
import { Form, NavLink } from "@remix-run/react";
import { SORT_CHOICES } from "~/lib/sort";
import { AppList } from "./AppList";
import type { ListPageData } from "./list-page.server";
import { pill, pillList } from "~/components/Pill.css";
import * as styles from "./ListPage.css";

export function ListPageContent({ data }: { data: ListPageData }) {
  return (
    <>
      <header className={styles.head}>
        <div>
          <h1 id="list-title" className={styles.title}>
            {data.title}
          </h1>
          <p className={styles.description}>{data.description}</p>
        </div>
        <Form method="get" className={styles.sortForm} preventScrollReset data-link="" data-prevent-scroll-reset="">
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
        </Form>
      </header>

      {data.chips.length > 0 ? (
        <nav aria-label={`${data.title} categories`} className={styles.chips}>
          <ul className={pillList}>
            {data.chips.map((chip) => (
              <li key={chip.to}>
                <NavLink to={chip.to} end className={pill} prefetch="intent" data-link="">
                  {chip.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      <AppList data={data} />
    </>
  );
}
