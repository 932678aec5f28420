// Whether a logged-in person may open an embedded app (spec §4, §6), and the embedded-app dialog's
// state on its page (spec §5: "An embedded-app detail page validates the user's access if logged in";
// §6: the phase-1 feature toggle). GET /api/validate-embedded-app-access and the page both decide
// with embeddedAccessFor, so the answer and the page never disagree (issue 40 item 4).
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Auth } from "~/auth/session.server";
import { memberStanding } from "~/features/org-policy/access.server";
import { mayUse } from "~/features/org-policy/policy";
import { embeddedAccessAnswer, hasEmbeddedAccess, orgUuidOf } from "~/models/embedded-access.server";
import type { AppDetail } from "~/models/types";
import { featureTogglesFor, isToggleOn } from "~/models/users.server";
import type { EmbeddedAppOffer, EmbeddedAppState } from "./embedded-app";

export const EMBEDDED_APP_TOGGLE = "embedded-app-phase-1-enabled";

type EmbeddedAppFacts = Pick<AppDetail, "id" | "publisherVerified" | "permissions" | "security">;

/**
 * Both must say yes: the platform-level embedded-app policy of the person's organisation (migration
 * 0009, decision 011) and the organisation's app policy (decision 035), through the same standing
 * the app page shows: a restricted app, or one that needs approval and is not approved, is no
 * access, whatever the embedded-app table says.
 */
export async function embeddedAccessFor(context: AppLoadContext, auth: Auth, app: EmbeddedAppFacts): Promise<boolean> {
  const [allowed, standing] = await Promise.all([context.catalogue.embeddedAppAllowed(orgUuidOf(auth.user.orgId), app.id), memberStanding(context, auth, app)]);
  return allowed && (standing === null || mayUse(standing));
}

export async function embeddedAppOffer(context: AppLoadContext, auth: Auth, app: EmbeddedAppFacts & Pick<AppDetail, "appContexts">): Promise<EmbeddedAppOffer> {
  let state: EmbeddedAppState;
  try {
    const [answer, toggles] = await Promise.all([embeddedAccessFor(context, auth, app).then(embeddedAccessAnswer), featureTogglesFor(context.db, auth.user.userId)]);
    state = !hasEmbeddedAccess(answer) ? "not-enabled" : isToggleOn(toggles, EMBEDDED_APP_TOGGLE) ? "available" : "not-yet";
  } catch (error) {
    context.logger.error("Unable to validate embedded app access", { appId: app.id, error: String(error) });
    state = "unknown";
  }
  return { state, contexts: app.appContexts };
}
