// The insights pages' loaders and their CSV downloads (issues 30 items 3-5 and 28 item 8;
// docs/decisions/038). Hub admins: /admin/insights (the marketplace), /admin/search-insights, and
// any app's or publisher's insights under /admin/insights/…; publisher members: their publisher's and
// their apps' insights under /publisher/{slug}/…, behind requirePublisherMember. Everyone else gets
// the not-found page. Never cached; pages read only the rollups.
import type { AppLoadContext, LoaderFunctionArgs } from "@remix-run/cloudflare";
import { data } from "@remix-run/cloudflare";
import type { ChartData } from "~/components/charts/Chart.server";
import { chartCsvRows } from "~/components/charts/Chart.server";
import { requireHubAdmin } from "~/features/moderation/require-hub-admin.server";
import { requirePublisherMember } from "~/features/publisher-console/members.server";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";
import { notFound } from "~/lib/http.server";
import { appInsights, marketplaceInsights, publisherInsights, searchInsights, type Built, type Section } from "./insights-data.server";
import { appFacts } from "./read.server";
import { INSIGHTS_KEPT } from "./InsightsPage";
import { parseWindow, toCsv, WINDOWS, windowOf, type Window } from "./series";

export const ADMIN_INSIGHTS_PATH = "/admin/insights";
export const ADMIN_SEARCH_INSIGHTS_PATH = "/admin/search-insights";
const enc = encodeURIComponent;
export const adminAppInsightsPath = (appId: string) => `${ADMIN_INSIGHTS_PATH}/apps/${enc(appId)}`;
export const adminPublisherInsightsPath = (slug: string) => `${ADMIN_INSIGHTS_PATH}/publishers/${enc(slug)}`;
export const publisherInsightsPath = (slug: string) => `/publisher/${enc(slug)}/insights`;
export const publisherAppInsightsPath = (slug: string, appId: string) => `/publisher/${enc(slug)}/apps/${enc(appId)}/insights`;

export type InsightsPageData = {
  /** Inside the publisher console's frame, which has the page's h1: the title is an h2 there. */
  nested?: boolean;
  title: string;
  lead: string;
  /** Links up (the marketplace page, the publisher's page). */
  up: { href: string; label: string }[];
  /** Tabs between sibling pages (the marketplace and its searches). */
  tabs: { href: string; label: string; current: boolean }[];
  days: number;
  windows: { days: number; href: string; current: boolean }[];
  range: { from: string; to: string; previousFrom: string; previousTo: string };
  sections: Section[];
};

const windowLinks = (path: string, current: number) => WINDOWS.map((d) => ({ days: d, href: `${path}?days=${d}`, current: d === current }));

function page(path: string, w: Window, built: Built, parts: Pick<InsightsPageData, "title" | "lead" | "up" | "tabs" | "nested">): InsightsPageData {
  return {
    ...parts,
    days: w.days,
    windows: windowLinks(path, w.days),
    range: { from: w.current[0]!, to: w.to, previousFrom: w.from, previousTo: w.previous[w.days - 1]! },
    sections: built.sections,
  };
}

/** The page's data for the answer: a document keeps the sections' HTML for its render only (InsightsPage). */
function answer(context: AppLoadContext, d: InsightsPageData) {
  const kept = context.documentOnly.keep(INSIGHTS_KEPT, d.sections);
  return data(kept ? { ...d, sections: d.sections.map((section) => ({ ...section, html: "" })) } : d, { headers: PRIVATE_HEADERS });
}

const csvHrefFor =
  (base: string, w: Window, extra: Record<string, string> = {}) =>
  (chart: string) =>
    `${base}?${new URLSearchParams({ ...extra, chart, days: String(w.days) })}`;
const windowFrom = (request: Request) => windowOf(parseWindow(new URL(request.url).searchParams.get("days")), new Date());

const ADMIN_TABS = (current: "market" | "search") => [
  { href: ADMIN_INSIGHTS_PATH, label: "Marketplace", current: current === "market" },
  { href: ADMIN_SEARCH_INSIGHTS_PATH, label: "Search", current: current === "search" },
];
const ADMIN_CSV = `${ADMIN_INSIGHTS_PATH}/csv`;

