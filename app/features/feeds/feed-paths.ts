// Where the Atom feeds live (issue 16), and the <link rel="alternate"> a page that a feed mirrors
// carries, so browsers and feed readers find it. Browser-safe: route meta functions use it.
export const NEW_APPS_FEED = "/feeds/new-apps";
export const categoryFeedPath = (slug: string) => `/feeds/categories/${encodeURIComponent(slug)}`;
export const appFeedPath = (key: string) => `/feeds/apps/${encodeURIComponent(key)}`;

export type FeedLink = { tagName: "link"; rel: "alternate"; type: "application/atom+xml"; title: string; href: string };
export const feedLink = (href: string, title: string): FeedLink => ({ tagName: "link", rel: "alternate", type: "application/atom+xml", title, href });
