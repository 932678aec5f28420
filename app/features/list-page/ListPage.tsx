// A list page: title, sort, category chips (product pages) and the list of apps
// (./ListPageContent.tsx). Server-rendered HTML the browser keeps (an Island, docs/decisions/019): the
// cards and the header hold no React state, so their code is not in the first-load JavaScript.
// - The sort submits on change (app/components/chrome.ts), a client-side navigation (Island).
// - "Load more" in the server's HTML: ./load-more.ts, loaded on the first click, fetches the next
//   page and appends its cards in place, as ./AppList.tsx does with React.
// - Another list (a new address: sort, chips, back from an app) renders ./ListPageContent.tsx
//   itself: its code is fetched after the page has shown, so coming back renders at once and the
//   scroll position is restored.
import { useLocation } from "@remix-run/react";
import { useEffect, type MouseEvent } from "react";
import { Island } from "~/components/Island";
import { lazyHydrated } from "~/components/lazy-hydrated";
import type { ListPageData } from "./list-page.server";
import { useListPageHtml } from "./ListPageContent.server";
import { page as pageClass } from "./ListPage.css";
import { plainClickedLink } from "~/components/plain-click";

// Loaded for a client-side render of the list only, LoadItems included (./ListPageContent.tsx).
const LazyListPageContent = lazyHydrated(() => import("./ListPageContent").then((m) => m.ListPageContentOrReload));

/** "Load more" in the server's HTML (React's own link in ./AppList.tsx handles its clicks first). */
function loadMore(event: MouseEvent<HTMLElement>) {
  const link = plainClickedLink(event, "a[data-load-more]");
  if (!link) return;
  event.preventDefault();
  void import("./load-more").then((m) => m.loadMore(link));
}

export function ListPage({ data }: { data: ListPageData }) {
  // A new address is a new list: the server's HTML was for the first one only.
  const location = useLocation();
  // A `.server` module's hook, so the browser (where that module is empty) never calls it.
  // biome-ignore lint/correctness/useHookAtTopLevel: `typeof document` never changes within one environment: the server calls this on every render, the browser on none
  const html = typeof document === "undefined" ? useListPageHtml(data, location) : undefined;
  useEffect(() => LazyListPageContent.preload(), []);
  return (
    <Island
      key={location.key}
      id="list-page"
      as="section"
      className={pageClass}
      attributes={{ "aria-labelledby": "list-title" }}
      onClick={loadMore}
      html={html}
      fallback={<LazyListPageContent data={data} />}
    />
  );
}
