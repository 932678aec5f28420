// Issue 40 item 14: the organisation's audit log is paged (20 a page, newest first) at
// /admin/organisation/audit, filtered by app and by person with GET parameters (zod; what is not
// understood is ignored and said), the links keeping the other filter; the SQL reads one page
// through an index. Only the organisation's own admins see it, and only their organisation's rows.
import { describe, expect, it } from "vitest";
import { USERS } from "../../workers/platform/demo-data.ts";
import { auditPageStatement } from "../../app/features/org-policy/store.server.ts";
import { loggedIn } from "./followers-helpers.ts";
import { read, textOf } from "./html.ts";
import { type Jar, postForm, visit, type World } from "./login.ts";
import { ACME, useOrgPolicyWorld } from "./org-policy-helpers.ts";

const world: World = useOrgPolicyWorld();

const AUDIT = "/admin/organisation/audit";
const bots = () => world.app.catalogue.apps.filter((a) => a.status === "published" && !a.deprecation && a.type === "bot" && !/webhooks$/.test(a.friendlyId ?? ""));
const app = (n: number) => bots()[n]!;

/** 45 rows for Acme, oldest first: by turns Ada pre-approves app 0, Riley requests app 1, Ada restricts app 2; and 5 of another organisation. */
async function seedLog(): Promise<{ ids: number[] }> {
  const [a0, a1, a2] = [app(0), app(1), app(2)];
  const rows: [string, string, string][] = [];
  for (let i = 0; i < 45; i++) {
    const kind = i % 3;
    if (kind === 0) rows.push([USERS.ada.email, "org.approve", JSON.stringify({ appId: a0.id, appName: a0.name, reason: `row ${i}`, rule: null, before: null })]);
    if (kind === 1) rows.push([USERS.riley.email, "org.request", JSON.stringify({ appId: a1.id, appName: a1.name })]);
    if (kind === 2) rows.push([USERS.ada.email, "org.restrict", JSON.stringify({ appId: a2.id, appName: a2.name, reason: `row ${i}`, rule: null, before: null })]);
  }
  const at = (i: number) => new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString();
  await world.app.db.batch([
    ...rows.map(([actor, action, detail], i) =>
      world.app.db.prepare("INSERT INTO audit_log (at, actor, action, subject, detail) VALUES (?, ?, ?, ?, ?)").bind(at(i), actor, action, `org:${ACME}`, detail),
    ),
    ...[0, 1, 2, 3, 4].map((i) =>
      world.app.db
        .prepare("INSERT INTO audit_log (at, actor, action, subject, detail) VALUES (?, ?, 'org.approve', 'org:globex-other', ?)")
        .bind(at(100 + i), USERS.max.email, JSON.stringify({ appId: a0.id, appName: "Globex secret", reason: "globex", rule: null })),
    ),
  ]);
  const { results } = await world.app.db.prepare("SELECT id FROM audit_log WHERE subject = ? ORDER BY id DESC").bind(`org:${ACME}`).all<{ id: number }>();
  return { ids: results.map((r) => r.id) };
}

async function logPage(jar: Jar, query = "") {
  const res = await visit(world, jar, `${AUDIT}${query}`);
  const page = read(await res.text()).page;
  const rows = page.all("table tbody tr").map((tr) => page.all("td", tr).map(textOf));
  return { res, page, rows, caption: page.text("table caption") };
}

