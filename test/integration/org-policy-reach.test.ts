// Issue 40 items 4, 9 and 5: an organisation's policy reaches every way in. The embedded-app access
// answer (spec §7) honours it as the app page does; requests go only to a space of the organisation
// itself, checked again before each post; and existing webhooks stop when their app is restricted.
import { describe, expect, it } from "vitest";
import { ORGS, ROOMS, USERS } from "../../workers/platform/demo-data.ts";
import { encodeId } from "../../workers/platform/ids.ts";
import { loggedIn, updatesBotMessages } from "./followers-helpers.ts";
import { read } from "./html.ts";
import { type Jar, postForm, visit, type World } from "./login.ts";
import { useOrgPolicyWorld } from "./org-policy-helpers.ts";

const world: World = useOrgPolicyWorld(["follows", "feature_toggles WHERE user_id <> ''"]);

const ADMIN = "/admin/organisation";
const acmeOrg = encodeId("ORGANIZATION", ORGS.acme.uuid);
const globexOrg = encodeId("ORGANIZATION", ORGS.globex.uuid);
const room = (key: keyof typeof ROOMS) => encodeId("ROOM", ROOMS[key].uuid);
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

describe("requests go only to a space of the organisation (item 9)", () => {
  const publishedBot = (n: number) =>
    world.app.catalogue.apps.filter((a) => a.type === "bot" && a.botEmail && a.status === "published" && !a.deprecation && !/webhooks$/.test(a.friendlyId ?? ""))[n]!;
  /** Someone of another organisation joins a space (as they may on the platform, invited by any member). */
  const outsiderJoins = (key: keyof typeof ROOMS) =>
    world.platform.db
      .prepare("INSERT INTO memberships (person_uuid, room_uuid, is_moderator, created) VALUES (?, ?, 0, ?)")
      .bind(USERS.max.uuid, ROOMS[key].uuid, new Date().toISOString())
      .run();
  const policyRow = () => world.app.db.prepare("SELECT mode, requests_to, requests_room_id, requests_room_title FROM org_policies").first();

  it("offers only spaces the organisation owns, and refuses one shared with another organisation", async () => {
    const ada = await loggedIn(world, USERS.ada.email);
    const page = read(await (await visit(world, ada, ADMIN)).text());
    const options = page.page
      .options("#requests-to")
      .map((o) => o.label)
      .join("\n");
    expect(options).toContain(ROOMS.adminCouncil.title);
    expect(options).toContain(ROOMS.designTeam.title);
    expect(options).not.toContain(ROOMS.partnerBridge.title);

    // Posted anyway: refused, nothing saved, and the bot was not added.
    const refused = await landed(ada, await admin(ada, { intent: "settings", mode: "approval", requestsTo: room("partnerBridge") }));
    expect(refused).toContain("Choose one of your organisation's group spaces");
    expect(await policyRow()).toBeNull();

    // A space of the organisation with someone from outside in it is refused too, saying why.
    await outsiderJoins("designTeam");
    const shared = await landed(ada, await admin(ada, { intent: "settings", mode: "approval", requestsTo: room("designTeam") }));
    expect(shared).toContain("has people from outside your organisation");
    expect(await policyRow()).toBeNull();
    expect((await updatesBotMessages(world)).filter((m) => m.roomTitle === ROOMS.designTeam.title)).toEqual([]);
  });

  it("checks again before each post: a space that became shared stops receiving, and the admins are told by direct message", async () => {
    const ada = await loggedIn(world, USERS.ada.email);
    await visit(world, ada, ADMIN);
    expect(await landed(ada, await admin(ada, { intent: "settings", mode: "approval", requestsTo: room("adminCouncil") }))).toContain("Settings saved");
    const riley = await loggedIn(world, USERS.riley.email);
    await landed(riley, await postForm(world, riley, `${pathOf(publishedBot(3))}/request`, { comment: "first" }));
    expect((await updatesBotMessages(world)).filter((m) => m.roomTitle === ROOMS.adminCouncil.title).length).toBe(1);

    await outsiderJoins("adminCouncil");
    await landed(riley, await postForm(world, riley, `${pathOf(publishedBot(4))}/request`, { comment: "second, with names" }));
    const messages = await updatesBotMessages(world);
    // Nothing more went to the space now that an outsider is in it.
    expect(messages.filter((m) => m.roomTitle === ROOMS.adminCouncil.title).length).toBe(1);
    const toAda = messages.filter((m) => m.toPersonUuid === USERS.ada.uuid).map((m) => m.markdown);
    expect(toAda.some((m) => m.includes(ROOMS.adminCouncil.title) && m.includes("outside your organisation"))).toBe(true);
    expect(toAda.some((m) => m.includes(publishedBot(4).name))).toBe(true);
    // The setting went back to direct messages, and the audit log says so.
    expect(await policyRow()).toMatchObject({ mode: "approval", requests_to: "admins", requests_room_id: null });
    const adminPage = read(await (await visit(world, ada, ADMIN)).text()).text;
    expect(adminPage).toMatch(/Requests go to: the space .Admin Council. → a direct message to each administrator/);
  });
});
