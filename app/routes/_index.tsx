// HOME (spec §2.1): loads the home apps (featured slide apps and slider categories, spec §2.5) and
// the optional announcement banner and CMS modals (§4). Search suggestions belong to one page view
// in the header's search box, so there is nothing to clear on the server.
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { loadOverlays } from "~/features/announcement/overlays.server";
import { HomeView } from "~/features/home/HomeView";
import { loadHomeApps } from "~/features/home/home.server";
import { cacheControl } from "~/lib/cache-policy.server";
import { routeHeaders } from "~/lib/route-headers";
import type { loader as rootLoader } from "~/root";

export const headers = routeHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  let home;
  let overlays;
  try {
    [home, overlays] = await Promise.all([loadHomeApps(context), loadOverlays(request, context)]);
  } catch (error) {
    context.logger.error("Unable to fetch apps", { url: request.url, error: String(error) });
    throw error;
  }
  // The page varies by the banner and modal cookies; the edge cache keys on them (workers/edge-cache.ts).
  return data({ ...home, overlays }, { headers: { "Cache-Control": cacheControl("page", context.config) } });
}

export const meta: MetaFunction = () => [
  { title: "App Hub: apps for meetings, messaging, calling and devices" },
  { name: "description", content: "Find bots, integrations, embedded apps and more that work with your meetings, messaging, calling and devices." },
  // The new apps' Atom feed (issue 16; app/features/feeds).
  { tagName: "link", rel: "alternate", type: "application/atom+xml", title: "New apps in the App Hub", href: "/feeds/new-apps" },
];

export default function Home() {
  const { featured, rows, overlays } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return <HomeView featured={featured} rows={rows} overlays={overlays} productName={root?.config.productName ?? ""} products={root?.nav.products ?? []} />;
}
