// The header search box: a GET form to /search, so it works without JavaScript. With JavaScript it
// is a WAI-ARIA combobox with typeahead suggestions (spec §2.6, §5): at most 5 apps with the typed
// text highlighted, and 'Search all "{q}"' when there are more. Keyboard (spec §5): ArrowDown,
// ArrowUp and Tab move the highlight and wrap; Enter opens the highlighted app, or runs a full
// search when nothing is highlighted; Escape closes; a click outside closes.
import { Form, useNavigate } from "@remix-run/react";
import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from "react";
import { appPath } from "~/lib/app-paths";
import { highlightParts } from "~/lib/highlight";
import { displayImageUrl } from "~/lib/image-url";
import { SearchIcon } from "./Icons";
import { useSuggestions } from "./use-suggestions";
import * as s from "./SearchForm.css";

type SearchFormProps = { defaultValue?: string; inputRef?: Ref<HTMLInputElement> };

const searchPath = (q: string) => `/search?${new URLSearchParams({ q: q.trim() })}`;

export function SearchForm({ defaultValue = "", inputRef }: SearchFormProps) {
  return (
    // Keyed so the box shows the current search when the query in the address changes.
    <SearchCombobox key={defaultValue} defaultValue={defaultValue} inputRef={inputRef} />
  );
}

function SearchCombobox({ defaultValue, inputRef }: { defaultValue: string; inputRef?: Ref<HTMLInputElement> }) {
  const id = useId();
  const listId = `${id}-list`;
  const headingId = `${id}-heading`;
  const navigate = useNavigate();
  const rootRef = useRef<HTMLFormElement>(null);
  const [text, setText] = useState(defaultValue);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const { items, more } = useSuggestions(open ? text : "");

  // Rows: the apps, then 'Search all' when the total exceeds 5.
  const rowCount = items.length + (more ? 1 : 0);
  const expanded = open && text.trim() !== "" && rowCount > 0;
  const optionId = (i: number) => `${id}-option-${i}`;

  // A new list starts with nothing highlighted, so Enter means "search for what I typed".
  // biome-ignore lint/correctness/useExhaustiveDependencies: items and more are the trigger, not read
  useEffect(() => setActive(-1), [items, more]);

  // Clicking or tapping anywhere outside the box closes the list.
  useEffect(() => {
    if (!expanded) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("pointerdown", onPointerDown);
    return () => document.removeEventListener("pointerdown", onPointerDown);
  }, [expanded]);

  const choose = (index: number) => {
    setOpen(false);
    const app = items[index];
    navigate(app ? appPath(app) : searchPath(text));
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!expanded) {
      if (event.key === "ArrowDown" && text.trim() !== "") setOpen(true);
      return;
    }
    // Moving wraps around; from "nothing highlighted" down is the first row, up the last.
    const down = () => setActive((current) => (current + 1) % rowCount);
    const up = () => setActive((current) => (current <= 0 ? rowCount - 1 : current - 1));
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        down();
        break;
      case "ArrowUp":
        event.preventDefault();
        up();
        break;
      case "Tab":
        // Spec §5: Tab moves the highlight too (Shift+Tab backwards) while the list is open.
        event.preventDefault();
        if (event.shiftKey) up();
        else down();
        break;
      case "Enter":
        if (active >= 0) {
          event.preventDefault();
          choose(active);
        }
        // Nothing highlighted: the form submits, a full search for the typed text.
        break;
      case "Escape":
        // Also keeps a type=search box from clearing the text on Escape.
        event.preventDefault();
        setOpen(false);
        break;
    }
  };

  return (
    <Form
      ref={rootRef}
      role="search"
      aria-label="Site"
      method="get"
      action="/search"
      className={s.form}
      onSubmit={(event) => {
        // Submitting needs non-empty text (spec §5); `required` covers the no-JS case.
        if (text.trim() === "") event.preventDefault();
        setOpen(false);
      }}
    >
      <input
        ref={inputRef}
        type="search"
        name="q"
        required
        maxLength={1000}
        role="combobox"
        aria-label="Search apps"
        aria-autocomplete="list"
        aria-expanded={expanded}
        aria-controls={listId}
        aria-activedescendant={expanded && active >= 0 ? optionId(active) : undefined}
        placeholder="Search apps"
        value={text}
        onChange={(event) => {
          setText(event.currentTarget.value);
          setOpen(true);
        }}
        onFocus={() => setOpen(true)}
        onKeyDown={onKeyDown}
        autoComplete="off"
        enterKeyHint="search"
        className={s.input}
      />
      <button type="submit" aria-label="Submit search" className={s.submit}>
        <SearchIcon size={16} />
      </button>
      <div className={s.popup} hidden={!expanded}>
        <p id={headingId} className={s.popupHeading}>
          Suggested Search
        </p>
        {/* biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA combobox pattern's listbox (focus stays in the box) */}
        <ul id={listId} role="listbox" aria-labelledby={headingId} className={s.list}>
          {expanded
            ? items.map((app, i) => (
                <Option key={app.id} id={optionId(i)} selected={i === active} onChoose={() => choose(i)} onHover={() => setActive(i)}>
                  <img src={displayImageUrl(app.logo)} alt="" width={32} height={32} className={s.optionLogo} />
                  <span className={s.optionText}>
                    <span className={s.optionName}>
                      {highlightParts(app.name, text).map((part, k) =>
                        part.match ? (
                          // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed name, never reordered
                          <mark key={k} className={s.mark}>
                            {part.text}
                          </mark>
                        ) : (
                          part.text
                        ),
                      )}
                    </span>
                    <span className={s.optionCompany}>{app.companyName}</span>
                  </span>
                </Option>
              ))
            : null}
          {expanded && more ? (
            <Option
              id={optionId(items.length)}
              selected={active === items.length}
              onChoose={() => choose(items.length)}
              onHover={() => setActive(items.length)}
              className={s.searchAll}
            >
              <SearchIcon size={16} />
              <span>Search all "{text.trim()}"</span>
            </Option>
          ) : null}
        </ul>
      </div>
    </Form>
  );
}

type OptionProps = {
  id: string;
  selected: boolean;
  onChoose: () => void;
  onHover: () => void;
  className?: string;
  children: ReactNode;
};

/** One row of the list. Pressing it keeps focus in the box; the click then chooses it. */
function Option({ id, selected, onChoose, onHover, className, children }: OptionProps) {
  return (
    // biome-ignore lint/a11y/useFocusableInteractive lint/a11y/useKeyWithClickEvents: an ARIA combobox option: focus stays in the box (aria-activedescendant), whose keys choose it
    <li
      id={id}
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the ARIA combobox pattern's option
      role="option"
      aria-selected={selected}
      className={className ? `${s.option} ${className}` : s.option}
      onPointerDown={(event) => event.preventDefault()}
      onClick={onChoose}
      onPointerMove={onHover}
    >
      {children}
    </li>
  );
}
