// The app detail page's server side (spec §2.1 APP_DETAILS), shared by app/routes/applications.$appId.tsx
// and the webhook apps' own routes (applications.{incoming,outgoing}-webhooks.tsx): the loader's data
// (what the page offers: ./offers) and the bot page's action (adding a bot). The webhook apps'
// routes post to app/features/webhooks directly.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { endSessionOn401, getAuth, requireAuth } from "~/auth/session.server";
import { addBotToSpace, messageBotDirectly } from "~/features/add-app/add-bot.server";
import { ADD_APP_TITLES } from "~/features/add-app/messages";
import { installOf } from "~/features/analytics/install";
import { recordAppInsight } from "~/features/insights/record.server";
import { absoluteUrl, appKey, appPath } from "~/lib/app-paths";
import { appFeedPath, feedLink } from "~/features/feeds/feed-paths";
import { notFound } from "~/lib/http.server";
import { webhookKindOf } from "~/features/webhooks/webhook-form";
import { primaryActionFor } from "./offers/primary-action.server";
import { pageCacheControl } from "~/lib/cache-policy.server";
import { redirectWithNotice } from "~/lib/flash.server";
import { renderMarkdown } from "~/lib/markdown.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { APP_TYPE_LABELS, PRODUCT_TYPE_LABELS } from "~/models/enums";
import { groupPermissions } from "~/models/permissions";
import type { DetailPage } from "./detail-page";
import { loadReviewsView } from "~/features/reviews/reviews-view.server";
import { isReviewIntent, reviewsAction } from "~/features/reviews/reviews-action.server";
import { recordUse } from "~/features/reviews/reviews.server";
import { followOfferFor } from "~/features/followers/follow-page.server";
import { detailPolicy, policyRefusal } from "~/features/org-policy/access.server";
import { appRequestPath } from "~/features/org-policy/paths";
import type { PrimaryAction } from "./offers/primary-action";

/** The detail page's data for the app whose friendlyId (or id) is `appId`. */
export async function appDetailLoader({ request, context }: LoaderFunctionArgs, appId: string) {
  let app;
  try {
    app = await context.catalogue.app(appId);
  } catch (error) {
    context.logger.error("Unable to fetch app details", { url: request.url, error: String(error) });
    throw error;
  }
  if (!app) throw await notFound(request, context);
  const url = new URL(request.url);
  const auth = await getAuth(request, context, url.pathname + url.search);
  // The hub's own webhook apps host My Webhooks (spec §2.5, §5) on routes of their own (so My
  // Webhooks' code loads only there): go to them.
  if (webhookKindOf(app) && appId !== app.friendlyId) throw redirect(safeRedirectPath(appPath(app)), 301);
  // The person's organisation may require approval (issue 29): an app they may not use offers
  // neither add nor connect nor follow (the webhook apps keep My Webhooks; creating one is refused).
  const policy = await detailPolicy(context, auth, app, { page: appPath(app), request: appRequestPath(app) });
  const [primary, reviews, follow] = await Promise.all([
    policy.allowed || webhookKindOf(app) ? primaryActionFor(request, context, auth, app) : Promise.resolve<PrimaryAction>({ kind: "none" }),
    loadReviewsView(url, context, auth, app),
    followOfferFor(context, auth, app).then((offer) => (policy.allowed || offer?.kind !== "follow" ? offer : null)),
  ]);
  const canonicalUrl = absoluteUrl(url.origin, appPath(app));
  const page: DetailPage = {
    app,
    descriptionHtml: renderMarkdown(app.description),
    releaseNotesHtml: app.versions.map((v) => renderMarkdown(v.notes)),
    permissionGroups: groupPermissions(app.permissions),
    reviews,
    primary,
    follow,
    orgStanding: policy.view,
    orgAdmin: policy.admin,
    productName: context.config.productName,
  };
  return data(
    {
      page,
      canonicalUrl,
      /** Its versions' Atom feed (issue 16), for the page's <link rel="alternate">. */
      feed: app.status === "published" ? feedLink(appFeedPath(appKey(app)), `${app.name}: versions`) : null,
      structuredData: {
        "@context": "https://schema.org",
        "@type": "SoftwareApplication",
        name: app.name,
        description: app.tagline,
        url: canonicalUrl,
        applicationCategory: "BusinessApplication",
        applicationSubCategory: APP_TYPE_LABELS[app.type],
        operatingSystem: "Web",
        datePublished: app.submittedAt,
        dateModified: app.updatedAt,
        publisher: { "@type": "Organization", name: app.companyName },
        keywords: [...app.categories.map((c) => c.name), ...app.productTypes.map((p) => PRODUCT_TYPE_LABELS[p])].join(", "),
        ...(app.versions[0] ? { softwareVersion: app.versions[0].version } : {}),
        ...(app.websiteUrl ? { sameAs: app.websiteUrl } : {}),
        // Search engines show stars from this; only real reviews count (none: no rating at all).
        ...(app.ratingAverage !== null && app.ratingCount > 0
          ? { aggregateRating: { "@type": "AggregateRating", ratingValue: app.ratingAverage, ratingCount: app.ratingCount, bestRating: 5, worstRating: 1 } }
          : {}),
      },
    },
    // A logged-in person's page carries their spaces and access: never stored anywhere.
    { headers: { "Cache-Control": pageCacheControl(Boolean(auth), context.config) } },
  );
}

