// The console's draft form (issue 30): preview with the review queue's diff, then send for review.
// The work is in app/features/publisher-console/submit-page.server.ts.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData, useParams } from "@remix-run/react";
import { consolePath } from "~/features/publisher-console/paths";
import { SubmitPage } from "~/features/publisher-console/SubmitForm";

export const meta: MetaFunction = () => [{ title: "Submit | Publisher console | App Hub" }, { name: "robots", content: "noindex" }];
const page = () => import("~/features/publisher-console/submit-page.server");
export const loader = async (args: LoaderFunctionArgs) => (await page()).submitPageLoader("draft")(args);
export const action = async (args: ActionFunctionArgs) => (await page()).submitPageAction("draft")(args);

export default function PublisherConsoleSubmitRoute() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  const slug = useParams().slug ?? "";
  return <SubmitPage data={acted && "values" in acted ? acted : loaded} back={<a href={consolePath(slug)}>Back to the apps</a>} />;
}
