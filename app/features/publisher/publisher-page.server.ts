// /publishers/{slug} (issue 15): who makes these apps, whether the hub verified their domain, their
// links and facts, and their apps (deprecated ones too, marked, since the publisher made them), a
// page of 32 at a time with plain links, so it works without JavaScript. Public and cached as the
// other catalogue pages are.
import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { cacheControl } from "~/lib/cache-policy.server";
import { notFound } from "~/lib/http.server";
import { isPastLastPage, pageWindowFromUrl } from "~/lib/pagination";
import { DEFAULT_SORT } from "~/lib/sort";

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export async function publisherPageLoader({ request, params, context }: LoaderFunctionArgs) {
  const slug = params.slug ?? "";
  const publisher = SLUG.test(slug) && slug.length <= 120 ? await context.catalogue.publisher(slug) : null;
  if (!publisher) throw await notFound(request, context);
  const url = new URL(request.url);
  const pageSize = context.config.appsPaginationLimit;
  const window = pageWindowFromUrl(url, pageSize);
  const query = { publisherSlug: slug, includeDeprecated: true, sort: DEFAULT_SORT };
  // One page, not the cumulative window list pages use: the links page forward and back.
  const offset = (window.page - 1) * pageSize;
  const result = await context.catalogue.list(query, { offset, limit: pageSize });
  if (window.page > 1 && isPastLastPage(window, result.total, pageSize)) throw await notFound(request, context);
  return data(
    {
      publisher,
      items: result.items,
      total: result.total,
      page: window.page,
      pageSize,
      canonicalUrl: new URL(`/publishers/${slug}`, url.origin).href,
    },
    { headers: { "Cache-Control": cacheControl("page", context.config) } },
  );
}

export type PublisherPageData = Awaited<ReturnType<typeof publisherPageLoader>>["data"];
