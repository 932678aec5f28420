// The header search box: a GET form to /search, so it works without JavaScript.
import { Form } from "@remix-run/react";
import type { Ref } from "react";
import { SearchIcon } from "./Icons";
import * as s from "./SearchForm.css";

type SearchFormProps = { defaultValue?: string; inputRef?: Ref<HTMLInputElement> };

export function SearchForm({ defaultValue = "", inputRef }: SearchFormProps) {
  return (
    // Named, so this landmark stays distinct from the home hero's search ("Find an app").
    <Form role="search" aria-label="Site" method="get" action="/search" className={s.form}>
      <input
        // Remount when the query in the address changes, so the box shows the current search.
        key={defaultValue}
        ref={inputRef}
        type="search"
        name="q"
        required
        aria-label="Search apps"
        placeholder="Search apps"
        defaultValue={defaultValue}
        autoComplete="off"
        enterKeyHint="search"
        className={s.input}
      />
      <button type="submit" aria-label="Submit search" className={s.submit}>
        <SearchIcon size={16} />
      </button>
    </Form>
  );
}
