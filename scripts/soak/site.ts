// What the site holds, discovered through its own APIs as a crawler would, and the anonymous
// browsers' traffic over it (pages, APIs, logos, beacons; a share with cache-busting junk).
import type { AppSummary, Category } from "../../app/models/types.ts";
import { BEACON, isBlocked, Jar, NAVIGATE, navigate, request, respect, XHR } from "./http.ts";
import { settings } from "./options.ts";
import { ANALYTICS_KEY } from "./product.ts";
import { chance, junk, pick, random, weighted } from "./util.ts";
import { world } from "./world.ts";

const APP = settings.app;
const LIST_PATHS = [
  "meetings",
  "messaging",
  "calling",
  "contact-center",
  "devices",
  "getting-started",
  "must-try",
  "brand-new",
  "partner-solutions",
  "hybrid-work",
  "embedded-apps",
  "integrations",
  "bots",
  "skills",
  "service-apps",
  "coming-soon",
];
const PRODUCT_PATHS: Record<string, string> = { meetings: "meetings", teams: "messaging", calling: "calling", contact_center: "contact-center", rooms: "devices" };
const CONTENT_APIS = [
  "/api/content/home",
  "/api/content/announcement",
  "/api/content/app-hub-modal",
  "/api/content/coming-soon",
  "/api/content/getting-started-collection",
  "/api/content/contact-center-collection",
  "/api/content/hybrid-collection",
  "/api/content/must-try-collection",
  "/api/content/security-integrations",
  "/api/content/support",
  "/api/fetch-all-categories",
  "/api/fetch-home-apps",
  "/api/fetch-featured-apps",
  "/api/fetch-must-try-collection",
];
export const WORDS = [
  "poll",
  "calendar",
  "notes",
  "crm",
  "whiteboard",
  "zurich",
  "survey",
  "meeting",
  "bot",
  "analytics",
  "sales",
  "ticket",
  "translate",
  "record",
  "agenda",
  "quiz",
  "health",
  "sync",
  "deploy",
  "chat",
];
const ODD_QUERIES = ['"unclosed', "a AND OR", "ü ñ 日本", "-", "*", "NEAR(x y)", "<script>", "%27%22", "😀 bot", "a".repeat(120)];
const SEARCH_SORTS = ["relevance", "newest", "a-z", "z-a"];
const SEARCH_TYPES = ["", "bot", "integration", "embeddedApp", "serviceApp", "skill"];

export type Site = { apps: AppSummary[]; bots: AppSummary[]; categoryPages: string[]; logos: string[]; listPages: string[]; listPagesWithMore: string[] };

