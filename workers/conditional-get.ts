// Conditional GET (issue 16): feeds and the public JSON API carry an ETag (a digest of the body), and
// a request whose If-None-Match names it gets 304 Not Modified without the body. Feed readers and
// API clients poll; most polls find nothing new. The tag is made once per render and stored with the
// answer in the edge cache, so a cache hit answers 304 as cheaply as it answers 200.

import { strongEtag } from "../app/lib/etag";

/** The answers that carry an ETag: the public API and the feeds (pages revalidate on their own terms). */
const TAGGED_PATHS = /^\/(?:api|feeds)\//;

export function wantsEtag(request: Request, response: Response): boolean {
  return request.method === "GET" && response.status === 200 && TAGGED_PATHS.test(new URL(request.url).pathname) && !response.headers.has("ETag");
}

/** The response with a strong ETag: the first 128 bits of the body's SHA-256, in hex. */
export async function withEtag(response: Response): Promise<Response> {
  const body = await response.arrayBuffer();
  const headers = new Headers(response.headers);
  headers.set("ETag", await strongEtag(body));
  return new Response(body, { status: response.status, statusText: response.statusText, headers });
}

/** The headers a 304 repeats from the 200 it stands for (RFC 9110 §15.4.5). */
const KEPT_ON_304 = ["ETag", "Cache-Control", "Content-Location", "Date", "Expires", "Vary", "Age", "X-Edge-Cache"];

/** 304 when the request's If-None-Match names the response's ETag (or is `*`), else null. */
export function notModified(request: Request, response: Response): Response | null {
  const tag = response.headers.get("ETag");
  const asked = request.headers.get("If-None-Match");
  if (!tag || !asked || response.status !== 200 || (request.method !== "GET" && request.method !== "HEAD")) return null;
  // Weak comparison (RFC 9110 §13.1.2): W/ prefixes do not matter for If-None-Match.
  const strip = (t: string) => t.trim().replace(/^W\//, "");
  const matches = asked.trim() === "*" || asked.split(",").some((t) => strip(t) === strip(tag));
  if (!matches) return null;
  const headers = new Headers();
  for (const name of KEPT_ON_304) {
    const value = response.headers.get(name);
    if (value !== null) headers.set(name, value);
  }
  void response.body?.cancel();
  return new Response(null, { status: 304, headers });
}