describe("the audit log, paged and filtered", () => {
  it("shows 20 entries a page, newest first, with plain links to older and newer pages; past the last page is not found", async () => {
    const ada = await loggedIn(world, USERS.ada.email);
    await seedLog();
    const first = await logPage(ada);
    expect(first.res.status).toBe(200);
    expect(first.res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(first.rows.length).toBe(20);
    // Newest first: the seeded rows end with "row 44" (a restrict: 44 % 3 = 2).
    expect(first.rows[0]![3]).toContain("row 44");
    expect(first.caption).toMatch(/newest first/);
    expect(first.caption).toMatch(/1–20/);
    expect(first.page.text()).not.toContain("Globex secret");
    const older = first.page.link("Older entries");
    expect(older?.getAttribute("href")).toBe(`${AUDIT}?page=2`);
    expect(first.page.link("Newer entries")).toBeNull();

    const third = await logPage(ada, "?page=3");
    expect(third.rows.length).toBe(5);
    expect(third.page.link("Older entries")).toBeNull();
    expect(third.page.link("Newer entries")?.getAttribute("href")).toBe(`${AUDIT}?page=2`);
    expect((await visit(world, ada, `${AUDIT}?page=4`)).status).toBe(404);
  });

  it("filters by app and by person (GET, a labelled form), and the links keep the other filter", async () => {
    const ada = await loggedIn(world, USERS.ada.email);
    await seedLog();
    const [a0, a1] = [app(0), app(1)];
    const page = (await logPage(ada)).page;
    const form = page.forms().find((f) => f.method === "get" && f.action === AUDIT);
    expect(form, "a GET filter form").toBeDefined();
    for (const name of ["app", "person"]) {
      const id = page.find(`[name="${name}"]`, form!.element)?.getAttribute("id");
      expect(id, `a ${name} field`).toBeTruthy();
      expect(page.find(`label[for="${id}"]`), `a label for ${name}`).not.toBeNull();
    }
    expect(page.options('[name="app"]').map((o) => o.value)).toEqual(expect.arrayContaining(["", a0.id, a1.id]));
    expect(page.options('[name="person"]').map((o) => o.value)).toEqual(expect.arrayContaining(["", USERS.ada.email, USERS.riley.email]));

    const byApp = await logPage(ada, `?app=${encodeURIComponent(a1.id)}`);
    expect(byApp.rows.length).toBe(15);
    expect(byApp.rows.every((r) => r[1] === USERS.riley.email && r[3]!.includes(a1.name))).toBe(true);
    expect(byApp.caption).toContain(a1.name);
    expect(byApp.page.forms().find((f) => f.action === AUDIT)!.fields.app).toBe(a1.id);

    const byPerson = await logPage(ada, `?person=${encodeURIComponent(USERS.ada.email)}`);
    expect(byPerson.rows.length).toBe(20);
    expect(byPerson.rows.every((r) => r[1] === USERS.ada.email)).toBe(true);
    expect(byPerson.caption).toContain(USERS.ada.email);
    const older = byPerson.page.link("Older entries")!.getAttribute("href")!;
    expect(new URL(older, "http://x").searchParams.get("person")).toBe(USERS.ada.email);
    expect(new URL(older, "http://x").searchParams.get("page")).toBe("2");
    const second = await logPage(ada, older.slice(AUDIT.length));
    expect(second.rows.length).toBe(10);
    expect(second.page.link("Newer entries")!.getAttribute("href")).toBe(`${AUDIT}?person=${encodeURIComponent(USERS.ada.email)}`);

    const both = await logPage(ada, `?app=${encodeURIComponent(a0.id)}&person=${encodeURIComponent(USERS.ada.email)}`);
    expect(both.rows.length).toBe(15);
    const none = await logPage(ada, `?app=${encodeURIComponent(a0.id)}&person=${encodeURIComponent(USERS.riley.email)}`);
    expect(none.rows.length).toBe(0);
    expect(none.page.text()).toContain("No entries");
  });

  it("ignores what it does not understand and says so", async () => {
    const ada = await loggedIn(world, USERS.ada.email);
    await seedLog();
    const odd = await logPage(ada, `?person=${encodeURIComponent("not an address\u0000")}&app=${"x".repeat(300)}&page=zero`);
    expect(odd.res.status).toBe(200);
    expect(odd.rows.length).toBe(20);
    expect(odd.page.text()).toMatch(/not understood/i);
  });

  it("reads one page through an index, whichever filters are set", async () => {
    for (const filter of [{}, { app: "app-1" }, { person: "ada@acme.example" }, { app: "app-1", person: "ada@acme.example" }]) {
      const { sql, binds } = auditPageStatement(ACME, filter, { offset: 20, limit: 21 });
      expect(sql).toMatch(/LIMIT \? OFFSET \?/);
      const plan = await world.app.db
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .bind(...binds)
        .all<{ detail: string }>();
      const details = plan.results.map((r) => r.detail).join("\n");
      expect(details).toMatch(/USING (COVERING )?INDEX audit_log_/);
      expect(details).not.toMatch(/TEMP B-TREE|SCAN audit_log(?! USING)/);
    }
  });

  it("is the organisation's admins' only: members and other organisations get not found or nothing of Acme's", async () => {
    await seedLog();
    const riley = await loggedIn(world, USERS.riley.email);
    expect((await visit(world, riley, AUDIT)).status).toBe(404);
    const max = await loggedIn(world, USERS.max.email);
    const res = await visit(world, max, AUDIT);
    if (res.status === 200) expect(read(await res.text()).text).not.toContain("row 44");
    else expect(res.status).toBe(404);
  });

  it("the admin page shows the latest entries and links to the whole log", async () => {
    const ada = await loggedIn(world, USERS.ada.email);
    await seedLog();
    expect((await postForm(world, ada, "/admin/organisation", { intent: "settings", mode: "approval", requestsTo: "admins" })).status).toBe(302);
    const admin = read(await (await visit(world, ada, "/admin/organisation")).text()).page;
    const rows = admin.all("section[aria-labelledby=audit-title] tbody tr");
    expect(rows.length).toBeLessThanOrEqual(20);
    expect(textOf(rows[0]!)).toContain("Changed the settings");
    expect(admin.links(admin.find("section[aria-labelledby=audit-title]")!)).toContain(AUDIT);
  });
});
