// /casb-dlp-providers (spec §2.1 CASB_INTEGRATIONS): normal layout without the header search box;
// the security-integrations entry and its provider items. An empty entry is not found.
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import type { RouteHandle } from "~/root";
import { SecurityProviders } from "~/features/content/SecurityProviders";
import { hasContent } from "~/features/content/content-api.server";
import { cacheControl } from "~/lib/cache-policy.server";
import { routeHeaders } from "~/lib/route-headers";
import { notFound } from "~/lib/http.server";

export const handle: RouteHandle = { hideSearch: true };
export const headers = routeHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const entry = await context.catalogue.content("security-integrations");
  if (!hasContent(entry)) throw await notFound(request, context);
  return data({ content: entry.body }, { headers: { "Cache-Control": cacheControl("page", context.config) } });
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) =>
  d
    ? [{ title: `${d.content.title} | App Hub` }, { name: "description", content: d.content.description }, { tagName: "link", rel: "canonical", href: "/casb-dlp-providers" }]
    : [{ title: "Page not found | App Hub" }];

export default function CasbDlpProviders() {
  return <SecurityProviders content={useLoaderData<typeof loader>().content} />;
}
