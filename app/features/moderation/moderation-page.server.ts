// /admin/moderation (issue 15): hub admins (./hub-admin.ts) see reported reviews and reported apps
// and decide: restore or remove a review; dismiss an app's reports, remove the app, or restore a
// removed one. Everyone else gets the not-found page (the page's existence is nobody else's
// business). Never cached; plain forms, Post/Redirect/Get, so it works without JavaScript.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { decideReview, listReportedReviews } from "~/features/reviews/reviews.server";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";
import { bumpCommunityVersion } from "~/lib/community-version.server";
import { redirectWithNotice } from "~/lib/flash.server";
import { requireHubAdmin } from "./require-hub-admin.server";
import { decideApp, listReportedApps } from "./moderation.server";

export const MODERATION_PATH = "/admin/moderation";

export async function moderationLoader({ request, context }: LoaderFunctionArgs) {
  await requireHubAdmin(request, context);
  const [reviews, apps] = await Promise.all([listReportedReviews(context.db), listReportedApps(context.db)]);
  return data({ reviews, reportedApps: apps.reported, removedApps: apps.removed }, { headers: PRIVATE_HEADERS });
}

const decision = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(["restore-review", "remove-review"]), reviewId: z.coerce.number().int().positive() }),
  z.object({ intent: z.enum(["dismiss-app", "restore-app"]), appId: z.string().min(1).max(200) }),
  z.object({
    intent: z.literal("remove-app"),
    appId: z.string().min(1).max(200),
    reason: z.string().trim().max(500).default(""),
  }),
]);

export async function moderationAction({ request, context }: ActionFunctionArgs) {
  const auth = await requireHubAdmin(request, context);
  const parsed = decision.safeParse(Object.fromEntries(await request.formData()));
  const done = (title: string, message: string, level: "success" | "error" = "success") => redirectWithNotice(request, context, MODERATION_PATH, { title, message, level });
  if (!parsed.success) return done("Nothing changed", "That decision could not be read. Try again from the list.", "error");
  const by = auth.user.emails[0] ?? auth.user.userId;
  const form = parsed.data;
  switch (form.intent) {
    case "restore-review":
    case "remove-review": {
      const review = await decideReview(context.db, form.reviewId, form.intent === "restore-review" ? "restore" : "remove", by);
      if (!review) return done("Nothing changed", "That review no longer exists.", "error");
      await bumpCommunityVersion(context);
      return form.intent === "restore-review" ? done("Review restored", `“${review.title}” is visible again.`) : done("Review removed", `“${review.title}” is removed.`);
    }
    case "dismiss-app":
      await decideApp(context.db, form.appId, "dismiss", by, "");
      return done("Reports dismissed", "The app stays listed.");
    case "remove-app":
      await decideApp(context.db, form.appId, "remove", by, form.reason || "Removed by a moderator");
      await bumpCommunityVersion(context);
      return done("App removed", "It no longer shows anywhere in the App Hub.");
    case "restore-app":
      await decideApp(context.db, form.appId, "restore", by, "");
      await bumpCommunityVersion(context);
      return done("App restored", "It shows in the App Hub again.");
  }
}

export type ModerationData = Awaited<ReturnType<typeof moderationLoader>>["data"];
