// HOME (spec §2.1): rows of apps and ways into the catalogue.
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData, useRouteLoaderData } from "@remix-run/react";
import { HomeView } from "~/features/home/HomeView";
import { loadHomeRows } from "~/features/home/home.server";
import { cacheControl } from "~/lib/cache-policy.server";
import { routeHeaders } from "~/lib/route-headers";
import type { loader as rootLoader } from "~/root";

export const headers = routeHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  let rows;
  try {
    rows = await loadHomeRows(context);
  } catch (error) {
    context.logger.error("Unable to fetch apps", { url: request.url, error: String(error) });
    throw error;
  }
  return data({ rows }, { headers: { "Cache-Control": cacheControl("page", context.config) } });
}

export const meta: MetaFunction = () => [
  { title: "App Hub: apps for meetings, messaging, calling and devices" },
  { name: "description", content: "Find bots, integrations, embedded apps and more that work with your meetings, messaging, calling and devices." },
];

export default function Home() {
  const { rows } = useLoaderData<typeof loader>();
  const root = useRouteLoaderData<typeof rootLoader>("root");
  return <HomeView rows={rows} productName={root?.config.productName ?? ""} products={root?.nav.products ?? []} />;
}
