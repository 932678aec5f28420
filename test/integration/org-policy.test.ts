// Organisations decide which apps their people use (issue 29; docs/decisions/035): the admin page,
// members' standing, every refusal (add, connect, webhooks, follow; pages and APIs), requests and
// every way they are decided (approve, deny, restrict, a rule), more access, and isolation tested as
// an attacker would (another organisation's ids, a direct POST, `.data`, a demoted admin, no CSRF).
import { beforeEach, describe, expect, it } from "vitest";
import { ROOMS, USERS } from "../../workers/platform/demo-data.ts";
import { encodeId } from "../../workers/platform/ids.ts";
import { eventually, loggedIn, updatesBotMessages } from "./followers-helpers.ts";
import { keyOf, listedBots, publisherCall, tokenFor } from "./publisher.ts";
import { PERMISSION_KEYS, PERMISSIONS } from "../../app/models/permissions.ts";
import { freshRateWindow } from "./harness.ts";
import { read, textOf } from "./html.ts";
import { type Jar, postForm, visit, type World } from "./login.ts";
import { ACME, useOrgPolicyWorld } from "./org-policy-helpers.ts";

const world: World = useOrgPolicyWorld(["follows", "integration_connections"]);

const ADMIN = "/admin/organisation";
const room = (key: keyof typeof ROOMS) => encodeId("ROOM", ROOMS[key].uuid);
const published = () => world.app.catalogue.apps.filter((a) => a.status === "published" && !a.deprecation);
const key = (a: { friendlyId?: string | null; id: string }) => a.friendlyId ?? a.id;
const pathOf = (a: { friendlyId?: string | null; id: string }) => `/applications/${encodeURIComponent(key(a))}`;
const isAdminPermission = (p: string) => /^(spark:all|spark-admin:|spark-compliance:|identity:|bot:memberships_write)/.test(p);
/** Published bots with no admin permission (n-th), not the hub's own. */
const bot = (n = 0) => published().filter((a) => a.type === "bot" && a.botEmail && !/webhooks$/.test(a.friendlyId ?? "") && !a.permissions.some(isAdminPermission))[n]!;
const integration = (n = 0) => published().filter((a) => a.type === "integration" && a.connectUrl)[n]!;

/** Follows a redirect (the flash notice shows on the page it leads to); returns that page's text. */
async function landed(jar: Jar, res: Response): Promise<string> {
  expect(res.status).toBe(302);
  return read(await (await visit(world, jar, res.headers.get("Location")!)).text()).text;
}
const admin = (jar: Jar, fields: Record<string, string>) => postForm(world, jar, ADMIN, fields);
async function approvalRequired(ada: Jar) {
  expect(await landed(ada, await admin(ada, { intent: "settings", mode: "approval", requestsTo: "admins" }))).toContain("Settings saved");
}
const jsonPost = (jar: Jar, path: string, body: unknown) =>
  visit(world, jar, path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: world.app.origin, "X-CSRF-Token": jar.get("csrf-token")! },
    body: JSON.stringify(body),
  });
const requestRows = () =>
  world.app.db.prepare("SELECT * FROM org_app_requests ORDER BY id").all<{ id: number; status: string; decided_by: string | null; rule_name: string | null; comment: string }>();
const toPerson = (uuid: string) => async () => (await updatesBotMessages(world)).filter((m) => m.toPersonUuid === uuid).map((m) => m.markdown);

/** A version the app's publisher submits through the API and Sam, a hub admin, approves in the review queue. */
async function publishVersion(app: ReturnType<typeof listedBots>[number], body: Record<string, unknown>): Promise<void> {
  const res = await publisherCall(world, await tokenFor(world, app.publisher!), `/apps/${keyOf(app)}/versions`, body);
  expect(res.status).toBe(202);
  const { id } = (await res.json()) as { id: number };
  const sam = await loggedIn(world, USERS.sam.email);
  await visit(world, sam, `/admin/review/${id}`);
  expect((await postForm(world, sam, `/admin/review/${id}`, { intent: "approve" })).status).toBe(302);
}