const addBotForm = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("add-to-space"), roomId: z.string().min(1).max(300) }),
  z.object({ intent: z.literal("direct-message") }),
]);

export async function appDetailAction({ request, context }: ActionFunctionArgs, appId: string) {
  const auth = await requireAuth(request, context);
  const app = await context.catalogue.app(appId);
  if (!app) throw await notFound(request, context);
  const form = await request.formData();
  // Reviews and reports (issue 15), on every app's page.
  if (isReviewIntent(form.get("intent"))) {
    const answer = await reviewsAction(request, context, auth, app, form);
    if (answer) return answer;
  }
  if (app.type !== "bot" || !app.botEmail || app.status !== "published") throw await notFound(request, context);
  const back = new URL(request.url).pathname;
  // The webhook apps' pages have routes of their own, which post to app/features/webhooks.
  if (webhookKindOf(app)) throw await notFound(request, context);
  const parsed = addBotForm.safeParse(Object.fromEntries(form));
  // The person's organisation decides (issue 29): refused before anything reaches the platform.
  const refusal = await policyRefusal(context, auth, app);
  if (refusal) return redirectWithNotice(request, context, back, { title: "Not added", message: refusal.message, level: "error" });
  let notice;
  let install;
  if (!parsed.success) {
    notice = { title: ADD_APP_TITLES.notAdded, message: `Choose a space to add ${app.name} to.`, level: "error" as const };
  } else {
    try {
      const bot = { name: app.name, botEmail: app.botEmail };
      // Insights' funnel (docs/decisions/038): an add tried, and below, done.
      recordAppInsight(context, request, "add_starts", app.id);
      const result = parsed.data.intent === "add-to-space" ? await addBotToSpace(context, auth, bot, parsed.data.roomId) : await messageBotDirectly(context, auth, bot);
      notice = result.notice;
      // Spec §9 "installs": the bot is in the space (or the person is now talking to it).
      if (result.status === 200) {
        install = installOf(app, parsed.data.intent === "add-to-space" ? "space" : "direct");
        recordAppInsight(context, request, "adds", app.id);
        // The hub's record that this person uses the app: they may review it (issue 15).
        await recordUse(context.db, { userId: auth.user.userId, appId: app.id, how: "added" });
      }
    } catch (error) {
      const expired = await endSessionOn401(request, context, error);
      if (expired) throw expired;
      throw error;
    }
  }
  return redirectWithNotice(request, context, back, notice, { install });
}
