// Embedded-app access per organisation (spec §4, §6; migration 0009, docs/decisions/011): the most
// specific policy row decides — (org, app), then (org, every app), then (every org, app), then the
// default (every org, every app). With no row at all the answer is no access (fail closed).
import type { Db } from "./db.server";
import { hydraUuid } from "~/auth/user";

/** Spec §7: GET /api/validate-embedded-app-access answers `{ value: [...] }`; only "true" first means access. */
export type EmbeddedAccessAnswer = { value: ["true" | "false"] };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An organisation id as the platform gives it (encoded) or already decoded: its uuid, or "". */
export function orgUuidOf(orgId: string): string {
  if (UUID.test(orgId)) return orgId.toLowerCase();
  const decoded = hydraUuid(orgId);
  return UUID.test(decoded) ? decoded.toLowerCase() : "";
}

export async function embeddedAppAllowed(db: Db, orgUuid: string, appId: string): Promise<boolean> {
  const row = await db
    .prepare(
      `SELECT allowed FROM embedded_app_policies
       WHERE org_id IN (?1, '') AND app_id IN (?2, '')
       ORDER BY (org_id = ?1) DESC, (app_id = ?2) DESC
       LIMIT 1`,
    )
    .bind(orgUuid, appId)
    .first<{ allowed: number }>();
  return row?.allowed === 1;
}

/** Spec §4: access is true only when the first entry of the value list is the text "true". */
export const hasEmbeddedAccess = (answer: { value?: unknown } | null | undefined): boolean => Array.isArray(answer?.value) && answer.value[0] === "true";

export const embeddedAccessAnswer = (allowed: boolean): EmbeddedAccessAnswer => ({ value: [allowed ? "true" : "false"] });
