// The app detail page's title, description, canonical link and schema.org record (built by the
// loader), shared by the detail route and the webhook apps' routes.
import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import type { appDetailLoader } from "./app-detail.server";

type DetailLoader = (args: LoaderFunctionArgs) => ReturnType<typeof appDetailLoader>;

export const appDetailMeta: MetaFunction<DetailLoader> = ({ data }) => {
  if (!data) return [{ title: "Page not found | App Hub" }];
  const { app } = data.page;
  return [
    { title: `${app.name} by ${app.companyName} | App Hub` },
    { name: "description", content: app.tagline },
    { property: "og:title", content: app.name },
    { property: "og:description", content: app.tagline },
    { tagName: "link", rel: "canonical", href: data.canonicalUrl },
    // Its versions as an Atom feed (issue 16), as the loader built the link.
    ...(data.feed ? [data.feed] : []),
    // Built by the loader, so its code stays on the server.
    { "script:ld+json": data.structuredData },
  ];
};
