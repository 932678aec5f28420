// Where the platform delivers message events for an outgoing webhook (docs/decisions/010). Exempt
// from CSRF; the X-Spark-Signature HMAC with the webhook's platform secret is the credential.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { hookError } from "~/features/webhooks/hook-response.server";
import { handlePlatformEvent } from "~/features/webhooks/outgoing.server";

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return hookError(405, "Use POST.", { Allow: "POST" });
  return handlePlatformEvent(request, context, params.webhookId ?? "");
}

export const loader = () => hookError(405, "Use POST.", { Allow: "POST" });
