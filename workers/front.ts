// The front Worker (docs/decisions/057): what a visitor's first request in a location starts, so it
// holds only the routes people browse with (home, lists, search, app pages, add and connect, login,
// the public APIs). Its build has every route of the full build, with the same ids and paths, but
// the back office's (admin, publisher console and API, API reference, feeds, webhook receivers:
// ./back-office-paths.mjs) are stubs (app/back-office-route.tsx). A request whose route is one of
// them goes, untouched, to the back-office Worker over the BACK_OFFICE service binding: the same
// location, no network hop, and that Worker runs the whole request pipeline itself. Everything else
// runs here, through the same pipeline (./fetch.ts). Cron Triggers and queue consumers are the back
// office's alone.
import * as build from "@remix-run/dev/server-build";
import { type AgnosticRouteObject, matchRoutes } from "@remix-run/router";
import { DATA_VERSION_HEADER, forgetCatalogueVersion } from "./catalogue-version";
import { handleFetch } from "./fetch";
import { withSecurityHeaders } from "./security-headers";

/** The route ids whose module is the back-office stub. */
const BACK_OFFICE_ROUTES: ReadonlySet<string> = new Set(
  Object.values(build.routes).flatMap((route) => ((route.module as { backOffice?: unknown }).backOffice === true ? [route.id] : [])),
);

/** The build's routes as a tree, matched exactly as Remix's server matches them. */
function routeTree(parentId: string | undefined): AgnosticRouteObject[] {
  return Object.values(build.routes)
    .filter((route) => route.parentId === parentId)
    .map((route) =>
      route.index
        ? { id: route.id, index: true, path: route.path, caseSensitive: route.caseSensitive }
        : { id: route.id, path: route.path, caseSensitive: route.caseSensitive, children: routeTree(route.id) },
    );
}
const ROUTES = routeTree(undefined);

/** The page a path is for: a single-fetch data request (`/admin/review.data`, `/_root.data`) is for its page. */
function pagePath(pathname: string): string {
  if (pathname === "/_root.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

/** Whether the route that would answer this path is the back office's. */
function isBackOfficeRequest(url: URL): boolean {
  const leaf = matchRoutes(ROUTES, pagePath(url.pathname))?.at(-1);
  return leaf?.route.id !== undefined && BACK_OFFICE_ROUTES.has(leaf.route.id);
}

export default {
  async fetch(request, env, ctx): Promise<Response> {
    const url = new URL(request.url);
    if (!isBackOfficeRequest(url)) return handleFetch(request, env, ctx);
    if (!env.BACK_OFFICE) {
      // A deploy without the binding: say so, rather than render the stub's empty page.
      const res = new Response("Invalid Worker config: the front Worker has no BACK_OFFICE service binding (docs/decisions/057).", { status: 500 });
      return withSecurityHeaders(res, { nonce: "", https: url.protocol === "https:" });
    }
    const answer = await env.BACK_OFFICE.fetch(request);
    if (!answer.headers.has(DATA_VERSION_HEADER)) return answer;
    // The back office published or moderated: this isolate's next page must not come from the old
    // version's memo (read-your-writes for the person who did it, as in one Worker).
    forgetCatalogueVersion();
    const passed = new Response(answer.body, answer);
    passed.headers.delete(DATA_VERSION_HEADER);
    return passed;
  },
} satisfies ExportedHandler<Env>;
