// A plain click (main button, no modifier key, not yet handled) on a link the page enhances: the
// Island's client-side links, the video facade, "Load more". Any other click (a new tab, a download)
// stays the browser's own.
type ClickLike = Pick<MouseEvent, "defaultPrevented" | "button" | "metaKey" | "altKey" | "ctrlKey" | "shiftKey" | "target">;

/** The link matching `selector` that a plain click hit, else null. */
export function plainClickedLink(event: ClickLike, selector: string): HTMLAnchorElement | null {
  if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return null;
  const link = (event.target as Element | null)?.closest?.(selector);
  return link instanceof HTMLAnchorElement ? link : null;
}
