// The organisation-policy tests' world: the built Worker and the emulator, put back before each
// test to no policy, known admin, decision, rule or request and no organisation audit rows (and
// whatever else a file's tests leave behind), so each test starts from an open organisation.
import { startWorld, useWorld, type World } from "./login.ts";

/** Acme's organisation id (the emulator's demo world), as the hub stores it. */
export const ACME = "8fad74f2-bc0d-4e10-bf5e-3382d45fa722";

const ORG_TABLES = ["org_policies", "org_admins", "org_app_decisions", "org_rules", "org_app_requests"];

/** `alsoClear`: more `DELETE FROM` targets ("follows", or "feature_toggles WHERE …"). */
export function useOrgPolicyWorld(alsoClear: readonly string[] = []): World {
  return useWorld(
    () => startWorld(),
    async (w) => {
      await w.platform.reset();
      await w.app.db.batch([...ORG_TABLES, ...alsoClear].map((t) => w.app.db.prepare(`DELETE FROM ${t}`)));
      await w.app.db.prepare("DELETE FROM audit_log WHERE subject LIKE 'org:%'").run();
    },
  );
}
