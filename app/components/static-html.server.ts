// Server-rendered HTML of the page's static parts (the Islands' content: side nav, the phone menu's
// link groups, the footer, a list page's cards), rendered once and kept in the isolate's memory (docs/decisions/019).
// Keyed by an owner object whose identity changes when the data does (the side nav, built once per
// catalogue version: app/lib/side-nav.ts) plus what else the markup depends on (the path, for the
// current link), so nothing is computed per request that the catalogue version already fixes.
// What is rendered here must not read the router's context (no router hooks, no <Link>): it gets its
// inputs as props, and shared components render plain markup inside <StaticMarkup> (./static-markup.tsx).
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";

/** Enough for every list path of a catalogue; a bigger set starts over. */
const MAX_PER_OWNER = 1_000;

const cache = new WeakMap<object, Map<string, string>>();

export function cachedMarkup(owner: object, key: string, render: () => ReactElement): string {
  let byKey = cache.get(owner);
  if (!byKey) {
    byKey = new Map();
    cache.set(owner, byKey);
  }
  let html = byKey.get(key);
  if (html === undefined) {
    html = renderToStaticMarkup(render());
    if (byKey.size >= MAX_PER_OWNER) byKey.clear();
    byKey.set(key, html);
  }
  return html;
}
