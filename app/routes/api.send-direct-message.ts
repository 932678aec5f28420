// POST /api/send-direct-message (spec §7): messages a catalogue bot directly with the fixed greeting,
// so it answers in the person's direct space.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { messageBotDirectly } from "~/features/add-app/add-bot.server";
import { parseBody } from "~/features/api/body.server";
import { apiAuth, apiPlatformError } from "~/features/api/session-api.server";
import { jsonError } from "~/lib/http.server";
import { apiPolicyRefusal } from "~/features/org-policy/access.server";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";

const body = z
  .object({
    appId: z.string().max(200).optional(),
    toPersonEmail: z.string().email().max(200).optional(),
  })
  .refine((b) => b.appId || b.toPersonEmail, { message: "name the app (appId) or the bot (toPersonEmail)", path: ["appId"] });

export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await apiAuth(request, context);
  if (auth instanceof Response) return auth;
  const input = await parseBody(request, body);
  if (input instanceof Response) return input;
  const bot = await context.catalogue.bot({ appId: input.appId, botEmail: input.toPersonEmail });
  if (!bot) return jsonError(404, "No bot with that id is in the catalogue.");
  // The person's organisation may require approval (issue 29): 403 with the reason.
  const refused = await apiPolicyRefusal(context, auth, bot.id);
  if (refused) return refused;
  try {
    const result = await messageBotDirectly(context, auth, bot);
    return Response.json({ status: result.status, title: result.notice.title, message: result.notice.message }, { status: result.status, headers: PRIVATE_HEADERS });
  } catch (error) {
    return apiPlatformError(request, context, error, "Send direct message");
  }
}

export const loader = () => jsonError(405, "Use POST.", {}, { Allow: "POST" });
