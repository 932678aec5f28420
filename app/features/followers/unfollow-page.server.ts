// /unfollow/{token}: the link at the end of every update message (docs/decisions/026). The token is
// the capability, so it works without logging in. GET only asks (link previewers and mail scanners
// fetch links, and a GET must never change anything); the page's button POSTs, which unfollows and
// goes to the app's page with the result in the notification area (Post/Redirect/Get: a reload
// posts nothing again). A token nobody holds gets a page that says so.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { csrfToken } from "~/auth/csrf.server";
import { appPath } from "~/lib/app-paths";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";
import { recordAppInsight } from "~/features/insights/record.server";
import { redirectWithNotice } from "~/lib/flash.server";
import { destinationView } from "./follow.server";
import { destinationPhrase, FOLLOW_MESSAGES, type UnfollowPageData } from "./follow-view";
import { deleteFollowByToken, findFollowByToken } from "./follows.server";

/** What randomToken(24) makes (base64url); anything else is unknown without asking D1. */
const TOKEN = /^[A-Za-z0-9_-]{16,64}$/;

const unknown = () => data<{ page: UnfollowPageData }>({ page: { state: "unknown" } }, { status: 404, headers: PRIVATE_HEADERS });

export async function unfollowPageLoader({ request, context, params }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const follow = TOKEN.test(token) ? await findFollowByToken(context.db, token) : null;
  if (!follow) return unknown();
  // The page is for whoever holds the link, logged in or not: it carries its own CSRF token (the
  // root gives one to logged-in pages only).
  const csrf = await csrfToken(request, context.config);
  const headers = new Headers(PRIVATE_HEADERS);
  if (csrf.setCookie) headers.append("Set-Cookie", csrf.setCookie);
  const page: UnfollowPageData = {
    state: "confirm",
    csrf: csrf.token,
    app: { name: follow.appName ?? "An app no longer in App Hub", path: follow.appKey ? appPath(follow.appKey) : null },
    destination: destinationView(follow.destination),
  };
  return data({ page }, { headers });
}

export async function unfollowPageAction({ request, context, params }: ActionFunctionArgs) {
  const token = params.token ?? "";
  // Read first for the app's name (the delete's RETURNING has no join); the delete decides.
  const before = TOKEN.test(token) ? await findFollowByToken(context.db, token) : null;
  const removed = before ? await deleteFollowByToken(context.db, token) : null;
  if (!before || !removed) return unknown();
  context.logger.info("App unfollowed by link", { appId: removed.appId });
  recordAppInsight(context, request, "unfollows", removed.appId);
  const name = before.appName ?? "the app";
  return redirectWithNotice(request, context, before.appKey ? appPath(before.appKey) : "/", {
    title: "Unfollowed",
    message: `${FOLLOW_MESSAGES.unfollowed(name)} No more updates will be posted to ${destinationPhrase(destinationView(removed.destination))}.`,
    level: "success",
  });
}
