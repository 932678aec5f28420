// GET /search?q= (spec §2.1 SEARCH): results for the typed text, with sort and filters in the URL.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { searchHeading, SearchPage } from "~/features/search/SearchPage";
import { loadSearchPage } from "~/features/search/search.server";
import { routeHeaders } from "~/lib/route-headers";

export const headers = routeHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadSearchPage(request, context);
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? searchHeading(data.said || data.q, data.total, data.correctedQuery, data.totalCapped) : "Search apps"} | App Hub` },
  // Result pages are endless variations of the catalogue's own pages: keep them out of indexes.
  { name: "robots", content: "noindex, follow" },
];

export default function SearchRoute() {
  return <SearchPage data={useLoaderData<typeof loader>()} />;
}
