// The header search box's typeahead (spec §2.6, §5, §8) on the markup of ./SearchForm.tsx, without
// React (the header is server-rendered HTML, app/components/Island.tsx): a WAI-ARIA combobox.
// - Asks /api/suggest 150 ms after typing stops, only for non-empty text; a newer request aborts the
//   older one and a late answer for older text is dropped; a failed call only clears the list.
//   Answers already fetched in this page view are kept: deleting a letter shows the earlier list.
// - At most 5 apps with the typed text highlighted, then 'Search all "{q}"' when there are more.
// - Keyboard (spec §5): ArrowDown, ArrowUp and Tab move the highlight and wrap; Enter opens the
//   highlighted app, or runs a full search when nothing is highlighted; Escape closes; a click
//   outside closes. Submitting needs non-empty text (`required` covers the no-JS case).
import { highlightParts } from "~/lib/highlight";
import { displayImageUrl } from "~/lib/image-url";
import type { Suggestion } from "~/models/catalogue.server";
import { appPath } from "~/lib/app-paths";
import * as s from "./SearchForm.css";

export const SUGGEST_DEBOUNCE_MS = 150;

type Result = { text: string; items: Suggestion[]; more: boolean };
const EMPTY: Result = { text: "", items: [], more: false };

export const searchPath = (q: string) => `/search?${new URLSearchParams({ q: q.trim() })}`;

