// The root route's loader (app/root.tsx), in one server module: the browser build empties it, and
// since only the root imports it, the root's chunk holds one small stub instead of the shared stub
// chunks of the seven server modules it uses (docs/decisions/019, first-load JavaScript).
import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { csrfToken } from "~/auth/csrf.server";
import { getAuth } from "~/auth/session.server";
import { headerUser } from "~/auth/user";
import { isHubAdmin } from "~/features/moderation/hub-admin";
import { hasPublisherMembership } from "~/features/publisher-console/members.server";
import { cacheControl } from "~/lib/cache-policy.server";
import { publicConfig } from "~/lib/config.server";
import { isTestBarHidden } from "~/lib/cookies.server";
import { takeFlash } from "~/lib/flash.server";
import { buildSideNav } from "~/lib/side-nav";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // An expired session is ended here, on whatever page it is noticed, and the page says so.
  const [categories, auth] = await Promise.all([context.catalogue.categories(), getAuth(request, context, url.pathname + url.search)]);
  if (categories.length === 0) context.logger.warn("Categories load failed: the catalogue has no categories");
  const headers = new Headers({ "Cache-Control": cacheControl("page", context.config) });
  // Only logged-in pages hold forms that act for a person, so only they get a CSRF token.
  let csrf: string | null = null;
  let publisherMember = false;
  if (auth) {
    // The console link (issue 30): membership is read from D1 on each logged-in page, so a link or
    // removal shows at once (one indexed lookup, beside the CSRF token's work).
    const [token, member] = await Promise.all([csrfToken(request, context.config), hasPublisherMembership(context.db, auth.user)]);
    csrf = token.token;
    publisherMember = member;
    if (token.setCookie) headers.append("Set-Cookie", token.setCookie);
  }
  const flash = await takeFlash(request, context.config);
  if (flash) headers.append("Set-Cookie", flash.clear);
  return data(
    {
      config: publicConfig(context.config),
      nav: buildSideNav(categories, context.config),
      testBarHidden: await isTestBarHidden(request),
      year: new Date().getUTCFullYear(),
      user: auth ? headerUser(auth.user, isHubAdmin(auth.user, context.config.hubAdmins), publisherMember) : null,
      csrf,
      notice: flash?.notice ?? null,
      /** An install the action before this page completed: <Analytics /> reports it once (spec §9). */
      install: flash?.install ?? null,
      // A page the Worker put in place of the one asked for (unsupported browser, time-out) is sent
      // without scripts: hydrating it at the address asked for would match other routes and end on
      // the error page, and an unsupported browser cannot run our bundles anyway.
      hydrate: context.replacedRoute === null,
    },
    { headers },
  );
}
