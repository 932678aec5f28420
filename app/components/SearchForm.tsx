// The header search box: a GET form to /search, so it works without JavaScript. With JavaScript it
// is a WAI-ARIA combobox with typeahead suggestions (spec §2.6, §5), added to this markup by
// ./search-combobox.ts (loaded after the page, app/components/chrome.ts): at most 5 apps with the
// typed text highlighted, and 'Search all "{q}"' when there are more.
import { useId } from "react";
import { SearchIcon } from "./Icons";
import * as s from "./SearchForm.css";

type SearchFormProps = { defaultValue?: string };

export function SearchForm({ defaultValue = "" }: SearchFormProps) {
  const id = useId();
  const listId = `${id}-list`;
  const headingId = `${id}-heading`;
  return (
    // biome-ignore lint/a11y/useSemanticElements: <search> is not yet in every supported browser; role=search on the form is the ARIA landmark
    <form role="search" aria-label="Site" method="get" action="/search" className={s.form} data-combobox={id}>
      <input
        type="search"
        name="q"
        required
        maxLength={1000}
        role="combobox"
        aria-label="Search apps"
        aria-autocomplete="list"
        aria-expanded={false}
        aria-controls={listId}
        placeholder="Search apps"
        defaultValue={defaultValue}
        autoComplete="off"
        enterKeyHint="search"
        className={s.input}
        data-search-q=""
      />
      <button type="submit" aria-label="Submit search" className={s.submit}>
        <SearchIcon size={16} />
      </button>
      <div className={s.popup} hidden>
        <p id={headingId} className={s.popupHeading}>
          Suggested Search
        </p>
        {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA combobox pattern's popup is a listbox; ./search-combobox.ts fills and drives it */}
        <ul id={listId} role="listbox" aria-labelledby={headingId} className={s.list} />
      </div>
    </form>
  );
}
