// Issue 40 items 4, 9 and 5: an organisation's policy reaches every way in. The embedded-app access
// answer (spec §7) honours it as the app page does; requests go only to a space of the organisation
// itself, checked again before each post; and existing webhooks stop when their app is restricted.
import { describe, expect, it } from "vitest";
import { ORGS, USERS } from "../../workers/platform/demo-data.ts";
import { encodeId } from "../../workers/platform/ids.ts";
import { loggedIn } from "./followers-helpers.ts";
import { read } from "./html.ts";
import { type Jar, postForm, startWorld, useWorld, visit, type World } from "./login.ts";

const world: World = useWorld(
  () => startWorld(),
  async (w) => {
    await w.platform.reset();
    await w.app.db.batch(
      ["org_policies", "org_admins", "org_app_decisions", "org_rules", "org_app_requests", "follows", "feature_toggles WHERE user_id <> ''"].map((t) =>
        w.app.db.prepare(`DELETE FROM ${t}`),
      ),
    );
    await w.app.db.prepare("DELETE FROM audit_log WHERE subject LIKE 'org:%'").run();
  },
);

const ADMIN = "/admin/organisation";
const acmeOrg = encodeId("ORGANIZATION", ORGS.acme.uuid);
const globexOrg = encodeId("ORGANIZATION", ORGS.globex.uuid);
const keyOf = (a: { friendlyId: string | null; id: string }) => a.friendlyId ?? a.id;
const pathOf = (a: { friendlyId: string | null; id: string }) => `/applications/${encodeURIComponent(keyOf(a))}`;
const embeddedApps = () => world.app.catalogue.apps.filter((a) => a.type === "embeddedApp" && a.status === "published" && !a.deprecation);

async function landed(jar: Jar, res: Response): Promise<string> {
  expect(res.status).toBe(302);
  return read(await (await visit(world, jar, res.headers.get("Location")!)).text()).text;
}
const admin = (jar: Jar, fields: Record<string, string>) => postForm(world, jar, ADMIN, fields);
const validate = async (jar: Jar, org: string, appId: string) => {
  const res = await visit(world, jar, `/api/validate-embedded-app-access?realCallerOrgId=${encodeURIComponent(org)}&appId=${encodeURIComponent(appId)}`);
  expect(res.status).toBe(200);
  return res.json();
};

describe("embedded-app access honours the organisation's policy (item 4)", () => {
  it("restricted, or needing approval and not approved: false for the organisation's members; approved: true", async () => {
    const [approved, restricted, unapproved] = embeddedApps();
    const ada = await loggedIn(world, USERS.ada.email);
    expect(await landed(ada, await admin(ada, { intent: "settings", mode: "approval", requestsTo: "admins" }))).toContain("Settings saved");
    await landed(ada, await admin(ada, { intent: "approve", appId: approved!.id, reason: "" }));
    await landed(ada, await admin(ada, { intent: "restrict", appId: restricted!.id, reason: "Not for us" }));
    const riley = await loggedIn(world, USERS.riley.email);

    // The app page and the API say the same thing.
    expect(read(await (await visit(world, riley, pathOf(restricted!))).text()).text).toContain("Restricted by your organisation");
    expect(await validate(riley, acmeOrg, restricted!.id)).toEqual({ value: ["false"] });
    expect(await validate(riley, ORGS.acme.uuid, keyOf(restricted!))).toEqual({ value: ["false"] });
    expect(read(await (await visit(world, riley, pathOf(unapproved!))).text()).text).toContain("Needs approval");
    expect(await validate(riley, acmeOrg, unapproved!.id)).toEqual({ value: ["false"] });
    expect(await validate(riley, acmeOrg, approved!.id)).toEqual({ value: ["true"] });
    // The admin is a member like any other.
    expect(await validate(ada, acmeOrg, restricted!.id)).toEqual({ value: ["false"] });

    // Another organisation (open) is not touched by Acme's policy; Globex keeps its own "off".
    const max = await loggedIn(world, USERS.max.email);
    expect(await validate(max, globexOrg, approved!.id)).toEqual({ value: ["false"] });
    await world.app.db.prepare("DELETE FROM embedded_app_policies WHERE org_id = ?").bind(ORGS.globex.uuid).run();
    try {
      expect(await validate(max, globexOrg, restricted!.id)).toEqual({ value: ["true"] });
    } finally {
      await world.app.db
        .prepare("INSERT INTO embedded_app_policies VALUES (?, '', 0, 'Demo: Globex turns embedded apps off', '2026-07-01T00:00:00.000Z')")
        .bind(ORGS.globex.uuid)
        .run();
    }

    // Back to open: the policy table alone decides again.
    await landed(ada, await admin(ada, { intent: "settings", mode: "open", requestsTo: "admins" }));
    expect(await validate(riley, acmeOrg, restricted!.id)).toEqual({ value: ["true"] });
  });
});
