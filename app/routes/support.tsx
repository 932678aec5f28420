// /support (spec §2.5): the support page, from the support content entry (not found without one).
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { SupportPage } from "~/features/content/SupportPage";
import { hasContent } from "~/features/content/content-api.server";
import { cacheControl } from "~/lib/cache-policy.server";
import { routeHeaders } from "~/lib/route-headers";
import { getContent } from "~/models/content.server";
import { notFoundWithOverlays } from "~/features/announcement/not-found.server";

export const headers = routeHeaders;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const entry = await getContent(context.env.DB, "support");
  if (!hasContent(entry)) throw await notFoundWithOverlays(request, context);
  return data({ content: entry.body }, { headers: { "Cache-Control": cacheControl("page", context.config) } });
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) =>
  d
    ? [
        { title: `${d.content.title} | App Hub` },
        { name: "description", content: d.content.text.split("\n")[0] ?? "" },
        { tagName: "link", rel: "canonical", href: "/support" },
      ]
    : [{ title: "Page not found | App Hub" }];

export default function Support() {
  return <SupportPage content={useLoaderData<typeof loader>().content} />;
}
