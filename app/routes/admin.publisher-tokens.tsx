// /admin/publisher-tokens (issue 16): hub admins create and revoke publishers' API tokens. The work
// is in app/features/publisher-api/.
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/cloudflare";
import { useActionData, useLoaderData } from "@remix-run/react";
import { TokensPage } from "~/features/publisher-api/TokensPage";

export const meta: MetaFunction = () => [{ title: "Publisher API tokens | App Hub" }, { name: "robots", content: "noindex" }];
// Loaded on the first request, not at the isolate's start-up (docs/decisions/036).
const page = () => import("~/features/publisher-api/tokens-page.server");
export const loader = async (args: LoaderFunctionArgs) => (await page()).tokensLoader(args);
export const action = async (args: ActionFunctionArgs) => (await page()).tokensAction(args);

export default function PublisherTokensRoute() {
  const loaded = useLoaderData<typeof loader>();
  const acted = useActionData<typeof action>();
  // A post's answer (the token just made, or the form's problems) wins over the page's own data.
  return <TokensPage data={acted && "tokens" in acted ? acted : loaded} />;
}
