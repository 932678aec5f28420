// Where the platform tells the hub's bots that a space moved to another geography (rooms/migrated;
// issue 27 item 9, docs/decisions/033). Exempt from CSRF; the X-Spark-Signature HMAC with that
// bot's room-events webhook secret is the credential.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { hookError } from "~/features/webhooks/hook-response.server";
import { handleRoomEvent } from "~/features/webhooks/room-migration.server";

export async function action({ request, params, context }: ActionFunctionArgs) {
  if (request.method !== "POST") return hookError(405, "Use POST.", { Allow: "POST" });
  return handleRoomEvent(request, context, params.bot ?? "");
}

export const loader = () => hookError(405, "Use POST.", { Allow: "POST" });
