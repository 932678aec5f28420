// GET /api/fetch-home-apps (spec §7): { webexSolutionsApps, recentApps, homeEntry } from the home
// content entry; homeEntry's sliders carry their resolved apps as `items`.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { contentJson, noContent, serialiseEntry } from "~/features/content/content-api.server";
import { isEmptyContent } from "~/models/content";

export async function loader({ context }: LoaderFunctionArgs) {
  const home = await context.catalogue.home();
  if (!home || isEmptyContent("home", home.homeEntry.body)) return noContent(context);
  return contentJson(context, {
    webexSolutionsApps: home.webexSolutionsApps,
    recentApps: home.recentApps,
    homeEntry: { ...serialiseEntry(home.homeEntry), sliders: home.sliders },
  });
}
