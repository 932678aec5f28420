// /sitemap.xml: every list route, category page and published app page (cached a day, spec §9).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { absoluteUrl, appPath } from "~/lib/app-paths";
import { cacheControl } from "~/lib/cache-policy.server";
import { sideNavCategories } from "~/lib/side-nav";
import { LIST_ROUTES } from "~/models/list-routes";
import { escapeXml } from "~/lib/xml";

/** The sitemap protocol's limit for one file. */
const MAX_URLS = 50_000;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
  const [categories, apps] = await Promise.all([context.catalogue.categories(), context.catalogue.appUrls()]);
  // Content pages (their entries may be empty; CASB then answers 404, which crawlers handle), and
  // the API reference.
  const paths = ["/", "/support", "/casb-dlp-providers", "/developers/api"];
  for (const route of Object.values(LIST_ROUTES)) {
    if (route.requires && !context.config[route.requires]) continue;
    paths.push(`/${route.path}`);
    const productType = route.query.productType;
    if (route.acceptsCategory && productType) {
      for (const c of categories) if (c.categoryType === productType) paths.push(`/${route.path}/${c.slug}`);
    }
  }
  for (const c of sideNavCategories(categories)) paths.push(`/category/${c.slug}`);
  const entries = paths.map((p) => `<url><loc>${escapeXml(origin + p)}</loc></url>`);
  for (const app of apps) {
    entries.push(`<url><loc>${escapeXml(absoluteUrl(origin, appPath(app.key)))}</loc><lastmod>${app.updatedAt.slice(0, 10)}</lastmod></url>`);
  }
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.slice(0, MAX_URLS).join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": cacheControl("sitemap", context.config) },
  });
}
