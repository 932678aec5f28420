// POST /api/create-membership (spec §7): adds a catalogue bot to one of the person's spaces. The bot
// is named by `appId` (its friendlyId or id) or its bot e-mail (`personEmail`); failures carry the
// spec's message and the platform's status (§8: membership failures store message and status).
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { addBotToSpace } from "~/features/add-app/add-bot.server";
import { parseBody } from "~/features/api/body.server";
import { apiAuth, apiPlatformError } from "~/features/api/session-api.server";
import { jsonError } from "~/lib/http.server";
import { apiPolicyRefusal } from "~/features/org-policy/access.server";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";

const body = z
  .object({
    roomId: z.string().min(1, "is required").max(300),
    appId: z.string().max(200).optional(),
    personEmail: z.string().email().max(200).optional(),
  })
  .refine((b) => b.appId || b.personEmail, { message: "name the app (appId) or the bot (personEmail)", path: ["appId"] });

export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await apiAuth(request, context);
  if (auth instanceof Response) return auth;
  const input = await parseBody(request, body);
  if (input instanceof Response) return input;
  const bot = await context.catalogue.bot({ appId: input.appId, botEmail: input.personEmail });
  if (!bot) return jsonError(404, "No bot with that id is in the catalogue.");
  // The person's organisation may require approval (issue 29): 403 with the reason.
  const refused = await apiPolicyRefusal(context, auth, bot.id);
  if (refused) return refused;
  try {
    const result = await addBotToSpace(context, auth, bot, input.roomId);
    return Response.json(
      { membershipCreated: result.status === 200, status: result.status, title: result.notice.title, message: result.notice.message },
      { status: result.status, headers: PRIVATE_HEADERS },
    );
  } catch (error) {
    return apiPlatformError(request, context, error, "Create membership");
  }
}

export const loader = () => jsonError(405, "Use POST.", {}, { Allow: "POST" });
