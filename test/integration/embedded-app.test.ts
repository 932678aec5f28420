// Embedded-app access (spec §4, §5, §6, §7): GET /api/validate-embedded-app-access answers from the
// organisation policies of migration 0009 (Globex has embedded apps off in the demo), only to a
// logged-in person and only about their own organisation; an embedded app's page shows the
// embedded-app dialog with what the person can do, also given the phase-1 feature toggle.
import { describe, expect, it } from "vitest";
import { ORGS, USERS } from "../../workers/platform/demo-data.ts";
import { encodeId } from "../../workers/platform/ids.ts";
import { read } from "./html.ts";
import { Jar, logIn, startWorld, useWorld, visit } from "./login.ts";

const world = useWorld(
  () => startWorld(),
  async (started) => {
    await started.platform.reset();
    // Back to the migration's policies and toggles.
    await started.app.db.batch([
      started.app.db.prepare("DELETE FROM embedded_app_policies WHERE note = 'test'"),
      started.app.db.prepare("DELETE FROM feature_toggles WHERE user_id <> ''"),
    ]);
  },
);

const embeddedApps = () => world.app.catalogue.apps.filter((a) => a.type === "embeddedApp" && a.status === "published");
const keyOf = (app: { friendlyId: string | null; id: string }) => app.friendlyId ?? app.id;
const acmeOrg = encodeId("ORGANIZATION", ORGS.acme.uuid);
const globexOrg = encodeId("ORGANIZATION", ORGS.globex.uuid);

async function as(email: string): Promise<Jar> {
  const jar = new Jar();
  expect((await logIn(world, jar, email)).status).toBe(302);
  return jar;
}

const validate = (jar: Jar | null, org: string, appId: string) =>
  visit(world, jar ?? new Jar(), `/api/validate-embedded-app-access?realCallerOrgId=${encodeURIComponent(org)}&appId=${encodeURIComponent(appId)}`);

function setPolicy(orgUuid: string, appId: string, allowed: boolean) {
  return world.app.db
    .prepare("INSERT OR REPLACE INTO embedded_app_policies (org_id, app_id, allowed, note, updated_at) VALUES (?, ?, ?, 'test', '2026-07-01T00:00:00Z')")
    .bind(orgUuid, appId, allowed ? 1 : 0)
    .run();
}

