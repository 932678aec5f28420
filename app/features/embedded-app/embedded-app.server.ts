// The embedded-app dialog's state for a logged-in person (spec §4, §5: "An embedded-app detail page
// validates the user's access if logged in"; §6: the phase-1 feature toggle). Access is decided
// exactly as GET /api/validate-embedded-app-access decides it (app/models/embedded-access.server.ts).
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Auth } from "~/auth/session.server";
import { embeddedAccessAnswer, hasEmbeddedAccess, orgUuidOf } from "~/models/embedded-access.server";
import type { AppDetail } from "~/models/types";
import { featureTogglesFor, isToggleOn } from "~/models/users.server";
import type { EmbeddedAppOffer, EmbeddedAppState } from "./embedded-app";

export const EMBEDDED_APP_TOGGLE = "embedded-app-phase-1-enabled";

export async function embeddedAppOffer(context: AppLoadContext, auth: Auth, app: Pick<AppDetail, "id" | "appContexts">): Promise<EmbeddedAppOffer> {
  let state: EmbeddedAppState;
  try {
    const [answer, toggles] = await Promise.all([
      context.catalogue.embeddedAppAllowed(orgUuidOf(auth.user.orgId), app.id).then(embeddedAccessAnswer),
      featureTogglesFor(context.db, auth.user.userId),
    ]);
    state = !hasEmbeddedAccess(answer) ? "not-enabled" : isToggleOn(toggles, EMBEDDED_APP_TOGGLE) ? "available" : "not-yet";
  } catch (error) {
    context.logger.error("Unable to validate embedded app access", { appId: app.id, error: String(error) });
    state = "unknown";
  }
  return { state, contexts: app.appContexts };
}