async function appFor(request: Request, context: AppLoadContext, key: string | undefined) {
  const app = key ? await appFacts(context.db, key) : null;
  if (!app) throw await notFound(request, context);
  return app;
}

// ---- Hub admins -------------------------------------------------------------------------------

export async function adminMarketLoader({ request, context }: LoaderFunctionArgs) {
  await requireHubAdmin(request, context);
  const w = windowFrom(request);
  const built = await marketplaceInsights(context.db, w, csvHrefFor(ADMIN_CSV, w, { page: "market" }), (id) => `${adminAppInsightsPath(id)}?days=${w.days}`);
  return answer(
    context,
    page(ADMIN_INSIGHTS_PATH, w, built, {
      title: "Marketplace insights",
      lead: "How people find and add apps across the marketplace, which apps gain and lose, how fast the review queue decides, and whether updates reach followers.",
      up: [],
      tabs: ADMIN_TABS("market"),
    }),
  );
}

export async function adminSearchLoader({ request, context }: LoaderFunctionArgs) {
  await requireHubAdmin(request, context);
  const w = windowFrom(request);
  const built = await searchInsights(context.db, w, csvHrefFor(ADMIN_CSV, w, { page: "search" }));
  return answer(
    context,
    page(ADMIN_SEARCH_INSIGHTS_PATH, w, built, {
      title: "Search insights",
      lead: "What people look for: the top queries, the queries that find nothing, and those whose results nobody opens. Queries are kept normalised (lower case, punctuation removed).",
      up: [],
      tabs: ADMIN_TABS("search"),
    }),
  );
}

export async function adminAppLoader({ request, context, params }: LoaderFunctionArgs) {
  await requireHubAdmin(request, context);
  const app = await appFor(request, context, params.appId);
  const w = windowFrom(request);
  const built = await appInsights(context.db, app, w, csvHrefFor(ADMIN_CSV, w, { page: "app", id: app.id }));
  return answer(
    context,
    page(adminAppInsightsPath(app.id), w, built, {
      title: `${app.name}: insights`,
      lead: "Page views, the steps from viewing to adding, follows, ratings and the searches that led here.",
      up: [
        { href: ADMIN_INSIGHTS_PATH, label: "Marketplace insights" },
        ...(app.publisherSlug ? [{ href: adminPublisherInsightsPath(app.publisherSlug), label: "The publisher's insights" }] : []),
      ],
      tabs: [],
    }),
  );
}

export async function adminPublisherLoader({ request, context, params }: LoaderFunctionArgs) {
  await requireHubAdmin(request, context);
  const publisher = params.slug ? await context.catalogue.publisher(params.slug) : null;
  if (!publisher) throw await notFound(request, context);
  const w = windowFrom(request);
  const built = await publisherInsights(
    context.db,
    publisher.slug,
    w,
    csvHrefFor(ADMIN_CSV, w, { page: "publisher", id: publisher.slug }),
    (id) => `${adminAppInsightsPath(id)}?days=${w.days}`,
  );
  return answer(
    context,
    page(adminPublisherInsightsPath(publisher.slug), w, built, {
      title: `${publisher.name}: insights`,
      lead: "All of the publisher's apps together, and each app in this window.",
      up: [{ href: ADMIN_INSIGHTS_PATH, label: "Marketplace insights" }],
      tabs: [],
    }),
  );
}

/** The chart `chart` of the built page as a CSV download (404 for a chart the page does not have). */
async function csvOf(request: Request, context: AppLoadContext, built: Built, name: string): Promise<Response> {
  const chartId = new URL(request.url).searchParams.get("chart") ?? "";
  const chart: ChartData | undefined = built.charts.find((c) => c.id === chartId);
  if (!chart) throw await notFound(request, context);
  return new Response(toCsv(chartCsvRows(chart)), {
    headers: {
      ...PRIVATE_HEADERS,
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${`${name}-${chart.id}`.replace(/[^A-Za-z0-9._-]+/g, "-")}.csv"`,
    },
  });
}

/**
 * A CSV route is a resource route: the not-found page's data (what the page checks throw) is no
 * answer there, so a refusal becomes a plain 404 (a redirect to log in stays a redirect).
 */
