// What the site holds, discovered through its own APIs as a crawler would, and the anonymous
// browsers' traffic over it (pages, APIs, logos, beacons; a share with cache-busting junk).
import type { AppSummary, Category } from "../../app/models/types.ts";
import { BEACON, isBlocked, Jar, NAVIGATE, navigate, request, respect, XHR } from "./http.ts";
import { anonymousRequest, bustQuery, categoryPagesOf, chooser, LIST_PATHS, logosOf, type Site, WORDS, withQuery } from "./mix.ts";
import { settings } from "./options.ts";
import { ANALYTICS_KEY } from "./product.ts";
import { pick, random } from "./util.ts";
import { world } from "./world.ts";

export { appPath, type Site, WORDS } from "./mix.ts";

const APP = settings.app;
const mix = chooser(random);

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
  const categoryPages = categoryPagesOf(categories);
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
  // The proxy is for plain-http logos; the seed has a few (on this origin). Else proxy our own.
  const logos = logosOf(apps, APP);
  if (!apps.length || !bots.length || !listPages.length) throw new Error("the catalogue has no apps, bots or list pages: is the app seeded?");
  return { apps, bots, categoryPages, logos, listPages, listPagesWithMore };
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
    let choice = anonymousRequest(site, mix);
    for (let i = 0; i < 8 && isBlocked(choice.kind); i++) choice = anonymousRequest(site, mix);
    if (isBlocked(choice.kind)) {
      await respect(choice.kind, until);
      continue;
    }
    if (!("path" in choice)) {
      await sendBeacon(jar, lastPage);
      continue;
    }
    const bust = mix.chance(settings.bust);
    const kind = bust ? `${choice.kind} +bust` : choice.kind;
    const url = `${APP}${withQuery(choice.path, bust ? bustQuery(mix) : "")}`;
    if (choice.kind === "search") await navigate(kind, url, { headers: choice.headers, jar, limitKey: choice.kind, to: /^\/search$/ });
    else await request(kind, url, { headers: choice.headers, jar, limitKey: choice.kind });
    if (choice.headers === NAVIGATE) lastPage = choice.path;
  }
}

/**
 * The sink's count of analytics events (the app's own summary API), as the least and the most it can
 * be: the summary shows a day's total with a count of 1 to 4 in it as a range ("13–16", or "fewer
 * than 5"; issue 40, second review L3).
 */
export async function analyticsTotal(): Promise<[number, number]> {
  const res = await fetch(`${APP}/api/analytics/summary?days=2`, { headers: XHR });
  if (!res.ok) throw new Error(`/api/analytics/summary answered ${res.status}`);
  const body = (await res.json()) as { counts: Array<{ total: number | string }> };
  const rangeOf = (total: number | string): [number, number] => {
    if (typeof total === "number") return [total, total];
    if (total === "fewer than 5") return [1, 4];
    const [lo, hi] = total.split("–").map(Number);
    return [lo ?? 0, hi ?? lo ?? 0];
  };
  return body.counts.map((day) => rangeOf(day.total)).reduce(([a, b], [lo, hi]) => [a + lo, b + hi], [0, 0]);
}
