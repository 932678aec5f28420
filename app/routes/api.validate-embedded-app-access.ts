// GET /api/validate-embedded-app-access?realCallerOrgId=&appId= (spec §7): whether the caller's
// organisation may open an embedded app, as `{ value: ["true"] }` or `{ value: ["false"] }` (spec §4:
// only "true" first means access). Logged in only, and only for the caller's own organisation, whose
// app policy counts as on the app's page (embeddedAccessFor; issue 40 item 4).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { apiAuth } from "~/features/api/session-api.server";
import { lastValue, parseSearchParams } from "~/features/api/json.server";
import { embeddedAccessFor } from "~/features/embedded-app/embedded-app.server";
import { embeddedAccessAnswer, orgUuidOf } from "~/models/embedded-access.server";
import { jsonError } from "~/lib/http.server";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";

const query = z.object({
  realCallerOrgId: lastValue(z.string().min(1).max(300)),
  appId: lastValue(z.string().min(1).max(300)),
});

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await apiAuth(request, context);
  if (auth instanceof Response) return auth;
  const { realCallerOrgId, appId } = parseSearchParams(new URL(request.url), query);
  const callerOrg = orgUuidOf(auth.user.orgId);
  // Organisation policies are not public: a person may only ask about their own organisation.
  if (!callerOrg || orgUuidOf(realCallerOrgId) !== callerOrg) {
    return jsonError(403, "You can only check embedded-app access for your own organization.");
  }
  // Null for an app of a hidden type too: with embedded apps turned off there is none to check.
  const app = await context.catalogue.app(appId);
  if (app?.type !== "embeddedApp") {
    return jsonError(404, "No embedded app was found with that id.");
  }
  try {
    return Response.json(embeddedAccessAnswer(await embeddedAccessFor(context, auth, app)), { headers: PRIVATE_HEADERS });
  } catch (error) {
    context.logger.error("Unable to validate embedded app access", { error: String(error) });
    return jsonError(500, "Unable to validate embedded app access");
  }
}