describe("GET /api/validate-embedded-app-access", () => {
  it("answers value ['true'] first for an organisation that allows embedded apps", async () => {
    const jar = await as(USERS.riley.email);
    const app = embeddedApps()[0]!;
    const res = await validate(jar, acmeOrg, app.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await res.json()).toEqual({ value: ["true"] });
    // The organisation's uuid (the decoded id) and the app's friendlyId work too.
    expect(await (await validate(jar, ORGS.acme.uuid, keyOf(app))).json()).toEqual({ value: ["true"] });
  });

  it("answers value ['false'] for Globex, which has embedded apps turned off", async () => {
    const jar = await as(USERS.max.email);
    expect(await (await validate(jar, globexOrg, embeddedApps()[0]!.id)).json()).toEqual({ value: ["false"] });
  });

  it("the most specific policy wins: per app over per organisation over the default", async () => {
    const [first, second] = embeddedApps();
    await setPolicy(ORGS.acme.uuid, first!.id, false);
    await setPolicy(ORGS.globex.uuid, second!.id, true);
    const riley = await as(USERS.riley.email);
    expect(await (await validate(riley, acmeOrg, first!.id)).json()).toEqual({ value: ["false"] });
    expect(await (await validate(riley, acmeOrg, second!.id)).json()).toEqual({ value: ["true"] });
    const max = await as(USERS.max.email);
    expect(await (await validate(max, globexOrg, second!.id)).json()).toEqual({ value: ["true"] });
    expect(await (await validate(max, globexOrg, first!.id)).json()).toEqual({ value: ["false"] });
  });

  it("with no policy at all (not even the default) there is no access", async () => {
    await world.app.db.prepare("DELETE FROM embedded_app_policies").run();
    try {
      const jar = await as(USERS.riley.email);
      expect(await (await validate(jar, acmeOrg, embeddedApps()[0]!.id)).json()).toEqual({ value: ["false"] });
    } finally {
      await world.app.db.batch([
        world.app.db.prepare("INSERT INTO embedded_app_policies VALUES ('', '', 1, 'Default: every organisation may open embedded apps', '2026-07-01T00:00:00.000Z')"),
        world.app.db.prepare(`INSERT INTO embedded_app_policies VALUES ('${ORGS.globex.uuid}', '', 0, 'Demo: Globex turns embedded apps off', '2026-07-01T00:00:00.000Z')`),
      ]);
    }
  });

  it("refuses to answer about another organisation (403)", async () => {
    const jar = await as(USERS.riley.email);
    for (const org of [globexOrg, ORGS.globex.uuid, "not-an-org"]) {
      const res = await validate(jar, org, embeddedApps()[0]!.id);
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ message: "You can only check embedded-app access for your own organization." });
    }
  });

  it("logged out: 401 with redirectTo '/'", async () => {
    const res = await validate(null, acmeOrg, embeddedApps()[0]!.id);
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ redirectTo: "/" });
  });

  it("400 without its parameters; 404 for an unknown app or one that is not embedded", async () => {
    const jar = await as(USERS.riley.email);
    expect((await visit(world, jar, `/api/validate-embedded-app-access?appId=${embeddedApps()[0]!.id}`)).status).toBe(400);
    expect((await visit(world, jar, `/api/validate-embedded-app-access?realCallerOrgId=${acmeOrg}`)).status).toBe(400);
    expect((await validate(jar, acmeOrg, "no-such-app")).status).toBe(404);
    const bot = world.app.catalogue.apps.find((a) => a.type === "bot")!;
    expect((await validate(jar, acmeOrg, bot.id)).status).toBe(404);
  });
});

describe("the embedded-app dialog on an embedded app's page", () => {
  /** The app's page as a reader gets it: its visible text, and the parsed page. */
  const detail = async (jar: Jar, app: { friendlyId: string | null; id: string }) => {
    const res = await visit(world, jar, `/applications/${keyOf(app)}`);
    expect(res.status).toBe(200);
    return read(await res.text());
  };

  it("allowed, toggle on: how to open it from a meeting or a space", async () => {
    const app = embeddedApps()[0]!;
    const { text, page } = await detail(await as(USERS.riley.email), app);
    expect(page.find("#embedded-app")).not.toBeNull();
    expect(text).toContain(`Open ${app.name} in a meeting or space`);
    expect(text).toMatch(/In a (meeting|space): select/);
    expect(text).not.toContain("Talk to your IT Admin for more information");
    expect(text).not.toContain("Log in to add app +");
  });

  it("not enabled by the organisation: says so, and to talk to the IT admin", async () => {
    const app = embeddedApps()[0]!;
    const { text } = await detail(await as(USERS.max.email), app);
    expect(text).toContain(`${app.name} isn't available to your organization`);
    expect(text).toContain(`Your organization hasn't enabled ${app.name}.`);
    expect(text).toContain("Talk to your IT Admin for more information");
  });

  it("allowed but the embedded-app-phase-1-enabled toggle is off for the person: not yet", async () => {
    const app = embeddedApps()[0]!;
    await world.app.db.prepare("INSERT INTO feature_toggles (key, user_id, val) VALUES ('embedded-app-phase-1-enabled', ?, 'false')").bind(USERS.riley.uuid).run();
    const { text } = await detail(await as(USERS.riley.email), app);
    expect(text).toContain("Embedded apps are coming to your account");
    expect(text).not.toContain(`Open ${app.name} in a meeting or space`);
  });

  it("logged out: no dialog, 'Log in to add app +'", async () => {
    const { text, page } = read(await (await world.app.fetch(`/applications/${keyOf(embeddedApps()[0]!)}`)).text());
    expect(text).toContain("Log in to add app +");
    expect(page.find("#embedded-app")).toBeNull();
  });
});