describe("who decides", () => {
  it("only a full administrator of the organisation opens the admin page; others get not found", async () => {
    const ada = await loggedIn(world, USERS.ada.email);
    const page = await visit(world, ada, ADMIN);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    const text = read(await page.text()).text;
    expect(text).toContain("Your organisation's apps");
    expect(text).toContain("cannot stop an installation made outside it");
    for (const email of [USERS.riley.email, USERS.max.email]) {
      const jar = await loggedIn(world, email);
      expect((await visit(world, jar, ADMIN)).status).toBe(404);
      expect((await visit(world, jar, `${ADMIN}.data`)).status).toBe(404);
    }
    expect((await visit(world, ada, "/")).status).toBe(200);
    expect(read(await (await visit(world, ada, "/")).text()).links).toContain(ADMIN);
  });

  it("remembers admins at login, who get requests", async () => {
    await loggedIn(world, USERS.ada.email);
    await loggedIn(world, USERS.riley.email);
    const { results } = await world.app.db.prepare("SELECT org_id, email FROM org_admins").all<{ org_id: string; email: string }>();
    expect(results).toEqual([{ org_id: ACME, email: USERS.ada.email }]);
  });
});

describe("an open organisation", () => {
  it("shows no policy and refuses nothing (today's behaviour)", async () => {
    const riley = await loggedIn(world, USERS.riley.email);
    const text = read(await (await visit(world, riley, pathOf(bot()))).text()).text;
    expect(text).not.toMatch(/Needs approval|Approved by your organisation|Restricted by your organisation/);
    const res = await jsonPost(riley, "/api/create-membership", { roomId: room("designTeam"), appId: key(bot()) });
    expect(res.status).toBe(200);
  });
});