/** One combobox per form; returns its removal. */
export function attachCombobox(form: HTMLFormElement, navigate: (to: string) => void): () => void {
  const input = form.querySelector<HTMLInputElement>("input[role=combobox]");
  const list = input && form.ownerDocument.getElementById(input.getAttribute("aria-controls") ?? "");
  const popup = list?.parentElement;
  const searchIcon = form.querySelector("button[type=submit] svg");
  if (!input || !list || !popup) return () => {};
  const id = form.dataset.combobox ?? "search";
  const optionId = (i: number) => `${id}-option-${i}`;
  const cache = new Map<string, Result>();
  let open = false;
  let active = -1;
  let result = EMPTY;
  let timer = 0;
  let controller: AbortController | null = null;
  let requested = "";

  const rowCount = () => result.items.length + (result.more ? 1 : 0);
  const expanded = () => open && input.value.trim() !== "" && rowCount() > 0;

  function render() {
    const isOpen = expanded();
    input!.setAttribute("aria-expanded", String(isOpen));
    if (isOpen && active >= 0) input!.setAttribute("aria-activedescendant", optionId(active));
    else input!.removeAttribute("aria-activedescendant");
    popup!.hidden = !isOpen;
    list!.replaceChildren();
    if (!isOpen) return;
    const typed = input!.value;
    result.items.forEach((app, i) => {
      const img = document.createElement("img");
      img.src = displayImageUrl(app.logo);
      img.alt = "";
      img.width = 32;
      img.height = 32;
      img.className = s.optionLogo;
      const name = document.createElement("span");
      name.className = s.optionName;
      for (const part of highlightParts(app.name, typed)) {
        if (!part.match) name.appendChild(document.createTextNode(part.text));
        else {
          const mark = document.createElement("mark");
          mark.className = s.mark;
          mark.textContent = part.text;
          name.appendChild(mark);
        }
      }
      const company = document.createElement("span");
      company.className = s.optionCompany;
      company.textContent = app.companyName;
      const text = document.createElement("span");
      text.className = s.optionText;
      text.appendChild(name);
      text.appendChild(company);
      list!.appendChild(option(i, s.option, [img, text]));
    });
    if (result.more) {
      const label = document.createElement("span");
      label.textContent = `Search all "${typed.trim()}"`;
      const icon = searchIcon?.cloneNode(true);
      list!.appendChild(option(result.items.length, `${s.option} ${s.searchAll}`, icon ? [icon, label] : [label]));
    }
  }

  /** One row. Pressing it keeps focus in the box; the click then chooses it. */
  function option(i: number, className: string, children: Node[]): HTMLLIElement {
    const li = document.createElement("li");
    li.id = optionId(i);
    li.setAttribute("role", "option");
    li.setAttribute("aria-selected", String(i === active));
    li.className = className;
    for (const child of children) li.appendChild(child);
    li.addEventListener("pointerdown", (event) => event.preventDefault());
    li.addEventListener("click", () => choose(i));
    li.addEventListener("pointermove", () => {
      if (active !== i) setActive(i);
    });
    return li;
  }

  function setActive(i: number) {
    active = i;
    for (const li of list!.children) li.setAttribute("aria-selected", String(li.id === optionId(i)));
    if (expanded() && i >= 0) input!.setAttribute("aria-activedescendant", optionId(i));
    else input!.removeAttribute("aria-activedescendant");
  }

  function setResult(next: Result) {
    result = next;
    // A new list starts with nothing highlighted, so Enter means "search for what I typed".
    active = -1;
    render();
  }

  function fetchSuggestions() {
    const typed = open ? input!.value.trim() : "";
    if (typed === requested) return;
    requested = typed;
    window.clearTimeout(timer);
    controller?.abort();
    controller = null;
    if (typed === "") return setResult(EMPTY);
    const known = cache.get(typed);
    if (known) return setResult(known);
    const current = new AbortController();
    controller = current;
    timer = window.setTimeout(async () => {
      try {
        const res = await fetch(`/api/suggest?${new URLSearchParams({ q: typed })}`, { signal: current.signal, headers: { Accept: "application/json" } });
        if (!res.ok) throw new Error(`suggest ${res.status}`);
        const body = (await res.json()) as { items: Suggestion[]; more: boolean };
        const next = { text: typed, items: body.items, more: body.more };
        if (cache.size > 50) cache.clear();
        cache.set(typed, next);
        if (!current.signal.aborted) setResult(next);
      } catch {
        if (!current.signal.aborted) setResult(EMPTY);
      }
    }, SUGGEST_DEBOUNCE_MS);
  }

  function setOpen(next: boolean) {
    open = next;
    fetchSuggestions();
    render();
  }

  function choose(index: number) {
    const app = result.items[index];
    const to = app ? appPath(app) : searchPath(input!.value);
    setOpen(false);
    navigate(to);
  }

  const onInput = () => setOpen(true);
  const onFocus = () => setOpen(true);
  const onKeyDown = (event: KeyboardEvent) => {
    if (!expanded()) {
      if (event.key === "ArrowDown" && input.value.trim() !== "") setOpen(true);
      return;
    }
    const rows = rowCount();
    // Moving wraps around; from "nothing highlighted" down is the first row, up the last.
    const down = () => setActive((active + 1) % rows);
    const up = () => setActive(active <= 0 ? rows - 1 : active - 1);
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
  // Clicking or tapping anywhere outside the box closes the list.
  const onPointerDown = (event: PointerEvent) => {
    if (open && !form.contains(event.target as Node)) setOpen(false);
  };
  const onSubmit = (event: SubmitEvent) => {
    event.preventDefault();
    setOpen(false);
    // A client-side navigation to what the form would submit, as Remix's <Form method="get"> makes;
    // empty text submits nothing.
    if (input.value.trim() !== "") navigate(`${form.getAttribute("action") ?? "/search"}?${new URLSearchParams({ q: input.value })}`);
  };

  // One signal removes every listener below when the box is torn down.
  const listening = new AbortController();
  const on = { signal: listening.signal };
  input.addEventListener("combobox:close", () => setOpen(false), on);
  input.addEventListener("input", onInput, on);
  input.addEventListener("focus", onFocus, on);
  input.addEventListener("keydown", onKeyDown, on);
  form.addEventListener("submit", onSubmit, on);
  form.ownerDocument.addEventListener("pointerdown", onPointerDown, on);
  // Typed into before this code was here: pick up where the person is.
  if (form.ownerDocument.activeElement === input) setOpen(true);
  return () => {
    window.clearTimeout(timer);
    controller?.abort();
    listening.abort();
  };
}

/** Closes the list and shows `q` in the box (after a navigation). */
export function resetCombobox(form: HTMLFormElement, q: string) {
  const input = form.querySelector<HTMLInputElement>("input[role=combobox]");
  if (!input) return;
  if (input.value !== q) input.value = q;
  input.dispatchEvent(new CustomEvent("combobox:close"));
}
