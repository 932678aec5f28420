// The soak's anonymous browsers' mix (home, lists, categories, details, search, the APIs, logos,
// beacons; a share with cache-busting junk): one definition, used by the soak (./site.ts) and by
// the bench's replay of it (bench/scenarios/soak-mix.ts). No settings and no side effects here: the
// soak's command line is ./options.ts, which only the soak loads.
import type { AppSummary, Category } from "../../app/models/types.ts";

/** The seeded choices a mix makes (the soak's --seed, the bench's --mix-seed). */
export type Chooser = {
  random: () => number;
  pick: <T>(list: readonly T[]) => T;
  chance: (p: number) => boolean;
  junk: () => string;
  weighted: <T>(entries: ReadonlyArray<readonly [T, number]>) => T;
};

export function chooser(random: () => number): Chooser {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  return {
    random,
    pick,
    chance: (p) => random() < p,
    junk: () => Math.floor(random() * 36 ** 6).toString(36),
    weighted: <T>(entries: ReadonlyArray<readonly [T, number]>): T => {
      const total = entries.reduce((sum, [, w]) => sum + w, 0);
      let r = random() * total;
      for (const [value, w] of entries) {
        r -= w;
        if (r < 0) return value;
      }
      return (entries[entries.length - 1] as readonly [T, number])[0];
    },
  };
}

const UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
export const NAVIGATE: Record<string, string> = {
  Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "User-Agent": UA,
  "Sec-Fetch-Dest": "document",
  "Sec-Fetch-Mode": "navigate",
  "Sec-Fetch-Site": "same-origin",
};
export const XHR: Record<string, string> = { Accept: "application/json", "User-Agent": UA, "Sec-Fetch-Dest": "empty", "Sec-Fetch-Mode": "cors", "Sec-Fetch-Site": "same-origin" };
export const USER_AGENT = UA;

export const LIST_PATHS = [
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
export const PRODUCT_PATHS: Record<string, string> = { meetings: "meetings", teams: "messaging", calling: "calling", contact_center: "contact-center", rooms: "devices" };
export const CONTENT_APIS = [
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
export const ODD_QUERIES = ['"unclosed', "a AND OR", "ü ñ 日本", "-", "*", "NEAR(x y)", "<script>", "%27%22", "😀 bot", "a".repeat(120)];
export const SEARCH_SORTS = ["relevance", "newest", "a-z", "z-a"];
export const SEARCH_TYPES = ["", "bot", "integration", "embeddedApp", "serviceApp", "skill"];

export type Site = { apps: AppSummary[]; bots: AppSummary[]; categoryPages: string[]; logos: string[]; listPages: string[]; listPagesWithMore: string[] };

/** The category pages of a catalogue's categories (by category, and under its product). */
export function categoryPagesOf(categories: readonly Category[]): string[] {
  return [
    ...new Set(
      categories.flatMap((c) => {
        const product = PRODUCT_PATHS[c.categoryType];
        return [...(c.categoryType === "appContext" ? [] : [`/category/${c.slug}`]), ...(product ? [`/${product}/${c.slug}`] : [])];
      }),
    ),
  ];
}

/** Up to six logos for /getImage: the seed's plain-http ones, else our own (as absolute URLs on `origin`). */
export function logosOf(apps: readonly AppSummary[], origin: string): string[] {
  const logoOf = (a: AppSummary): string | null => (typeof a.logo === "string" ? a.logo : null);
  const httpLogos = apps.map(logoOf).filter((l): l is string => l !== null && /^http:\/\//.test(l));
  return (
    httpLogos.length
      ? httpLogos
      : apps
          .map(logoOf)
          .filter((l): l is string => l?.startsWith("/") ?? false)
          .map((l) => `${origin}${l}`)
  ).slice(0, 6);
}

export const appPath = (app: AppSummary) => `/applications/${encodeURIComponent(app.friendlyId ?? app.id)}`;

/** Junk that makes a new cache key (and the tracking parameters people paste). */
export function bustQuery({ pick, junk, random }: Chooser): string {
  return pick([
    () => `_=${junk()}`,
    () => `x${junk()}=${junk()}`,
    () => `utm_source=soak&utm_campaign=${junk()}`,
    () => `fbclid=${junk()}${junk()}`,
    () => `ref=${junk()}&v=${Math.floor(random() * 1000)}`,
  ])();
}
export const withQuery = (url: string, q: string) => (q ? `${url}${url.includes("?") ? "&" : "?"}${q}` : url);

export type Choice = { kind: string; path: string; headers: Record<string, string> } | { kind: "analytics" };

export function anonymousRequest(site: Site, { pick, chance, random, weighted }: Chooser): Choice {
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
