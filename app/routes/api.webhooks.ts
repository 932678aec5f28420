// Spec §7: POST /api/webhooks?type= {roomId, displayName, webhookUrl?} → {id, roomId, displayName,
// webhookUrl}; DELETE /api/webhooks?webhookId&type. Failures carry the spec's messages (§5, §8).
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { parseBody } from "~/features/api/body.server";
import { apiAuth, apiPlatformError } from "~/features/api/session-api.server";
import { validateWebhookInput, WEBHOOK_KINDS, type WebhookCreateAnswer } from "~/features/webhooks/webhook-form";
import { createWebhook, deleteWebhook } from "~/features/webhooks/webhooks.server";
import { jsonError } from "~/lib/http.server";
import { policyRefusalJson, webhookPolicyRefusal } from "~/features/org-policy/access.server";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";

const kindParam = z.enum(WEBHOOK_KINDS);
const createBody = z.object({ roomId: z.unknown(), displayName: z.unknown(), webhookUrl: z.unknown() }).partial();

export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await apiAuth(request, context);
  if (auth instanceof Response) return auth;
  const url = new URL(request.url);
  const kind = kindParam.safeParse(url.searchParams.get("type"));
  if (!kind.success) return jsonError(400, "Invalid type: use incoming or outgoing.");
  try {
    if (request.method === "POST") {
      const raw = await parseBody(request, createBody);
      if (raw instanceof Response) return raw;
      const input = validateWebhookInput(kind.data, raw);
      if (!input.ok) return jsonError(400, Object.values(input.errors)[0]!, { errors: input.errors });
      // The person's organisation may require approval for the webhook app (issue 29): 403 with the reason.
      const refusal = await webhookPolicyRefusal(context, auth, kind.data);
      if (refusal) return policyRefusalJson(refusal);
      const result = await createWebhook(context, auth, kind.data, input.value, url.origin);
      if (!result.ok) return jsonError(result.status, result.message ?? Object.values(result.errors)[0]!, { errors: result.errors });
      const { id, roomId, displayName, webhookUrl } = result.webhook;
      const answer: WebhookCreateAnswer = { id, roomId, displayName, webhookUrl };
      return Response.json(answer, { status: result.created ? 201 : 200, headers: PRIVATE_HEADERS });
    }
    if (request.method === "DELETE") {
      const webhookId = url.searchParams.get("webhookId") ?? "";
      if (!/^[0-9a-f-]{36}$/.test(webhookId)) return jsonError(400, "Invalid webhookId.");
      const result = await deleteWebhook(context, auth, kind.data, webhookId, url.origin);
      if (!result.ok) return jsonError(result.status, result.message);
      return new Response(null, { status: 204, headers: PRIVATE_HEADERS });
    }
  } catch (error) {
    return apiPlatformError(request, context, error, request.method === "POST" ? "Add webhook" : "Remove webhook");
  }
  return jsonError(405, "Use POST or DELETE.", {}, { Allow: "POST, DELETE" });
}

export const loader = () => jsonError(405, "Use POST or DELETE.", {}, { Allow: "POST, DELETE" });
