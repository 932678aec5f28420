// Title, description and canonical link of a list page.
import type { MetaDescriptor } from "@remix-run/cloudflare";
import type { ListPageData } from "./list-page.server";

export function listPageMeta({ data }: { data: ListPageData | undefined }): MetaDescriptor[] {
  if (!data) return [{ title: "Page not found | App Hub" }];
  return [
    { title: `${data.title} | App Hub` },
    { name: "description", content: data.description },
    { tagName: "link", rel: "canonical", href: data.canonicalUrl },
    // The Atom feed the list mirrors, when it has one (the loader says: the browser's code stays small).
    ...(data.feed ? [data.feed] : []),
  ];
}
