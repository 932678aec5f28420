// Where an app stands for a person the hub knows only by their user id, with nobody logged in: the
// upkeep of what people made earlier (a webhook's standing, issue 40 item 5). The same decision as
// the app page's (policy.ts standingOf, on the same inputs), for the organisation the person last
// logged in with (`users.org_id`, written at every login).
import { hydraUuid } from "~/auth/user";
import type { Db } from "~/models/db.server";
import { mayUse, standingOf, type OrgStanding, type TrustFacts } from "./policy";
import { readStandingInputs } from "./store.server";

/**
 * `facts` is asked for only when the organisation requires approval (most are open, and reading an
 * app's facts is the dearer read); an app it cannot find stands as "open" (nothing to decide on).
 */
export async function standingForUser(db: Db, userId: string, appId: string, facts: () => Promise<TrustFacts | null>): Promise<OrgStanding> {
  const row = await db.prepare("SELECT org_id FROM users WHERE user_id = ?").bind(userId).first<{ org_id: string }>();
  const orgId = row ? hydraUuid(row.org_id) : "";
  // Never logged in with an organisation: nothing decides for them (as on a page, `open`).
  if (!orgId) return { state: "open" };
  const inputs = await readStandingInputs(db, orgId, appId, userId);
  if (!inputs.policy || inputs.policy.mode === "open") return { state: "open" };
  const app = await facts();
  return app ? standingOf({ ...inputs, app }) : { state: "open" };
}

/** Whether the person's organisation lets them use the app now (policy.ts mayUse). */
export const userMayUse = async (...args: Parameters<typeof standingForUser>): Promise<boolean> => mayUse(await standingForUser(...args));
