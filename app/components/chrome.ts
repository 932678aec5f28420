// The behaviour of the page's server-rendered chrome (header, phone menu, avatar menu, side nav:
// markup in Islands, app/components/Island.tsx), as delegated listeners on the document, so it
// also covers chrome rendered later. Loaded by the root with a dynamic import after hydration
// (not first-load JavaScript); until then everything works as it does without JavaScript.
// - <details data-dismiss> (menus, popovers): close on navigation, on Escape (focus back on their
//   summary) and, unless data-dismiss="inside", on a click outside them. Without JavaScript the
//   <details> still opens and closes by its <summary>.
// - <details data-hover-hide>: closes 200 ms after the pointer leaves it (spec §2.4).
// - <details data-focus-on-open="selector">: focuses that element when it opens.
// - <form data-combobox>: the search box's typeahead (./search-combobox.ts).
// - Every Dialog on the page (./dialog-enhance.ts).
// - The detail page's video facade (a[data-video]): a plain click plays the video in the page
//   (../features/app-detail/video-player.ts, loaded on the first click).
// - <select data-submit-on-change>: its form submits when the choice changes (a list page's sort;
//   the form's own submit handling, React's or the Island's, makes it a client-side navigation).
// - Skip links (a[data-skip], ./SkipLinks.tsx): focus moves to the target reliably, scrolled to
//   data-skip-top if given (Home's 335 px, spec §2.4).
// - Carousels in server-rendered HTML (section[data-carousel]): their buttons (./carousel-controls.ts,
//   loaded when a page has one).
// - After each navigation (syncChrome): a[data-nav] and a[data-home] are marked current,
//   a[data-return] (log in / log out) come back to the new address, the search box shows its ?q=.
import { enhanceDialogs } from "./dialog-enhance";
import { isCurrentPath } from "./nav-current";
import { attachCombobox, resetCombobox } from "./search-combobox";
import { plainClickedLink } from "./plain-click";

/** Spec §2.4: the avatar popover hides 200 ms after the pointer leaves it. */
export const HIDE_DELAY_MS = 200;

const openDismissible = (doc: Document) => doc.querySelectorAll<HTMLDetailsElement>("details[data-dismiss][open]");

