// /robots.txt: crawlers may index the catalogue, not the API, the image proxy or personal pages.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { cacheControl } from "~/lib/cache-policy.server";

export function loader({ request, context }: LoaderFunctionArgs) {
  const origin = new URL(request.url).origin;
  const body = [
    "User-agent: *",
    "Allow: /",
    "Disallow: /api/",
    "Disallow: /getImage",
    "Disallow: /my-integrations",
    "Disallow: /auth",
    "Disallow: /logout",
    "Disallow: /*?*page=",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": cacheControl("sitemap", context.config) },
  });
}