export async function discover(): Promise<Site> {
  const apps: AppSummary[] = [];
  for (let offset = 0; offset < 5000; offset += 100) {
    const res = await request("setup:discover", `${APP}/api/search?max=100&offset=${offset}`, { headers: XHR });
    if (!res.ok) throw new Error(`/api/search answered ${res.status}`);
    // The public API's page of apps (app/routes/api.search.ts; its schema is the OpenAPI document's).
    const { items, total } = res.json() as { items: AppSummary[]; total: number };
    apps.push(...items);
    if (apps.length >= total || items.length === 0) break;
  }
  const categoriesRes = await request("setup:discover", `${APP}/api/fetch-all-categories`, { headers: XHR });
  if (!categoriesRes.ok) throw new Error(`/api/fetch-all-categories answered ${categoriesRes.status}`);
  const categories = categoriesRes.json() as Category[];
  const categoryPages = [
    ...new Set(
      categories.flatMap((c) => {
        const product = PRODUCT_PATHS[c.categoryType];
        return [...(c.categoryType === "appContext" ? [] : [`/category/${c.slug}`]), ...(product ? [`/${product}/${c.slug}`] : [])];
      }),
    ),
  ];
  // The list pages that answer here, and those with a second page (a page past the last may be a 404).
  const listPages: string[] = [];
  const listPagesWithMore: string[] = [];
  for (const list of LIST_PATHS) {
    const res = await request("setup:discover", `${APP}/${list}`, { headers: NAVIGATE, expect: [200, 404] });
    if (res.status !== 200) continue;
    listPages.push(list);
    if (res.text().includes(`href="/${list}?page=2`)) listPagesWithMore.push(list);
  }
  const webhookApps = new Set(["incoming-webhooks", "outgoing-webhooks"]);
  const bots = apps.filter((a) => a.type === "bot" && a.status === "published" && !webhookApps.has(a.friendlyId ?? ""));
  const logoOf = (a: AppSummary): string | null => (typeof a.logo === "string" ? a.logo : null);
  const httpLogos = apps.map(logoOf).filter((l): l is string => l !== null && /^http:\/\//.test(l));
  // The proxy is for plain-http logos; the seed has a few (on this origin). Else proxy our own.
  const logos = (
    httpLogos.length
      ? httpLogos
      : apps
          .map(logoOf)
          .filter((l): l is string => l?.startsWith("/") ?? false)
          .map((l) => `${APP}${l}`)
  ).slice(0, 6);
  if (!apps.length || !bots.length || !listPages.length) throw new Error("the catalogue has no apps, bots or list pages: is the app seeded?");
  return { apps, bots, categoryPages, logos, listPages, listPagesWithMore };
}

export const appPath = (app: AppSummary) => `/applications/${encodeURIComponent(app.friendlyId ?? app.id)}`;

/** Junk that makes a new cache key (and the tracking parameters people paste). */
function bustQuery(): string {
  return pick([
    () => `_=${junk()}`,
    () => `x${junk()}=${junk()}`,
    () => `utm_source=soak&utm_campaign=${junk()}`,
    () => `fbclid=${junk()}${junk()}`,
    () => `ref=${junk()}&v=${Math.floor(random() * 1000)}`,
  ])();
}
const withQuery = (url: string, q: string) => (q ? `${url}${url.includes("?") ? "&" : "?"}${q}` : url);

type Choice = { kind: string; path: string; headers: Record<string, string> } | { kind: "analytics" };

function anonymousRequest(site: Site): Choice {
  const app = pick(site.apps);
  const word = pick(WORDS);
  const query = chance(0.1) ? pick(ODD_QUERIES) : chance(0.3) ? `${word} ${pick(WORDS)}` : word;
  const page =
    (kind: string, path: string, headers = NAVIGATE) =>
    () => ({ kind, path, headers });
  return weighted<() => Choice>([
    [page("home", "/"), 8],
    [page("list", `/${pick(site.listPages)}${chance(0.3) ? `?sort=${pick(["newest", "a-z", "z-a"])}` : ""}`), 11],
    [page("list", `/${site.listPagesWithMore.length ? pick(site.listPagesWithMore) : ""}?page=2`), site.listPagesWithMore.length ? 3 : 0],
    [page("category", site.categoryPages.length ? pick(site.categoryPages) : "/"), site.categoryPages.length ? 10 : 0],
    [page("detail", appPath(app)), 14],
    [page("search", `/search?q=${encodeURIComponent(query)}${chance(0.3) ? `&sort=${pick(SEARCH_SORTS)}&type=${pick(SEARCH_TYPES)}` : ""}`), 10],
    [
      page(
        "api:search",
        `/api/search?searchQuery=${encodeURIComponent(query)}&max=${pick([8, 32])}${chance(0.3) ? `&sortBy=${pick(["alphabetical", "relevance", "date"])}` : ""}`,
        XHR,
      ),
      10,
    ],
    [page("api:suggest", `/api/suggest?q=${encodeURIComponent(word.slice(0, 1 + Math.floor(random() * word.length)))}`, XHR), 12],
    [page("api:content", pick(CONTENT_APIS), XHR), 8],
    [
      page("getImage", `/getImage?imageUrl=${encodeURIComponent(pick(site.logos))}`, {
        ...XHR,
        Accept: "image/avif,image/webp,image/svg+xml,image/*,*/*;q=0.8",
        "Sec-Fetch-Dest": "image",
        "Sec-Fetch-Mode": "no-cors",
      }),
      site.logos.length ? 4 : 0,
    ],
    [() => ({ kind: "analytics" as const }), 10],
  ])();
}

async function sendBeacon(jar: Jar, page: string) {
  const names = ["AppHub_pageView", "AppHub_query", "AppHub_appView", "AppHub_externalLinkClick", "AppHub_modalView", "AppHub_bannerClick"];
  const events = Array.from({ length: 1 + Math.floor(random() * 3) }, () => {
    const name = pick(names);
    return { name, props: { path: page, ...(name === "AppHub_query" ? { query: pick(WORDS) } : {}), utm_source: "soak" } };
  });
  // navigator.sendBeacon(endpoint, new Blob([json], {type: "application/json"})): a same-origin
  // POST with the page's cookies, Origin and Referer, no custom headers.
  const res = await request("analytics", `${APP}/api/analytics`, {
    method: "POST",
    headers: { ...BEACON, Referer: `${APP}${page}` },
    body: JSON.stringify({ key: ANALYTICS_KEY || undefined, events }),
    jar,
    expect: [204],
  });
  if (res.status === 204) {
    world.beacons.accepted++;
    world.beacons.acceptedEvents += events.length;
  } else world.beacons.refused++;
}

export async function anonymousLoop(site: Site, until: number) {
  const jar = new Jar();
  jar.cookies.set("performance_consent", "true"); // this visitor agreed to analytics
  let lastPage = "/";
  while (Date.now() < until) {
    let choice = anonymousRequest(site);
    for (let i = 0; i < 8 && isBlocked(choice.kind); i++) choice = anonymousRequest(site);
    if (isBlocked(choice.kind)) {
      await respect(choice.kind, until);
      continue;
    }
    if (!("path" in choice)) {
      await sendBeacon(jar, lastPage);
      continue;
    }
    const bust = chance(settings.bust);
    const kind = bust ? `${choice.kind} +bust` : choice.kind;
    const url = `${APP}${withQuery(choice.path, bust ? bustQuery() : "")}`;
    if (choice.kind === "search") await navigate(kind, url, { headers: choice.headers, jar, limitKey: choice.kind, to: /^\/search$/ });
    else await request(kind, url, { headers: choice.headers, jar, limitKey: choice.kind });
    if (choice.headers === NAVIGATE) lastPage = choice.path;
  }
}

/** The sink's count of analytics events (the app's own summary API). */
export async function analyticsTotal(): Promise<number> {
  const res = await fetch(`${APP}/api/analytics/summary?days=2`, { headers: XHR });
  if (!res.ok) throw new Error(`/api/analytics/summary answered ${res.status}`);
  const body = (await res.json()) as { counts: Array<{ total: number }> };
  return body.counts.reduce((sum, day) => sum + day.total, 0);
}
