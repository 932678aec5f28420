// Spec §7 GET /api/my-webhooks: the person's incoming and outgoing webhooks (optionally ?type=).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { apiAuth } from "~/features/api/session-api.server";
import { type MyWebhooksAnswer, WEBHOOK_KINDS } from "~/features/webhooks/webhook-form";
import { listWebhooks } from "~/features/webhooks/webhooks.server";
import { jsonError } from "~/lib/http.server";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await apiAuth(request, context);
  if (auth instanceof Response) return auth;
  const url = new URL(request.url);
  const type = url.searchParams.get("type");
  const kind = type === null ? undefined : z.enum(WEBHOOK_KINDS).safeParse(type);
  if (kind && !kind.success) return jsonError(400, "Invalid type: use incoming or outgoing.");
  const items = await listWebhooks(context.db, auth.user.userId, url.origin, kind?.data);
  const answer: MyWebhooksAnswer = { items };
  return Response.json(answer, { headers: PRIVATE_HEADERS });
}
