// "Load more" in a list page's server-rendered HTML (an Island, ./ListPage.tsx), where React does not
// run ./AppList.tsx: loaded on the first click. As AppList does, it fetches only the next page
// (?page=N&from=N, the page the server renders for it), appends its cards in place, updates the
// count (a live region), keeps the address in step (?page=N, so a reload or "back" shows the same
// cards) and moves the focus to the first new card. If the fetch fails, the link is followed as it
// is without JavaScript.
import { countText, withParams } from "./list-address";

export async function loadMore(link: HTMLAnchorElement): Promise<void> {
  const island = link.closest<HTMLElement>("section[id]");
  const grid = island?.querySelector<HTMLLIElement>("li[id^='item-']")?.parentElement;
  if (!island || !grid || link.getAttribute("aria-disabled") === "true") return;
  const target = new URL(link.href, window.location.href);
  const page = target.searchParams.get("page") ?? "2";
  const url = `${target.pathname}${withParams(target.search, { page, from: page })}`;
  link.setAttribute("aria-disabled", "true");
  link.textContent = "Loading…";

  let next: Document;
  try {
    const response = await fetch(url, { headers: { Accept: "text/html" } });
    if (!response.ok) throw new Error(`${response.status}`);
    next = new DOMParser().parseFromString(await response.text(), "text/html");
  } catch {
    window.location.assign(link.href);
    return;
  }
  const nextIsland = next.getElementById(island.id);
  const items = nextIsland?.querySelectorAll<HTMLLIElement>("li[id^='item-']") ?? [];
  if (!nextIsland || items.length === 0) {
    window.location.assign(link.href);
    return;
  }
  const first = items[0]?.id;
  for (const item of items) grid.appendChild(document.importNode(item, true));

  const count = island.querySelector<HTMLElement>("[data-list-count]");
  const [startText, totalText, capped] = (count?.dataset.listCount ?? "").split(" ");
  const last = Number(items[items.length - 1]?.id.replace("item-", ""));
  if (count) count.textContent = countText(Number(startText ?? 1), last, Number(totalText ?? 0), capped === "capped");

  const more = link.closest<HTMLElement>("[data-list-more]");
  const nextMore = nextIsland.querySelector<HTMLElement>("[data-list-more]");
  if (nextMore) more?.replaceWith(document.importNode(nextMore, true));
  else more?.remove();

  window.history.replaceState(window.history.state, "", window.location.pathname + withParams(window.location.search, { page, from: null }));
  if (first) document.querySelector<HTMLElement>(`#${first} a`)?.focus();
}
