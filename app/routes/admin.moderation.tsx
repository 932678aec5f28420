// /admin/moderation (issue 15): reported reviews and apps, for hub admins. The work is in
// app/features/moderation/.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ModerationPage } from "~/features/moderation/ModerationPage";

export const meta: MetaFunction = () => [{ title: "Moderation | App Hub" }, { name: "robots", content: "noindex" }];
// Loaded on the first request, not at the isolate's start-up (docs/decisions/036).
const page = () => import("~/features/moderation/moderation-page.server");
export const loader = async (args: LoaderFunctionArgs) => (await page()).moderationLoader(args);
export const action = async (args: ActionFunctionArgs) => (await page()).moderationAction(args);

export default function ModerationRoute() {
  return <ModerationPage data={useLoaderData<typeof loader>()} />;
}
