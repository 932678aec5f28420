// /admin/moderation (issue 15): reported reviews and apps, for hub admins. The work is in
// app/features/moderation/.
import type { MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ModerationPage } from "~/features/moderation/ModerationPage";
import { moderationAction, moderationLoader } from "~/features/moderation/moderation-page.server";

export const meta: MetaFunction = () => [{ title: "Moderation | App Hub" }, { name: "robots", content: "noindex" }];
export const loader = moderationLoader;
export const action = moderationAction;

export default function ModerationRoute() {
  return <ModerationPage data={useLoaderData<typeof loader>()} />;
}
