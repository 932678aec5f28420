// The feeds' loaders (issue 16): new apps (as /brand-new lists them), a category's newest apps (as
// /category/{slug}), and one app's versions with their release notes. Deprecated and removed apps
// are left out as on their pages' lists; hidden app types too (the catalogue service binds them).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { absoluteUrl, appKey, appPath } from "~/lib/app-paths";
import { jsonError } from "~/lib/http.server";
import { renderMarkdown } from "~/lib/markdown.server";
import { DEFAULT_SORT } from "~/lib/sort";
import type { AppSummary } from "~/models/types";
import { atomResponse, FEED_ENTRIES, type AtomEntry } from "./atom.server";
import { appFeedPath, categoryFeedPath, NEW_APPS_FEED } from "./feed-paths";

const notFoundFeed = () => jsonError(404, "No results found");

function appEntries(origin: string, apps: AppSummary[]): AtomEntry[] {
  return apps.map((app) => ({
    id: absoluteUrl(origin, appPath(app)),
    title: app.name,
    updated: app.submittedAt,
    link: absoluteUrl(origin, appPath(app)),
    author: app.companyName,
    summary: app.tagline,
  }));
}

export async function newAppsFeedLoader({ request, context }: LoaderFunctionArgs) {
  const { origin } = new URL(request.url);
  const apps = await context.catalogue.listItems({ sort: DEFAULT_SORT }, { offset: 0, limit: FEED_ENTRIES });
  return atomResponse(
    {
      selfUrl: absoluteUrl(origin, NEW_APPS_FEED),
      pageUrl: absoluteUrl(origin, "/brand-new"),
      title: "App Hub: new apps",
      subtitle: "The newest apps in the App Hub, most recent first.",
      entries: appEntries(origin, apps),
    },
    context.config,
  );
}

export async function categoryFeedLoader({ request, params, context }: LoaderFunctionArgs) {
  const { origin } = new URL(request.url);
  const categories = (await context.catalogue.categoriesBySlug(params.slug ?? "")).filter((c) => c.categoryType !== "appContext");
  const category = categories[0];
  if (!category) return notFoundFeed();
  const apps = await context.catalogue.listItems({ categoryIds: categories.map((c) => c.id), sort: DEFAULT_SORT }, { offset: 0, limit: FEED_ENTRIES });
  return atomResponse(
    {
      selfUrl: absoluteUrl(origin, categoryFeedPath(category.slug)),
      pageUrl: absoluteUrl(origin, `/category/${category.slug}`),
      title: `App Hub: ${category.name}`,
      subtitle: `New apps in ${category.name}, most recent first.`,
      entries: appEntries(origin, apps),
    },
    context.config,
  );
}

export async function appFeedLoader({ request, params, context }: LoaderFunctionArgs) {
  const { origin } = new URL(request.url);
  const app = await context.catalogue.app(params.appId ?? "");
  if (app?.status !== "published") return notFoundFeed();
  const page = absoluteUrl(origin, appPath(app));
  return atomResponse(
    {
      selfUrl: absoluteUrl(origin, appFeedPath(appKey(app))),
      pageUrl: page,
      title: `${app.name}: versions`,
      subtitle: `Releases of ${app.name} by ${app.companyName}.`,
      entries: app.versions.slice(0, FEED_ENTRIES).map((v) => ({
        id: `${page}#version-${encodeURIComponent(v.version)}`,
        title: `${app.name} ${v.version}`,
        updated: v.releasedAt,
        link: `${page}#versions-title`,
        author: app.companyName,
        contentHtml: renderMarkdown(v.notes),
      })),
    },
    context.config,
  );
}
