// "Load more" paging. `?page=N` shows the first N pages, so a reload or a return from an app's
// page lands on the same list (and scroll position). At most MAX_RENDERED_PAGES are rendered at
// once: deeper pages show a window that ends at page N, with a link back to the start.
// `from=K` (used by the in-place "Load more" with JavaScript) asks for pages K..N only.
export const MAX_RENDERED_PAGES = 10;

export type PageWindow = { page: number; fromPage: number; offset: number; limit: number };

export function parsePageParam(raw: string | null): number | null {
  if (raw === null || raw === "") return 1;
  if (!/^\d{1,6}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 ? n : null;
}

/** The window an address asks for; malformed or out-of-range values mean the first page. */
export function pageWindowFromUrl(url: URL, pageSize: number): PageWindow {
  const page = parsePageParam(url.searchParams.get("page")) ?? 1;
  const fromRaw = url.searchParams.get("from");
  const from = fromRaw === null ? null : parsePageParam(fromRaw);
  return pageWindow(page, from, pageSize);
}

export function pageWindow(page: number, from: number | null, pageSize: number): PageWindow {
  const earliest = Math.max(1, page - MAX_RENDERED_PAGES + 1);
  const fromPage = from === null ? earliest : Math.min(page, Math.max(earliest, from));
  return { page, fromPage, offset: (fromPage - 1) * pageSize, limit: (page - fromPage + 1) * pageSize };
}

/** The last page of a list of `total` items; an empty list still has its first page (saying so). */
export const lastPage = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize));

/** Whether an address asks for a page past the last: it answers 404 (docs/decisions/013). */
export const isPastLastPage = (window: PageWindow, total: number, pageSize: number): boolean => window.page > lastPage(total, pageSize);
