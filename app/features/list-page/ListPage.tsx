// A list page: title, sort, category chips (product pages) and the list of apps.
import { Form, NavLink, useSubmit } from "@remix-run/react";
import { SORT_CHOICES } from "~/lib/sort";
import { AppList } from "./AppList";
import type { ListPageData } from "./list-page.server";
import { pill, pillList } from "~/components/Pill.css";
import * as styles from "./ListPage.css";

export function ListPage({ data }: { data: ListPageData }) {
  const submit = useSubmit();
  return (
    <section className={styles.page} aria-labelledby="list-title">
      <header className={styles.head}>
        <div>
          <h1 id="list-title" className={styles.title}>
            {data.title}
          </h1>
          <p className={styles.description}>{data.description}</p>
        </div>
        <Form method="get" className={styles.sortForm} preventScrollReset>
          <label htmlFor="sort" className={styles.sortLabel}>
            Sort by
          </label>
          <select
            id="sort"
            name="sort"
            defaultValue={data.sort}
            key={data.sort}
            className={styles.select}
            onChange={(e) => submit(e.currentTarget.form, { preventScrollReset: true })}
          >
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
                <NavLink to={chip.to} end className={pill} prefetch="intent">
                  {chip.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
      ) : null}

      <AppList data={data} />
    </section>
  );
}
