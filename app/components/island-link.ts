// The attributes of a link (or GET form) inside an Island, the server HTML the browser keeps without
// React (docs/decisions/019). A <Link> would give both:
// - data-link: a plain click is a client-side navigation (Island.tsx, chrome.ts);
// - data-discover: Remix's route discovery finds the target's route when the page loads (its
//   fog-of-war scan reads this attribute), as it does for a rendered <Link>. Without it the route is
//   looked up only on the click, and a click while a fetcher's revalidation is in flight (closing
//   the test-environment bar, say) ended on the new address with the old page's routes: an empty
//   page (a race in Remix's lazy route discovery).
export const ISLAND_LINK = { "data-link": "", "data-discover": "true" } as const;
