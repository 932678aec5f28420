// Who may review an app (issue 15): a logged-in person who uses it. "Uses" is, in order of cost:
// the hub's own records (they added its bot or connected it through the hub: app_uses and
// integration_connections), then, only when the person asks us to check, the platform: the app's
// bot in one of their group spaces, or (first-party mode, or with the admin token scope) a grant of
// the integration listed for them. A use the platform confirmed is recorded, so the next visit
// needs no check. Everyone else is told why they cannot review.
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Auth } from "~/auth/session.server";
import { listPlatformGrants } from "~/features/my-integrations/my-integrations.server";
import { mapPool } from "~/lib/map-pool";
import type { AppDetail } from "~/models/types";
import { isSessionRefused, PlatformError } from "~/platform/client.server";
import { type ConnectsCount, recordedUse, recordUse, type UseHow } from "./reviews.server";

/** Group spaces checked for the app's bot: the most recently active ones (each is one platform call). */
export const BOT_CHECK_SPACES = 25;

export type Eligibility =
  | { status: "log-in" }
  | { status: "coming-soon" }
  | { status: "eligible"; how: UseHow }
  /** Not in our records, and the platform can tell: the person may ask us to check. */
  | { status: "can-check" }
  /** Checked with the platform: not a user. */
  | { status: "not-a-user" }
  /** Not in our records, and nothing the hub can ask would tell. */
  | { status: "cannot-know" }
  | { status: "check-failed" };

type App = Pick<AppDetail, "id" | "type" | "status" | "botEmail" | "clientId">;

/** Whether the platform could confirm a use: a bot (its memberships), or an integration whose grants we can list. */
function platformCanTell(context: AppLoadContext, app: App): boolean {
  if (app.type === "bot") return Boolean(app.botEmail);
  if (app.type === "integration" && app.clientId) return context.config.deploymentMode === "first-party" || context.config.oauth.scopes.includes("identity:tokens_read");
  return false;
}

/** Which Connect records count as using the app (./reviews.server.ts ConnectsCount): confirmed ones where the platform can confirm. */
export const connectsCount = (context: AppLoadContext, app: App): ConnectsCount => (app.type === "integration" && platformCanTell(context, app) ? "confirmed" : "started");

/**
 * From our records only (no platform call): what the detail page shows by default. `recorded` is
 * our record of the person's use when the caller already read it (the reviews part reads it in its
 * one batch); otherwise it is read here.
 */
export async function recordedEligibility(context: AppLoadContext, auth: Auth | null, app: App, recorded?: UseHow | null): Promise<Eligibility> {
  if (!auth) return { status: "log-in" };
  if (app.status !== "published") return { status: "coming-soon" };
  const how = recorded === undefined ? await recordedUse(context.db, auth.user.userId, app, connectsCount(context, app)) : recorded;
  if (how) return { status: "eligible", how };
  return platformCanTell(context, app) ? { status: "can-check" } : { status: "cannot-know" };
}

/** Our records, then the platform (when the person asked us to check); a confirmed use is recorded. */
export async function checkedEligibility(context: AppLoadContext, auth: Auth, app: App): Promise<Eligibility> {
  const recorded = await recordedEligibility(context, auth, app);
  if (recorded.status !== "can-check") return recorded;
  let how: UseHow | null;
  try {
    how = await askPlatform(context, auth, app);
  } catch (error) {
    if (isSessionRefused(error) || !(error instanceof PlatformError)) throw error;
    context.logger.warn("Review eligibility check failed", { appId: app.id, status: error.status });
    return { status: "check-failed" };
  }
  if (!how) return { status: "not-a-user" };
  await recordUse(context.db, { userId: auth.user.userId, appId: app.id, how });
  return { status: "eligible", how };
}

async function askPlatform(context: AppLoadContext, auth: Auth, app: App): Promise<UseHow | null> {
  if (app.type === "integration" && app.clientId) {
    const grants = await listPlatformGrants(context, auth);
    return grants?.some((g) => g.clientId === app.clientId) ? "grant" : null;
  }
  if (app.type !== "bot" || !app.botEmail) return null;
  const client = context.platform.forPerson(auth);
  const { items: rooms } = await client.listRooms({ type: "group", sortBy: "lastactivity", max: BOT_CHECK_SPACES });
  let found = false;
  const botEmail = app.botEmail;
  // A few at a time: each is a subrequest, and one found is enough.
  await mapPool(rooms.slice(0, BOT_CHECK_SPACES), 5, async (room) => {
    if (found) return;
    const { items } = await client.listMemberships({ roomId: room.id, personEmail: botEmail, max: 1 });
    if (items.length > 0) found = true;
  });
  return found ? "bot-in-space" : null;
}