describe("approval required", () => {
  it("shows members the three states on app pages, and nothing to anonymous visitors or another organisation", async () => {
    const ada = await loggedIn(world, USERS.ada.email);
    await approvalRequired(ada);
    await landed(ada, await admin(ada, { intent: "approve", appId: bot(0).id, reason: "" }));
    await landed(ada, await admin(ada, { intent: "restrict", appId: bot(1).id, reason: "Use the approved one" }));
    const riley = await loggedIn(world, USERS.riley.email);
    const approved = read(await (await visit(world, riley, pathOf(bot(0)))).text()).text;
    expect(approved).toContain("Approved by your organisation");
    const restricted = await visit(world, riley, pathOf(bot(1)));
    expect(restricted.headers.get("Cache-Control")).toBe("private, no-store");
    const restrictedText = read(await restricted.text());
    expect(restrictedText.text).toContain("Restricted by your organisation");
    expect(restrictedText.text).toContain("Use the approved one");
    expect(restrictedText.links.some((l) => l.endsWith("/request"))).toBe(false);
    const other = read(await (await visit(world, riley, pathOf(bot(2)))).text());
    expect(other.text).toContain("Needs approval");
    expect(other.links).toContain(`${pathOf(bot(2))}/request`);
    // No add-bot panel for an app that is not approved.
    expect(other.text).not.toContain("Add to a space");

    const max = await loggedIn(world, USERS.max.email);
    const maxText = read(await (await visit(world, max, pathOf(bot(1)))).text()).text;
    expect(maxText).not.toMatch(/Needs approval|Approved by your organisation|Restricted by your organisation/);
    const anonymous = await world.app.fetch(pathOf(bot(1)));
    expect(read(await anonymous.text()).text).not.toMatch(/Needs approval|Restricted by your organisation/);
  });

  it("list pages show members the badges and offer 'Approved for my organisation'; anonymous and other organisations' pages stay as they were", async () => {
    const ada = await loggedIn(world, USERS.ada.email);
    await approvalRequired(ada);
    await landed(ada, await admin(ada, { intent: "approve", appId: bot(0).id, reason: "" }));
    const riley = await loggedIn(world, USERS.riley.email);
    const list = await visit(world, riley, "/bots");
    expect(list.headers.get("Cache-Control")).toBe("private, no-store");
    const page = read(await list.text());
    expect(page.text).toContain("Needs approval");
    expect(page.links).toContain("/bots?org=approved");
    const only = read(await (await visit(world, riley, "/bots?org=approved")).text());
    expect(only.links).toContain(pathOf(bot(0)));
    expect(only.text).toContain("Showing 1–1 of 1 app");
    expect(only.text).toContain("Approved by your organisation");
    expect(only.text).not.toContain("Needs approval");
    // The sort form and the filter form keep it.
    const forms = only.page.forms().filter((f) => f.action === "/bots");
    expect(forms.length).toBe(2);
    for (const form of forms) expect(form.fields.org).toBe("approved");
    for (const jar of [await loggedIn(world, USERS.max.email), null]) {
      const res = jar ? await visit(world, jar, "/bots?org=approved") : await world.app.fetch("/bots?org=approved");
      const text = read(await res.text()).text;
      expect(text).not.toMatch(/Needs approval|Approved by your organisation|Approved for my organisation/);
      expect(text).not.toContain("Showing 1–1 of 1 app");
    }
  });

  it("search shows members the badges and offers 'Approved for my organisation' (kept by sort and filters); anonymous and other organisations' searches stay as they were", async () => {
    const ada = await loggedIn(world, USERS.ada.email);
    await approvalRequired(ada);
    await landed(ada, await admin(ada, { intent: "approve", appId: bot(0).id, reason: "" }));
    await landed(ada, await admin(ada, { intent: "restrict", appId: bot(1).id, reason: "" }));
    const riley = await loggedIn(world, USERS.riley.email);
    const search = (params: Record<string, string>) => `/search?${new URLSearchParams(params)}`;
    const all = search({ q: bot(0).name });
    const res = await visit(world, riley, all);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const found = read(await res.text());
    expect(found.links).toContain(pathOf(bot(0)));
    expect(found.text).toContain("Approved by your organisation");
    // The filter's address keeps the text (parameters in canonical, alphabetical order).
    const onHref = search({ org: "approved", q: bot(0).name });
    expect(found.links).toContain(onHref);
    for (const [n, label] of [
      [1, "Restricted by your organisation"],
      [2, "Needs approval"],
    ] as const) {
      expect(read(await (await visit(world, riley, search({ q: bot(n).name }))).text()).text).toContain(label);
    }

    // On: only approved apps (here of the apps that match some of the words); the sort form keeps it.
    const both = { q: `${bot(0).name} ${bot(2).name}`, words: "any", literal: "1" };
    const off = read(await (await visit(world, riley, search(both))).text());
    expect(off.links).toEqual(expect.arrayContaining([pathOf(bot(0)), pathOf(bot(2))]));
    const on = read(await (await visit(world, riley, search({ ...both, org: "approved" }))).text());
    expect(on.links).toContain(pathOf(bot(0)));
    expect(on.links).not.toContain(pathOf(bot(2)));
    expect(on.text).not.toMatch(/Needs approval|Restricted by your organisation/);
    expect(on.text).toContain("✓ Approved for my organisation (show all)");
    expect(on.links).toContain(search({ literal: "1", q: both.q, words: "any" }));
    const refine = on.page.forms().find((f) => f.fields.sort !== undefined)!;
    expect(refine.fields).toMatchObject({ org: "approved", words: "any", literal: "1" });
    // Nothing approved matches this text: no results, and a way back to every app.
    const none = read(await (await visit(world, riley, search({ q: bot(2).name, org: "approved" }))).text());
    expect(none.text).toContain(`Sorry, no results for "${bot(2).name}"`);
    expect(none.links).toContain(search({ q: bot(2).name }));

    // Another organisation's member and an anonymous visitor: no badge, no filter; `org` changes nothing.
    for (const jar of [await loggedIn(world, USERS.max.email), null]) {
      const address = search({ q: bot(2).name, org: "approved" });
      const r = jar ? await visit(world, jar, address) : await world.app.fetch(address);
      const p = read(await r.text());
      expect(p.text).not.toMatch(/Needs approval|Approved by your organisation|Restricted by your organisation|Approved for my organisation/);
      expect(p.links).toContain(pathOf(bot(2)));
    }
  });

  it("refuses add, direct message, connect, follow and webhooks of an unapproved app (pages and APIs), and the platform sees nothing", async () => {
    const ada = await loggedIn(world, USERS.ada.email);
    await approvalRequired(ada);
    const riley = await loggedIn(world, USERS.riley.email);
    const b = bot(3);
    // The page's add-bot form.
    await visit(world, riley, pathOf(b));
    const page = await landed(riley, await postForm(world, riley, pathOf(b), { intent: "add-to-space", roomId: room("designTeam") }));
    expect(page).toContain("Your organisation requires approval for");
    // The APIs: 403 with the reason.
    for (const [path, body] of [
      ["/api/create-membership", { roomId: room("designTeam"), appId: key(b) }],
      ["/api/send-direct-message", { appId: key(b) }],
    ] as const) {
      const res = await jsonPost(riley, path, body);
      expect(res.status).toBe(403);
      const json = (await res.json()) as { error: string; state: string; message: string };
      expect(json).toMatchObject({ error: "org_policy", state: "needs-approval" });
      expect(json.message).toContain(b.name);
    }
    const { results } = await world.platform.db
      .prepare("SELECT p.email FROM memberships m JOIN people p ON p.uuid = m.person_uuid WHERE lower(p.email) = lower(?)")
      .bind(b.botEmail)
      .all();
    expect(results).toEqual([]);
    // Connect: back to the page with the reason, never to the vendor.
    const app = integration();
    const connect = await visit(world, riley, `${pathOf(app)}/connect`);
    expect(connect.headers.get("Location")).toBe(pathOf(app));
    expect(await landed(riley, connect)).toContain("requires approval");
    // Follow.
    await visit(world, riley, `${pathOf(app)}/follow`);
    const follow = await postForm(world, riley, `${pathOf(app)}/follow`, { intent: "follow", destination: "direct" });
    expect(follow.status).toBe(403);
    expect(read(await follow.text()).text).toContain("requires approval");
    expect((await world.app.db.prepare("SELECT COUNT(*) AS n FROM follows").first<{ n: number }>())!.n).toBe(0);
    // Webhooks: the hub's Incoming Webhooks app is not approved either.
    const hook = await jsonPost(riley, "/api/webhooks?type=incoming", { roomId: room("designTeam"), displayName: "Build-bot" });
    expect(hook.status).toBe(403);
    expect(((await hook.json()) as { error: string }).error).toBe("org_policy");
    await visit(world, riley, "/applications/incoming-webhooks");
    const hookPage = await postForm(world, riley, "/applications/incoming-webhooks", { intent: "create-webhook", displayName: "Build-bot", roomId: room("designTeam") });
    expect(hookPage.status).toBe(403);
    expect(read(await hookPage.text()).text).toContain("requires approval");
  });

  it("a member requests with a comment; each admin gets the bot's message; the admin approves; the member is told and can add", async () => {
    const ada = await loggedIn(world, USERS.ada.email);
    await approvalRequired(ada);
    const riley = await loggedIn(world, USERS.riley.email);
    const b = bot(4);
    const form = await visit(world, riley, `${pathOf(b)}/request`);
    expect(form.status).toBe(200);
    const sent = await landed(riley, await postForm(world, riley, `${pathOf(b)}/request`, { comment: "For **stand-ups** <@personEmail:x@y|X> [click](https://evil.example)" }));
    expect(sent).toContain("Request sent");
    // Asking twice adds nothing.
    await landed(riley, await postForm(world, riley, `${pathOf(b)}/request`, { comment: "again" }));
    expect((await requestRows()).results).toHaveLength(1);

    const [dm] = await toPerson(USERS.ada.uuid)();
    expect(dm).toContain(b.name);
    expect(dm).toContain("Riley");
    expect(dm).toContain("\\*\\*stand-ups\\*\\*");
    // Escaped: shown as typed, no mention, no formatting, no link.
    expect(dm).not.toMatch(/(^|[^\\])<@personEmail/);
    expect(dm).not.toContain("evil.example");
    expect(dm).toMatch(/\/admin\/organisation#request-\d+/);

    const adminPage = read(await (await visit(world, ada, ADMIN)).text()).text;
    expect(adminPage).toContain("Pending requests (1)");
    expect(adminPage).toContain("For **stand-ups**");
    const id = (await requestRows()).results[0]!.id;
    expect(await landed(ada, await admin(ada, { intent: "approve-request", requestId: String(id), reason: "Fine for the team" }))).toContain("Request approved");
    const told = await toPerson(USERS.riley.uuid)();
    expect(told.at(-1)).toContain("approved by Ada Admin");
    expect(told.at(-1)).toContain("Fine for the team");
    // Now Riley can add it.
    expect(read(await (await visit(world, riley, pathOf(b))).text()).text).toContain("Approved by your organisation");
    expect((await jsonPost(riley, "/api/create-membership", { roomId: room("designTeam"), appId: key(b) })).status).toBe(200);
    // History and audit log.
    const afterPage = read(await (await visit(world, ada, ADMIN)).text());
    expect(afterPage.text).toContain("Pending requests (0)");
    const audit = await world.app.db.prepare("SELECT action FROM audit_log WHERE subject = ? ORDER BY id").bind(`org:${ACME}`).all<{ action: string }>();
    expect(audit.results.map((r) => r.action)).toEqual(["org.settings", "org.request", "org.approve"]);
    // The audit log reads as words (newest first): the app by name, linked to its page; before → after; no JSON, no ids.
    const log = afterPage.page.all("section[aria-labelledby=audit-title] tbody tr").map((tr) => afterPage.page.all("td", tr).map(textOf));
    expect(log.map((cells) => cells.slice(2))).toEqual([
      ["Pre-approved an app", `${b.name}: On neither list → Pre-approved. Reason: Fine for the team`],
      ["Requested an app", b.name],
      ["Changed the settings", "Mode: Open → Approval required. Requests go to: a direct message to each administrator."],
    ]);
    const auditLinks = afterPage.page.all("section[aria-labelledby=audit-title] tbody a").map((a) => [a.getAttribute("href"), textOf(a)]);
    expect(auditLinks).toEqual([
      [pathOf(b), b.name],
      [pathOf(b), b.name],
    ]);
    expect(afterPage.page.text("section[aria-labelledby=audit-title]")).not.toMatch(/[{}]|appId|Y2lz/);
  });

  it("sends requests to the one space the admins chose, with the App Hub bot added to it", async () => {
    const ada = await loggedIn(world, USERS.ada.email);
    await visit(world, ada, ADMIN);
    const saved = await landed(ada, await admin(ada, { intent: "settings", mode: "approval", requestsTo: room("adminCouncil") }));
    expect(saved).toContain("Settings saved");
    expect(await world.app.db.prepare("SELECT requests_to, requests_room_title FROM org_policies").first()).toEqual({
      requests_to: "space",
      requests_room_title: ROOMS.adminCouncil.title,
    });
    const riley = await loggedIn(world, USERS.riley.email);
    await landed(riley, await postForm(world, riley, `${pathOf(bot(11))}/request`, { comment: "for the team" }));
    const inSpace = (await updatesBotMessages(world)).filter((m) => m.roomTitle === ROOMS.adminCouncil.title);
    expect(inSpace.at(-1)?.markdown).toContain(bot(11).name);
    expect(await toPerson(USERS.ada.uuid)()).toEqual([]);
    // A space the admin is not in is refused, and nothing changes.
    expect(await landed(ada, await admin(ada, { intent: "settings", mode: "open", requestsTo: room("designTeam").replace(/.$/, "x") }))).toContain(
      "Choose one of your organisation's group spaces",
    );
    expect((await world.app.db.prepare("SELECT mode FROM org_policies").first<{ mode: string }>())!.mode).toBe("approval");
  });

  it("deny (with a reason) tells the member, who may ask again; restrict from a request restricts the app", async () => {
    const ada = await loggedIn(world, USERS.ada.email);
    await approvalRequired(ada);
    const riley = await loggedIn(world, USERS.riley.email);
    await landed(riley, await postForm(world, riley, `${pathOf(bot(5))}/request`, { comment: "" }));
    await landed(riley, await postForm(world, riley, `${pathOf(bot(6))}/request`, { comment: "" }));
    const [first, second] = (await requestRows()).results;
    expect(await landed(ada, await admin(ada, { intent: "deny-request", requestId: String(first!.id), reason: "Not now" }))).toContain("Request denied");
    expect((await toPerson(USERS.riley.uuid)()).at(-1)).toContain("denied by Ada Admin");
    const denied = read(await (await visit(world, riley, pathOf(bot(5)))).text());
    expect(denied.text).toContain("Your request was denied: Not now");
    expect(denied.links).toContain(`${pathOf(bot(5))}/request`);
    // Deciding it twice: already decided.
    expect(await landed(ada, await admin(ada, { intent: "approve-request", requestId: String(first!.id), reason: "" }))).toContain("Already decided");

    await landed(ada, await admin(ada, { intent: "restrict-request", requestId: String(second!.id), reason: "" }));
    expect(read(await (await visit(world, riley, pathOf(bot(6)))).text()).text).toContain("Restricted by your organisation");
    const again = await postForm(world, riley, `${pathOf(bot(6))}/request`, { comment: "" });
    expect(await landed(riley, again)).toContain("cannot be requested");
  });

  it("a rule decides a request at once and says which rule decided", async () => {
    const ada = await loggedIn(world, USERS.ada.email);
    await approvalRequired(ada);
    expect(await landed(ada, await admin(ada, { intent: "add-rule", name: "No admin access", noAdminPermissions: "on" }))).toContain("Rule added");
    const riley = await loggedIn(world, USERS.riley.email);
    expect(await landed(riley, await postForm(world, riley, `${pathOf(bot(7))}/request`, { comment: "" }))).toContain("“No admin access” approved it");
    const [row] = (await requestRows()).results;
    expect(row).toMatchObject({ status: "approved", rule_name: "No admin access", decided_by: null });
    expect((await toPerson(USERS.riley.uuid)()).at(-1)).toContain("rule “No admin access”");
    expect((await toPerson(USERS.ada.uuid)()).at(-1)).toContain("Decided by the rule “No admin access”");
    // A rule without conditions is refused, and the form says why.
    expect(await landed(ada, await admin(ada, { intent: "add-rule", name: "Empty" }))).toContain("Choose at least one condition");
  });

  it("an approved app that asks for more access needs approval again", async () => {
    const ada = await loggedIn(world, USERS.ada.email);
    await approvalRequired(ada);
    const b = published().find((a) => a.type === "bot" && a.botEmail && a.permissions.length >= 2 && !/webhooks$/.test(a.friendlyId ?? ""))!;
    await landed(ada, await admin(ada, { intent: "approve", appId: b.id, reason: "" }));
    // As if it had been approved before its latest version added a permission.
    await world.app.db
      .prepare("UPDATE org_app_decisions SET permissions = ? WHERE app_id = ?")
      .bind(JSON.stringify(b.permissions.slice(1)), b.id)
      .run();
    const riley = await loggedIn(world, USERS.riley.email);
    const text = read(await (await visit(world, riley, pathOf(b))).text()).text;
    expect(text).toContain("Needs approval");
    expect(text).toContain("now asks for more access");
    expect((await jsonPost(riley, "/api/create-membership", { roomId: room("designTeam"), appId: key(b) })).status).toBe(403);
  });

  it("tells the admins when the review queue publishes a version of an approved app that asks for more", async () => {
    const ada = await loggedIn(world, USERS.ada.email);
    await approvalRequired(ada);
    const app = listedBots(world)[0]!;
    await landed(ada, await admin(ada, { intent: "approve", appId: app.id, reason: "" }));
    const added = PERMISSION_KEYS.filter((p) => p.startsWith("bot:")).find((p) => !app.permissions.includes(p))!;
    await publishVersion(app, { version: "88.0.0", releaseNotes: "- More", permissions: [...app.permissions, added] });
    const notice = await eventually(async () => (await toPerson(USERS.ada.uuid)()).find((m) => m.includes("now asks for more access")));
    expect(notice).toContain(app.name);
    expect(notice).toContain(PERMISSIONS[added].label.replace(/[*_]/g, ""));
    const riley = await loggedIn(world, USERS.riley.email);
    expect(read(await (await visit(world, riley, pathOf(app))).text()).text).toContain("now asks for more access than your organisation approved");
  });

  it("a rule's approval lapses when a new version no longer meets the rule: members need approval again, the admins are told (issue 40 item 10)", async () => {
    const ada = await loggedIn(world, USERS.ada.email);
    await approvalRequired(ada);
    expect(await landed(ada, await admin(ada, { intent: "add-rule", name: "No AI training", noAiTraining: "on" }))).toContain("Rule added");
    const app = listedBots(world).find((a) => a.security?.aiUsesMessageContent === false || a.security?.aiTrainsModels === false)!;
    expect(app, "a listed bot that trains no AI model on messages").toBeDefined();
    // Approved by the rule, as a request decides it ("a rule decides a request at once" above); written
    // here so that no request spends this minute's RATE_LIMIT_APP_REQUESTS of the tests around it.
    await world.app.db
      .prepare(
        "INSERT INTO org_app_decisions (org_id, app_id, status, permissions, reason, decided_by, decided_by_email, decided_at) VALUES (?, ?, 'approved', ?, '', 'Rule: No AI training', NULL, ?)",
      )
      .bind(ACME, app.id, JSON.stringify(app.permissions), new Date().toISOString())
      .run();
    const riley = await loggedIn(world, USERS.riley.email);
    expect(read(await (await visit(world, riley, pathOf(app))).text()).text).not.toContain("Needs approval");
    // The publisher's next version trains models on message content; the review queue publishes it.
    await publishVersion(app, {
      version: "89.0.0",
      releaseNotes: "- Smarter answers",
      permissions: [...app.permissions],
      security: { ...app.security, aiUsesMessageContent: true, aiTrainsModels: true },
    });
    const notice = await eventually(async () => (await toPerson(USERS.ada.uuid)()).find((m) => m.includes("no longer approves it")));
    expect(notice).toContain(`changed since your organisation's rule “No AI training” approved it`);
    const page = read(await (await visit(world, riley, pathOf(app))).text()).text;
    expect(page).toContain("Needs approval");
    expect(page).toContain("changed since your organisation's rule “No AI training” approved it");
    expect((await jsonPost(riley, "/api/create-membership", { roomId: room("designTeam"), appId: key(app) })).status).toBe(403);
    expect(read(await (await visit(world, ada, ADMIN)).text()).text).toContain("the rule “No AI training” no longer approves it as it is now");
  });

  it("keeps a comment with control characters, says what to fix, and saves nothing", async () => {
    const ada = await loggedIn(world, USERS.ada.email);
    await approvalRequired(ada);
    const riley = await loggedIn(world, USERS.riley.email);
    const res = await postForm(world, riley, `${pathOf(bot(8))}/request`, { comment: "hello\u0007there" });
    expect(res.status).toBe(400);
    const page = read(await res.text());
    expect(page.text).toContain("control characters");
    expect(page.page.find("textarea")?.textContent).toContain("hello");
    expect((await requestRows()).results).toHaveLength(0);
  });

  it("limits requests per person (RATE_LIMIT_APP_REQUESTS: 10 a minute), keeping what was typed", async () => {
    const ada = await loggedIn(world, USERS.ada.email);
    await approvalRequired(ada);
    const sam = await loggedIn(world, USERS.sam.email);
    await freshRateWindow("RATE_LIMIT_APP_REQUESTS");
    const statuses: number[] = [];
    let refused = "";
    for (let i = 10; i < 22; i++) {
      const res = await postForm(world, sam, `${pathOf(bot(i))}/request`, { comment: `number ${i}` });
      statuses.push(res.status);
      if (res.status === 429) refused = await res.text();
    }
    expect(statuses.filter((s) => s === 302)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    expect(read(refused).text).toContain("Wait a minute");
    expect(read(refused).page.find("textarea")?.textContent).toContain("number 21");
    expect((await requestRows()).results).toHaveLength(10);
  });
});

describe("isolation", () => {
  beforeEach(async () => {
    // Globex gets an admin of its own for these tests: Max.
    await world.platform.db.prepare("UPDATE people SET is_org_admin = 1 WHERE email = ?").bind(USERS.max.email).run();
  });

  it("another organisation's admin can neither see nor decide Acme's requests or lists", async () => {
    const ada = await loggedIn(world, USERS.ada.email);
    await approvalRequired(ada);
    const riley = await loggedIn(world, USERS.riley.email);
    await landed(riley, await postForm(world, riley, `${pathOf(bot(9))}/request`, { comment: "secret plans" }));
    const id = String((await requestRows()).results[0]!.id);

    const max = await loggedIn(world, USERS.max.email);
    const page = await visit(world, max, ADMIN);
    expect(page.status).toBe(200);
    const text = read(await page.text()).text;
    expect(text).not.toContain("secret plans");
    expect(text).toContain("Pending requests (0)");
    for (const intent of ["approve-request", "deny-request", "restrict-request"]) {
      expect(await landed(max, await admin(max, { intent, requestId: id, reason: "" }))).toContain("That request was not found");
    }
    expect((await requestRows()).results[0]!.status).toBe("pending");
    // Max's decisions land in Globex's rows only, whatever the form says.
    await landed(max, await admin(max, { intent: "restrict", appId: bot(9).id, reason: "", orgId: ACME }));
    const rows = await world.app.db.prepare("SELECT org_id FROM org_app_decisions").all<{ org_id: string }>();
    expect(rows.results.map((r) => r.org_id)).not.toContain(ACME);
    expect(read(await (await visit(world, riley, pathOf(bot(9)))).text()).text).toContain("Needs approval");
  });

  it("a demoted admin is refused at once, though their session still says admin", async () => {
    const ada = await loggedIn(world, USERS.ada.email);
    await approvalRequired(ada);
    await world.platform.db.prepare("UPDATE people SET is_org_admin = 0 WHERE email = ?").bind(USERS.ada.email).run();
    expect((await visit(world, ada, ADMIN)).status).toBe(404);
    expect((await admin(ada, { intent: "settings", mode: "open", requestsTo: "admins" })).status).toBe(404);
    expect((await world.app.db.prepare("SELECT mode FROM org_policies").first<{ mode: string }>())!.mode).toBe("approval");
    // Forgotten as an admin: requests no longer go to them.
    expect((await world.app.db.prepare("SELECT COUNT(*) AS n FROM org_admins").first<{ n: number }>())!.n).toBe(0);
  });

  it("a demoted admin gets no request messages from then on, though they never came back to the hub", async () => {
    const ada = await loggedIn(world, USERS.ada.email);
    await approvalRequired(ada);
    const riley = await loggedIn(world, USERS.riley.email);
    await landed(riley, await postForm(world, riley, `${pathOf(bot(5))}/request`, { comment: "before" }));
    expect(await toPerson(USERS.ada.uuid)()).toHaveLength(1);
    // Demoted at the platform; Ada neither logs in again nor opens the admin page.
    await world.platform.db.prepare("UPDATE people SET is_org_admin = 0 WHERE email = ?").bind(USERS.ada.email).run();
    await landed(riley, await postForm(world, riley, `${pathOf(bot(6))}/request`, { comment: "after" }));
    expect(await toPerson(USERS.ada.uuid)()).toHaveLength(1);
    // Forgotten as a recipient; the request waits on the admin page for whoever is an admin.
    expect((await world.app.db.prepare("SELECT COUNT(*) AS n FROM org_admins").first<{ n: number }>())!.n).toBe(0);
    expect((await requestRows()).results.map((r) => r.status)).toEqual(["pending", "pending"]);
    // Made an admin again, Ada is told once she has logged in with the role.
    await world.platform.db.prepare("UPDATE people SET is_org_admin = 1 WHERE email = ?").bind(USERS.ada.email).run();
    await loggedIn(world, USERS.ada.email);
    await landed(riley, await postForm(world, riley, `${pathOf(bot(7))}/request`, { comment: "again an admin" }));
    expect(await toPerson(USERS.ada.uuid)()).toHaveLength(2);
  });

  it("refuses a decision without the CSRF token", async () => {
    const ada = await loggedIn(world, USERS.ada.email);
    const res = await postForm(world, ada, ADMIN, { intent: "settings", mode: "approval", requestsTo: "admins" }, "");
    expect(res.status).toBe(403);
    expect(await world.app.db.prepare("SELECT * FROM org_policies").first()).toBeNull();
  });
});
