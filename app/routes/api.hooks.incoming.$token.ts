// An incoming webhook's secret URL (docs/decisions/010). Exempt from CSRF (it is called by other
// services with no cookies); the token in the path is the credential.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { hookError } from "~/features/webhooks/hook-response.server";
import { handleIncomingPost } from "~/features/webhooks/incoming.server";

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return hookError(405, "Use POST.", { Allow: "POST" });
  return handleIncomingPost(request, context, params.token ?? "");
}

export const loader = () => hookError(405, 'Use POST with a JSON body such as {"text": "Hello"}.', { Allow: "POST" });
