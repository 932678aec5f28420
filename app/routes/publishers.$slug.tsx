// /publishers/{slug} (issue 15): a publisher's page. The work is in app/features/publisher/.
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { PublisherPage } from "~/features/publisher/PublisherPage";
import { publisherPageLoader } from "~/features/publisher/publisher-page.server";
import { routeHeaders } from "~/lib/route-headers";

export const headers = routeHeaders;
export const loader = publisherPageLoader;

export const meta: MetaFunction<typeof loader> = ({ data }) =>
  data
    ? [
        { title: `${data.publisher.name}: publisher | App Hub` },
        { name: "description", content: data.publisher.about ?? `Apps by ${data.publisher.name} in the App Hub.` },
        { tagName: "link", rel: "canonical", href: data.page > 1 ? `${data.canonicalUrl}?page=${data.page}` : data.canonicalUrl },
      ]
    : [{ title: "Page not found | App Hub" }];

export default function PublisherRoute() {
  return <PublisherPage data={useLoaderData<typeof loader>()} />;
}