async function plainRefusals(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (thrown) {
    if (thrown instanceof Response) throw thrown;
    const status = (thrown as { init?: { status?: number } } | null)?.init?.status;
    if (status && status >= 400) return new Response("Not found", { status, headers: { ...PRIVATE_HEADERS, "Content-Type": "text/plain; charset=utf-8" } });
    throw thrown;
  }
}

/** GET /admin/insights/csv?page=market|search|app|publisher&id=&chart=&days= */
export const adminCsvLoader = (args: LoaderFunctionArgs) => plainRefusals(() => adminCsv(args));

async function adminCsv({ request, context }: LoaderFunctionArgs) {
  await requireHubAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const w = windowFrom(request);
  const id = params.get("id") ?? "";
  const csv = () => "";
  switch (params.get("page")) {
    case "market":
      return csvOf(request, context, await marketplaceInsights(context.db, w, csv, adminAppInsightsPath), `marketplace-${w.days}d`);
    case "search":
      return csvOf(request, context, await searchInsights(context.db, w, csv), `search-${w.days}d`);
    case "app": {
      const app = await appFor(request, context, id);
      return csvOf(request, context, await appInsights(context.db, app, w, csv), `${app.id}-${w.days}d`);
    }
    case "publisher": {
      const publisher = id ? await context.catalogue.publisher(id) : null;
      if (!publisher) throw await notFound(request, context);
      return csvOf(request, context, await publisherInsights(context.db, publisher.slug, w, csv, adminAppInsightsPath), `${publisher.slug}-${w.days}d`);
    }
    default:
      throw await notFound(request, context);
  }
}

// ---- Publisher members ------------------------------------------------------------------------

export async function publisherLoader({ request, context, params }: LoaderFunctionArgs) {
  const { publisher } = await requirePublisherMember(request, context, params.slug);
  const w = windowFrom(request);
  const path = publisherInsightsPath(publisher.slug);
  const built = await publisherInsights(
    context.db,
    publisher.slug,
    w,
    csvHrefFor(`${path}/csv`, w),
    (appId) => `${publisherAppInsightsPath(publisher.slug, appId)}?days=${w.days}`,
  );
  return answer(
    context,
    page(path, w, built, {
      nested: true,
      title: "Insights: all your apps",
      lead: "How people find, add and follow your apps: all of them together, and each app in this window.",
      up: [],
      tabs: [],
    }),
  );
}

/** A member's app: one of their publisher's, else not found (another publisher's app is not theirs to see). */
async function memberApp(request: Request, context: AppLoadContext, slug: string, key: string | undefined) {
  const app = await appFor(request, context, key);
  if (app.publisherSlug !== slug) throw await notFound(request, context);
  return app;
}

export async function publisherAppLoader({ request, context, params }: LoaderFunctionArgs) {
  const { publisher } = await requirePublisherMember(request, context, params.slug);
  const app = await memberApp(request, context, publisher.slug, params.appId);
  const w = windowFrom(request);
  const path = publisherAppInsightsPath(publisher.slug, app.id);
  const built = await appInsights(context.db, app, w, csvHrefFor(`${publisherInsightsPath(publisher.slug)}/csv`, w, { app: app.id }));
  return answer(
    context,
    page(path, w, built, {
      nested: true,
      title: `Insights: ${app.name}`,
      lead: "Page views, the steps from viewing to adding, follows, ratings and the searches that led here.",
      up: [{ href: `${publisherInsightsPath(publisher.slug)}?days=${w.days}`, label: "All your apps' insights" }],
      tabs: [],
    }),
  );
}

/** GET /publisher/{slug}/insights/csv?chart=&days=[&app=] */
export const publisherCsvLoader = (args: LoaderFunctionArgs) => plainRefusals(() => publisherCsv(args));

async function publisherCsv({ request, context, params }: LoaderFunctionArgs) {
  const { publisher } = await requirePublisherMember(request, context, params.slug);
  const w = windowFrom(request);
  const appKey = new URL(request.url).searchParams.get("app");
  const csv = () => "";
  if (appKey) {
    const app = await memberApp(request, context, publisher.slug, appKey);
    return csvOf(request, context, await appInsights(context.db, app, w, csv), `${app.id}-${w.days}d`);
  }
  return csvOf(request, context, await publisherInsights(context.db, publisher.slug, w, csv, (id) => id), `${publisher.slug}-${w.days}d`);
}