export function enhanceChrome(doc: Document, navigate: (to: string) => void): () => void {
  const hideTimers = new WeakMap<Element, number>();
  const comboboxes = new WeakMap<HTMLFormElement, () => void>();
  const removals: Array<() => void> = [];
  const listen = <K extends keyof DocumentEventMap>(type: K, handler: (event: DocumentEventMap[K]) => void, capture = false) => {
    doc.addEventListener(type, handler, capture);
    removals.push(() => doc.removeEventListener(type, handler, capture));
  };

  listen("keydown", (event) => {
    if (event.key !== "Escape") return;
    const details = (event.target as Element).closest?.("details[data-dismiss][open]");
    if (!(details instanceof HTMLDetailsElement)) return;
    details.open = false;
    details.querySelector<HTMLElement>(":scope > summary")?.focus();
  });
  listen("click", (event) => {
    for (const details of openDismissible(doc)) {
      if (details.dataset.dismiss !== "inside" && event.target instanceof Node && !details.contains(event.target)) details.open = false;
    }
  });
  listen("mouseover", (event) => {
    const details = (event.target as Element).closest?.("details[data-hover-hide]");
    if (details) window.clearTimeout(hideTimers.get(details));
  });
  listen("mouseout", (event) => {
    const details = (event.target as Element).closest?.("details[data-hover-hide]");
    if (!(details instanceof HTMLDetailsElement) || (event.relatedTarget instanceof Node && details.contains(event.relatedTarget))) return;
    window.clearTimeout(hideTimers.get(details));
    hideTimers.set(
      details,
      window.setTimeout(() => (details.open = false), HIDE_DELAY_MS),
    );
  });
  // "toggle" does not bubble: listen in the capture phase.
  listen(
    "toggle",
    (event) => {
      const details = event.target;
      if (!(details instanceof HTMLDetailsElement) || !details.open || !details.dataset.focusOnOpen) return;
      details.querySelector<HTMLElement>(details.dataset.focusOnOpen)?.focus();
    },
    true,
  );

  removals.push(enhanceDialogs(doc));
  listen("click", (event) => {
    const link = plainClickedLink(event, "a[data-video]");
    if (!link) return;
    event.preventDefault();
    void import("../features/app-detail/video-player").then(({ playVideo }) => playVideo(link));
  });
  listen("change", (event) => {
    const select = event.target;
    if (select instanceof HTMLSelectElement && select.hasAttribute("data-submit-on-change")) select.form?.requestSubmit();
  });
  listen("click", (event) => {
    const link = (event.target as Element).closest?.("a[data-skip]");
    if (!(link instanceof HTMLAnchorElement) || event.defaultPrevented) return;
    const target = doc.getElementById(link.hash.slice(1));
    if (!target) return;
    event.preventDefault();
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    const top = link.dataset.skipTop;
    if (top === undefined) target.scrollIntoView();
    else window.scrollTo({ top: Number(top) });
    target.focus({ preventScroll: true });
  });

  const attach = (form: HTMLFormElement) => {
    if (!comboboxes.has(form)) comboboxes.set(form, attachCombobox(form, navigate));
  };
  for (const form of doc.querySelectorAll<HTMLFormElement>("form[data-combobox]")) attach(form);
  // A search box rendered later (a header shown by a client-side navigation) on its first focus.
  listen("focusin", (event) => {
    const form = (event.target as Element).closest?.("form[data-combobox]");
    // attachCombobox opens the list for a box that already has the focus.
    if (form instanceof HTMLFormElement) attach(form);
  });

  return () => {
    for (const remove of removals) remove();
    for (const form of doc.querySelectorAll<HTMLFormElement>("form[data-combobox]")) comboboxes.get(form)?.();
  };
}

let lastQuery: string | null = null;
/** Removals of the carousels' buttons, for carousels a navigation took away. */
const carousels = new Map<Element, () => void>();

function enhanceCarouselsIn(doc: Document) {
  for (const [section, remove] of carousels) {
    if (!section.isConnected) {
      remove();
      carousels.delete(section);
    }
  }
  const sections = [...doc.querySelectorAll<HTMLElement>("section[data-carousel]:not([data-enhanced])")];
  if (sections.length === 0) return;
  void import("./carousel-controls").then(({ enhanceCarousel }) => {
    for (const section of sections) if (section.isConnected && !carousels.has(section)) carousels.set(section, enhanceCarousel(section));
  });
}

/** After a navigation (navigated) or on the first page (not): the chrome follows the address. */
export function syncChrome(doc: Document, location: { pathname: string; search: string }, navigated: boolean) {
  if (navigated) for (const details of openDismissible(doc)) details.open = false;
  for (const link of doc.querySelectorAll<HTMLAnchorElement>("a[data-nav], a[data-home]")) {
    const current = link.hasAttribute("data-home") ? location.pathname === "/" : isCurrentPath(link.getAttribute("href") ?? "", location.pathname);
    if (current) link.setAttribute("aria-current", "page");
    else link.removeAttribute("aria-current");
  }
  const last = location.pathname + location.search;
  for (const link of doc.querySelectorAll<HTMLAnchorElement>("a[data-return]")) {
    link.setAttribute("href", `${link.dataset.return}?last=${encodeURIComponent(last)}`);
  }
  // A new ?q= in the address (a search, or leaving the results) shows in the box; otherwise the box
  // keeps what is typed in it.
  const q = new URLSearchParams(location.search).get("q") ?? "";
  if (lastQuery !== null && q !== lastQuery) {
    for (const form of doc.querySelectorAll<HTMLFormElement>("form[data-combobox]")) resetCombobox(form, q);
  }
  lastQuery = q;
  enhanceCarouselsIn(doc);
}
