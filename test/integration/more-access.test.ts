// "This app now asks for more access" on My Integrations (issue 16; docs/decisions/027): Connect
// keeps what the app listed then (migration 0017); when its catalogue permissions grow, the row says
// so with the added ones, the versions, Reconnect (which records the new list) and Disconnect. A row
// from before 0017 is unknown, never "more". The catalogue change is made in D1 directly, as the
// review queue's approval will (the publisher's new version).
import { afterEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { PERMISSIONS, type PermissionKey } from "../../app/models/permissions.ts";
import type { AppRecord } from "../../app/models/catalogue-record.ts";
import { USERS } from "../../workers/platform/demo-data.ts";
import { page, read, textOf, type Element } from "./html.ts";
import { as, freeIntegrations, keyOf, startFirstPartyWorld, throughVendorConsent, useThirdPartyWorld } from "./integrations-world.ts";
import { postForm, useWorld, visit, type Jar, type World } from "./login.ts";

const TITLE = "This app now asks for more access";

/** /api/my-integrations' items, as documented (app/routes/api.my-integrations.ts). */
const apiSchema = z.object({
  mode: z.enum(["first-party", "third-party"]),
  source: z.enum(["platform", "records"]),
  manageUrl: z.string().url(),
  items: z.array(
    z.object({
      clientId: z.string(),
      name: z.string(),
      moreAccess: z
        .object({
          addedPermissions: z.array(z.object({ key: z.string(), label: z.string(), group: z.enum(["read", "write", "admin"]) })),
          connectedVersion: z.string().nullable(),
          currentVersion: z.string().nullable(),
          reconnectPath: z.string().nullable(),
        })
        .strict()
        .nullable(),
    }),
  ),
});

async function apiItems(world: World, jar: Jar) {
  const res = await visit(world, jar, "/api/my-integrations");
  expect(res.status).toBe(200);
  return apiSchema.parse(await res.json()).items;
}

/** Scopes the app does not list yet: one a person grants for themselves, and one admin scope. */
function newScopes(app: AppRecord): [PermissionKey, PermissionKey] {
  const missing = (Object.keys(PERMISSIONS) as PermissionKey[]).filter((k) => PERMISSIONS[k].kind === "scope" && !app.permissions.includes(k));
  const own = missing.find((k) => PERMISSIONS[k].group !== "admin")!;
  const admin = missing.find((k) => PERMISSIONS[k].group === "admin")!;
  expect(own && admin).toBeTruthy();
  return [own, admin];
}

/** The app's catalogue row in D1, changed as a published new version would change it; undone after the test. */
function catalogueEdits(world: () => World) {
  const edited = new Map<string, AppRecord>();
  afterEach(async () => {
    for (const app of edited.values()) {
      await world()
        .app.db.prepare("UPDATE apps SET permissions = ?, current_version = ? WHERE id = ?")
        .bind(JSON.stringify(app.permissions), app.versions[0]?.version ?? null, app.id)
        .run();
    }
    edited.clear();
  });
  return async (app: AppRecord, change: { permissions: string[]; version?: string | null }) => {
    edited.set(app.id, app);
    await world()
      .app.db.prepare("UPDATE apps SET permissions = ?, current_version = ? WHERE id = ?")
      .bind(JSON.stringify(change.permissions), change.version === undefined ? (app.versions[0]?.version ?? null) : change.version, app.id)
      .run();
  };
}

/** The page's row of an app (a list item labelled by its heading). */
function rowOf(html: string, app: AppRecord): Element {
  const row = page(html)
    .all('li[aria-labelledby^="integration-"]')
    .find((li) => page(html).text(`[id="${li.getAttribute("aria-labelledby")}"]`) === app.name);
  expect(row, `a row for ${app.name}`).toBeDefined();
  return row!;
}

const noticeIn = (html: string, row: Element) => page(html).labelled(TITLE, row);

async function connectedRecord(world: World, app: AppRecord) {
  return world.app.db
    .prepare("SELECT scopes, app_version FROM integration_connections WHERE user_id = ? AND client_id = ?")
    .bind(USERS.riley.uuid, app.clientId)
    .first<{ scopes: string | null; app_version: string | null }>();
}

describe("third-party mode (the default)", () => {
  const world = useThirdPartyWorld();
  const edit = catalogueEdits(() => world);
  const manageUrl = () => `${world.platform.origin}/account/authorized-apps`;

  it("Connect keeps what the app lists at that moment and its current version, with the start", async () => {
    const app = freeIntegrations(world)[0]!;
    expect(app.permissions.length).toBeGreaterThan(0);
    const jar = await as(world, USERS.riley.email);
    expect((await visit(world, jar, `/applications/${keyOf(app)}/connect`)).status).toBe(302);
    expect(await connectedRecord(world, app)).toEqual({ scopes: JSON.stringify(app.permissions), app_version: app.versions[0]?.version ?? null });
    // Right after Connect nothing is more.
    const html = await (await visit(world, jar, "/my-integrations")).text();
    expect(noticeIn(html, rowOf(html, app))).toBeNull();
    expect((await apiItems(world, jar)).map((i) => i.moreAccess)).toEqual([null]);
  });

  it("after the app's permissions grow, the row says so: the added ones in plain words (admin flagged), the versions, Reconnect and Disconnect", async () => {
    const app = freeIntegrations(world)[1]!;
    const jar = await as(world, USERS.riley.email);
    await visit(world, jar, `/applications/${keyOf(app)}/connect`);
    const [own, admin] = newScopes(app);
    // The new version lists them first and last: the notice keeps the catalogue's order.
    await edit(app, { permissions: [own, ...app.permissions, admin], version: "99.0.0" });

    const html = await (await visit(world, jar, "/my-integrations")).text();
    const notice = noticeIn(html, rowOf(html, app));
    expect(notice, "a region labelled by its heading").not.toBeNull();
    expect(notice!.rawTagName.toLowerCase()).toBe("section");
    expect(page(html).find("h3", notice!)?.text).toBe(TITLE);
    const items = page(html)
      .all("li", notice!)
      .map((li) => textOf(li));
    expect(items).toEqual([PERMISSIONS[own].label, `${PERMISSIONS[admin].label}Admin`]);
    const text = textOf(notice!);
    expect(text).toContain(
      app.versions[0] ? `When you connected ${app.name}, it was version ${app.versions[0].version}. Version 99.0.0 also asks for access to:` : `Since you connected ${app.name}`,
    );
    expect(text).toContain("Items marked Admin reach beyond your own account");
    expect(text).toContain(`${app.name} keeps only the access you gave it until you reconnect and allow the rest.`);
    // The permissions it had already are not repeated.
    for (const key of app.permissions) expect(text).not.toContain(PERMISSIONS[key as PermissionKey].label);
    // Reconnect: the app's own Connect. Disconnect: the platform's page, the only place that can (third-party).
    expect(page(html).link("Reconnect", notice!)?.getAttribute("href")).toBe(`/applications/${keyOf(app)}/connect`);
    const disconnect = page(html).link("Disconnect", notice!)!;
    expect(disconnect.getAttribute("href")).toBe(manageUrl());
    expect(textOf(disconnect)).toBe(`Disconnect ${app.name} on Lumen`);
    expect(page(html).buttons(notice!)).toEqual([]);

    const [item] = await apiItems(world, jar);
    expect(item!.moreAccess).toEqual({
      addedPermissions: [
        { key: own, label: PERMISSIONS[own].label, group: PERMISSIONS[own].group },
        { key: admin, label: PERMISSIONS[admin].label, group: "admin" },
      ],
      connectedVersion: app.versions[0]?.version ?? null,
      currentVersion: "99.0.0",
      reconnectPath: `/applications/${keyOf(app)}/connect`,
    });
  });

  it("Reconnect records what the app asks for now, and the notice goes", async () => {
    const app = freeIntegrations(world)[2]!;
    const jar = await as(world, USERS.riley.email);
    await visit(world, jar, `/applications/${keyOf(app)}/connect`);
    const [own] = newScopes(app);
    const grown = [...app.permissions, own];
    await edit(app, { permissions: grown, version: "99.1.0" });
    const before = await (await visit(world, jar, "/my-integrations")).text();
    const reconnect = page(before)
      .link("Reconnect", noticeIn(before, rowOf(before, app))!)!
      .getAttribute("href")!;

    const res = await visit(world, jar, reconnect);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toContain(`/vendors/${app.clientId}/start`);
    expect(await connectedRecord(world, app)).toEqual({ scopes: JSON.stringify(grown), app_version: "99.1.0" });
    const after = await (await visit(world, jar, "/my-integrations")).text();
    expect(noticeIn(after, rowOf(after, app))).toBeNull();
    expect(read(after).text).not.toContain(TITLE);
  });

  it("'Remove from this list' takes the notice with the row (the access itself is the platform's to take away)", async () => {
    const app = freeIntegrations(world)[0]!;
    const jar = await as(world, USERS.riley.email);
    await visit(world, jar, `/applications/${keyOf(app)}/connect`);
    await edit(app, { permissions: [...app.permissions, newScopes(app)[0]] });
    expect(read(await (await visit(world, jar, "/my-integrations")).text()).text).toContain(TITLE);
    expect((await postForm(world, jar, "/my-integrations", { intent: "forget", clientId: app.clientId!, name: app.name })).status).toBe(302);
    const after = read(await (await visit(world, jar, "/my-integrations")).text());
    expect(after.text).not.toContain(TITLE);
    expect(after.text).toContain(`${app.name} was removed from this list.`);
  });

  it("a Connect from before the hub kept what was asked shows no notice: unknown is not more", async () => {
    const app = freeIntegrations(world)[1]!;
    const jar = await as(world, USERS.riley.email);
    // A row as migration 0012 wrote it, before 0017: no scopes, no version.
    await world.app.db
      .prepare("INSERT INTO integration_connections (user_id, client_id, app_id, started_at) VALUES (?, ?, ?, ?)")
      .bind(USERS.riley.uuid, app.clientId, app.id, "2026-01-05T10:00:00.000Z")
      .run();
    await edit(app, { permissions: [...app.permissions, ...newScopes(app)], version: "99.2.0" });
    const html = await (await visit(world, jar, "/my-integrations")).text();
    expect(noticeIn(html, rowOf(html, app))).toBeNull();
    expect(read(html).text).toContain("You started connecting on January 5, 2026, not confirmed");
    expect((await apiItems(world, jar)).map((i) => i.moreAccess)).toEqual([null]);
  });

  it("a new version that asks for the same, fewer or reordered permissions shows no notice", async () => {
    const app = freeIntegrations(world)[2]!;
    expect(app.permissions.length).toBeGreaterThan(1);
    const jar = await as(world, USERS.riley.email);
    await visit(world, jar, `/applications/${keyOf(app)}/connect`);
    for (const permissions of [[...app.permissions].reverse(), app.permissions.slice(1)]) {
      await edit(app, { permissions, version: "99.3.0" });
      const html = await (await visit(world, jar, "/my-integrations")).text();
      expect(noticeIn(html, rowOf(html, app))).toBeNull();
    }
  });

  it("an app App Hub can no longer connect offers Disconnect only", async () => {
    const app = freeIntegrations(world)[0]!;
    const jar = await as(world, USERS.riley.email);
    await visit(world, jar, `/applications/${keyOf(app)}/connect`);
    await edit(app, { permissions: [...app.permissions, newScopes(app)[0]] });
    await world.app.db.prepare("UPDATE apps SET connect_url = NULL WHERE id = ?").bind(app.id).run();
    try {
      const html = await (await visit(world, jar, "/my-integrations")).text();
      const notice = noticeIn(html, rowOf(html, app))!;
      expect(notice).not.toBeNull();
      expect(page(html).link("Reconnect", notice)).toBeNull();
      expect(page(html).link("Disconnect", notice)?.getAttribute("href")).toBe(manageUrl());
      expect((await apiItems(world, jar))[0]!.moreAccess?.reconnectPath).toBeNull();
    } finally {
      await world.app.db.prepare("UPDATE apps SET connect_url = ? WHERE id = ?").bind(app.connectUrl, app.id).run();
    }
  });
});

describe("first-party mode", () => {
  const world = useWorld(
    () => startFirstPartyWorld(),
    async (w) => {
      await w.platform.reset();
      await w.app.db.prepare("DELETE FROM integration_connections").run();
    },
  );
  const edit = catalogueEdits(() => world);

  /** Connect through the hub and accept at the platform: the grant exists, with our record of what was asked. */
  async function connectThroughHub(jar: Jar, app: AppRecord) {
    const res = await visit(world, jar, `/applications/${keyOf(app)}/connect`);
    const start = await world.platform.fetch(new URL(res.headers.get("Location")!).pathname + new URL(res.headers.get("Location")!).search);
    const vendor = await throughVendorConsent(world.platform, new URL(start.headers.get("Location")!), USERS.riley.email);
    expect(vendor.status).toBe(200);
  }

  it("the notice's Disconnect revokes the grant: the row and its notice go", async () => {
    const app = freeIntegrations(world)[0]!;
    const jar = await as(world, USERS.riley.email);
    await connectThroughHub(jar, app);
    await edit(app, { permissions: [...app.permissions, ...newScopes(app)], version: "99.4.0" });

    const html = await (await visit(world, jar, "/my-integrations")).text();
    const row = rowOf(html, app);
    const notice = noticeIn(html, row)!;
    expect(notice).not.toBeNull();
    expect(page(html).link("Reconnect", notice)?.getAttribute("href")).toBe(`/applications/${keyOf(app)}/connect`);
    // One Disconnect in the row: the notice's (the row's own is hidden while the notice shows).
    const visibleButtons = page(html)
      .buttons(row)
      .filter((b) => !b.element.closest("[hidden]"));
    expect(visibleButtons.map((b) => b.text)).toEqual([`Disconnect ${app.name}`]);
    const [form] = page(html).forms(notice);
    expect(form!.fields).toMatchObject({ clientId: app.clientId, intent: "disconnect" });

    expect((await postForm(world, jar, "/my-integrations", { intent: "disconnect", clientId: app.clientId!, name: app.name })).status).toBe(302);
    const after = read(await (await visit(world, jar, "/my-integrations")).text());
    expect(after.text).toContain(`${app.name} was disconnected from your account.`);
    expect(after.text).not.toContain(TITLE);
    expect(after.links).not.toContain(`/applications/${keyOf(app)}`);
  });

  it("Reconnect clears it; the API carries the same", async () => {
    const app = freeIntegrations(world)[1]!;
    const jar = await as(world, USERS.riley.email);
    await connectThroughHub(jar, app);
    const [own] = newScopes(app);
    await edit(app, { permissions: [...app.permissions, own] });
    const [item] = (await apiItems(world, jar)).filter((i) => i.clientId === app.clientId);
    expect(item!.moreAccess?.addedPermissions.map((p) => p.key)).toEqual([own]);

    await connectThroughHub(jar, app);
    const html = await (await visit(world, jar, "/my-integrations")).text();
    expect(noticeIn(html, rowOf(html, app))).toBeNull();
    expect((await apiItems(world, jar)).find((i) => i.clientId === app.clientId)!.moreAccess).toBeNull();
  });

  it("a grant made outside App Hub (no record here) shows no notice", async () => {
    const jar = await as(world, USERS.riley.email);
    // Riley's seeded grants were never connected through this hub.
    const items = await apiItems(world, jar);
    expect(items.length).toBeGreaterThan(0);
    expect(items.every((i) => i.moreAccess === null)).toBe(true);
  });
});
