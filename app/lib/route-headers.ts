// Shared `headers` export: the deepest route that sets Cache-Control decides it, so a page is only
// as cacheable as its leaf says (the root layout never makes a page public on its own).
import type { HeadersFunction } from "@remix-run/cloudflare";
import { CACHE_CONTROL } from "./cache-policy.server";

export const routeHeaders: HeadersFunction = ({ loaderHeaders, parentHeaders, errorHeaders, actionHeaders }) => {
  const headers = new Headers();
  const source = errorHeaders ?? loaderHeaders;
  const cacheControl = source.get("Cache-Control") ?? parentHeaders.get("Cache-Control");
  if (cacheControl) headers.set("Cache-Control", errorHeaders ? CACHE_CONTROL.private : cacheControl);
  const link = source.get("Link");
  if (link) headers.set("Link", link);
  // A post refused for now (a rate limit, issue 27) says when to try again.
  const retryAfter = actionHeaders.get("Retry-After");
  if (retryAfter) headers.set("Retry-After", retryAfter);
  return headers;
};
