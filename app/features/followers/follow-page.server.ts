// /applications/{appId}/follow (issue 16; docs/decisions/026), for a logged-in person (others log in
// and come back here): where the app's updates should go — a direct message from the App Hub bot,
// or one of their group spaces (listed with their token, as the add-bot flow lists them) — and
// unfollowing. Plain form posts: a follow or a change goes back to the app's page with a notice, a
// refused one shows this page again with the choice kept and why. Also the detail page's offer and
// My Integrations' list, which read the same table.
import { data, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { endSessionOn401, requireAuth, type Auth } from "~/auth/session.server";
import { spacesOrProblem } from "~/features/add-app/add-bot.server";
import { appPath } from "~/lib/app-paths";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";
import { recordAppInsight } from "~/features/insights/record.server";
import { redirectWithNotice } from "~/lib/flash.server";
import { notFound } from "~/lib/http.server";
import { policyRefusal } from "~/features/org-policy/access.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import type { AppDetail } from "~/models/types";
import { destinationView, followApp, unfollowApp, type DestinationChoice } from "./follow.server";
import { FOLLOW_MESSAGES, type FollowActionData, type FollowedAppView, type FollowOffer, type FollowPageData } from "./follow-view";
import { ensureRoomSubscription } from "~/features/webhooks/room-migration.server";
import { findFollow, listFollows } from "./follows.server";

/** `/applications/{key}/follow`: the follow page, and where every follow and unfollow form posts. */
export const appFollowPath = (app: Parameters<typeof appPath>[0]) => `${appPath(app)}/follow`;

/** Apps people may start following: published (not coming soon), not deprecated. */
const takesFollowers = (app: AppDetail) => app.status === "published" && app.freshness !== "deprecated";

/**
 * The detail page's offer (./FollowUpdates.tsx). The anonymous page is shared by everyone through the
 * edge cache, so it holds only the plain link; whether a person follows shows on their own page.
 */
export async function followOfferFor(context: AppLoadContext, auth: Auth | null, app: AppDetail): Promise<FollowOffer> {
  if (app.status !== "published") return null;
  const href = appFollowPath(app);
  const follow = auth ? await findFollow(context.db, auth.user.userId, app.id) : null;
  if (follow) return { kind: "following", href, destination: destinationView(follow.destination) };
  return takesFollowers(app) ? { kind: "follow", href } : null;
}

/** The app of a follow route, or the not-found page. */
async function followableApp(request: Request, context: AppLoadContext, key: string): Promise<AppDetail> {
  const app = await context.catalogue.app(key);
  if (app?.status !== "published") throw await notFound(request, context);
  return app;
}

export async function followPageLoader({ request, context, params }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const app = await followableApp(request, context, params.appId ?? "");
  const follow = await findFollow(context.db, auth.user.userId, app.id);
  const deprecated = !takesFollowers(app);
  // A deprecated app offers no spaces (nothing more will come), only unfollowing.
  const { spaces, spacesError } = deprecated ? { spaces: [], spacesError: null } : await spacesOrProblem(request, context, auth, "group");
  const page: FollowPageData = {
    app: { name: app.name, path: appPath(app), followPath: appFollowPath(app), deprecated },
    following: follow ? destinationView(follow.destination) : null,
    spaces: spaces.map((s) => ({ id: s.id, title: s.title, isLocked: s.isLocked })),
    spacesError,
  };
  return data({ page }, { headers: PRIVATE_HEADERS });
}

/** Lazy, so zod stays out of the browser bundle (see applications.$appId.tsx). */
const followForm = () =>
  z.discriminatedUnion("intent", [
    z.object({ intent: z.literal("follow"), destination: z.string().max(300).optional() }),
    // `back`: where the unfollow came from (the app's page, My Integrations); checked by safeRedirectPath.
    z.object({ intent: z.literal("unfollow"), back: z.string().max(500).optional() }),
  ]);

export async function followPageAction({ request, context, params }: ActionFunctionArgs) {
  const auth = await requireAuth(request, context);
  const key = params.appId ?? "";
  const parsed = followForm().safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ message: "Unknown request." }, { status: 400, headers: PRIVATE_HEADERS });

  if (parsed.data.intent === "unfollow") {
    // An app no longer in the catalogue can still be unfollowed (from My Integrations, by its id).
    const app = await context.catalogue.app(key);
    const name = app?.name ?? "the app";
    const removed = await unfollowApp(context, auth, app?.id ?? key);
    if (removed) recordAppInsight(context, request, "unfollows", app?.id ?? key);
    const back = safeRedirectPath(parsed.data.back, { fallback: app ? appPath(app) : "/my-integrations" });
    return redirectWithNotice(
      request,
      context,
      back,
      removed
        ? { title: "Unfollowed", message: FOLLOW_MESSAGES.unfollowed(name), level: "success" }
        : { title: "Not following", message: FOLLOW_MESSAGES.notFollowing(name), level: "info" },
    );
  }

  const app = await followableApp(request, context, key);
  const chosen = parsed.data.destination ?? "";
  const refuse = (status: number, problem: FollowActionData["problem"], retryAfter?: number) =>
    data<FollowActionData>({ destination: chosen, problem }, { status, headers: { ...PRIVATE_HEADERS, ...(retryAfter ? { "Retry-After": String(retryAfter) } : {}) } });
  if (!takesFollowers(app)) return refuse(409, { title: "Not followed", message: FOLLOW_MESSAGES.deprecated(app.name) });
  if (!chosen) return refuse(400, { title: "Not followed", message: FOLLOW_MESSAGES.chooseDestination });
  // The person's organisation may require approval (issue 29).
  const refusal = await policyRefusal(context, auth, app);
  if (refusal) return refuse(403, { title: "Not followed", message: refusal.message });
  const choice: DestinationChoice = chosen === "direct" ? { kind: "direct" } : { kind: "space", roomId: chosen };
  try {
    const outcome = await followApp(context, auth, { id: app.id, name: app.name, path: appPath(app) }, choice);
    if (!outcome.ok) return refuse(outcome.status, outcome.problem, outcome.retryAfter);
    if (outcome.created) recordAppInsight(context, request, "follows", app.id);
    // The updates bot is in a space the hub keeps an id of: it must hear when the space moves (decision 033).
    if (outcome.follow.destination.kind === "space") await ensureRoomSubscription(context, "updates", new URL(request.url).origin);
    const destination = destinationView(outcome.follow.destination);
    return redirectWithNotice(
      request,
      context,
      appPath(app),
      outcome.changed
        ? { title: `Following ${app.name}`, message: FOLLOW_MESSAGES.followed(app.name, destination), level: "success" }
        : { title: `Following ${app.name}`, message: FOLLOW_MESSAGES.unchanged(app.name, destination), level: "info" },
    );
  } catch (error) {
    const expired = await endSessionOn401(request, context, error);
    if (expired) throw expired;
    throw error;
  }
}

/** My Integrations' "Apps you follow" (./FollowedApps.tsx). */
export async function followedAppsFor(context: AppLoadContext, auth: Auth): Promise<FollowedAppView[]> {
  const follows = await listFollows(context.db, auth.user.userId);
  return follows.map((follow) => ({
    appId: follow.appId,
    name: follow.appName ?? "An app no longer in App Hub",
    path: follow.appKey ? appPath(follow.appKey) : null,
    // By id, which names the app even once it has left the catalogue (the action unfollows by it).
    followPath: appFollowPath(follow.appId),
    destination: destinationView(follow.destination),
    since: follow.createdAt,
    problem: follow.problem,
  }));
}
