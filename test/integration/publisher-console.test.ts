// The publisher console (issue 30 items 1-2; docs/decisions/037): hub admins link members, members
// invite and remove each other, submit from forms judged by the API's own schemas (preview, field
// errors, send), withdraw, and manage their own tokens; and isolation tested as an attacker would:
// a member of publisher A never sees or changes B's apps, submissions, tokens or members, by direct
// address, `.data` request, forged id, or after being removed.
import { describe, expect, it } from "vitest";
import { USERS } from "../../workers/platform/demo-data.ts";
import type { AppRecord } from "../../app/models/catalogue-record.ts";
import { createMemberToken } from "../../app/features/publisher-api/tokens.server.ts";
import { loggedIn } from "./followers-helpers.ts";
import { read } from "./html.ts";
import { type Jar, postForm, startWorld, useWorld, visit, type World } from "./login.ts";
import { keyOf, listedBots, publisherCall, tokenFor } from "./publisher.ts";

const world: World = useWorld(
  // This file logs in more than 50 times within a minute (two requests each): the login limit is
  // rate-limits.test.ts's subject, not this file's, so it is raised here rather than waited out.
  () => startWorld({}, { rateLimits: { RATE_LIMIT_LOGIN: 1000 } }),
  async (w) => {
    await w.platform.reset();
    await w.app.db.batch(["DELETE FROM publisher_members", "DELETE FROM submissions", "DELETE FROM publisher_tokens", "DELETE FROM audit_log"].map((sql) => w.app.db.prepare(sql)));
  },
);

/** Two publishers with listed bots each, and one bot of each. */
function twoPublishers(): { a: string; b: string; appA: AppRecord; appB: AppRecord } {
  const bots = listedBots(world);
  const appA = bots[0]!;
  const appB = bots.find((x) => x.publisher !== appA.publisher)!;
  return { a: appA.publisher!, b: appB.publisher!, appA, appB };
}

async function landed(jar: Jar, res: Response): Promise<string> {
  expect(res.status).toBe(302);
  return read(await (await visit(world, jar, res.headers.get("Location")!)).text()).text;
}

/** A hub admin (Sam) links `email` to `slug` through /admin/publisher-members. */
async function link(slug: string, email: string) {
  const sam = await loggedIn(world, USERS.sam.email);
  expect(await landed(sam, await postForm(world, sam, "/admin/publisher-members", { intent: "link", publisher: slug, email }))).toContain("Member linked");
}

const versionForm = (overrides: Record<string, string> = {}) => ({ version: "9.9.9", releaseNotes: "**Faster** replies.", permissions: "", ...overrides });

/** Posts a version form; permissions are sent as the live app's (a form's checkboxes, each its own field). */
function postVersion(jar: Jar, app: AppRecord, intent: "preview" | "submit", fields: Record<string, string>) {
  const body = new URLSearchParams({ csrf: jar.get("csrf-token") ?? "", intent, formKey: fields.formKey ?? "00000000-0000-4000-8000-000000000001" });
  for (const [k, v] of Object.entries(fields)) if (k !== "permissions" && k !== "formKey") body.set(k, v);
  for (const p of fields.permissions === "" ? app.permissions : fields.permissions!.split(",")) body.append("permissions", p);
  return visit(world, jar, `/publisher/${app.publisher}/apps/${encodeURIComponent(app.id)}/version`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: world.app.origin },
    body: body.toString(),
  });
}

const submissionRows = () =>
  world.app.db.prepare("SELECT id, publisher_slug, app_id, state, token_id, submitted_by FROM submissions ORDER BY id").all<{
    id: number;
    publisher_slug: string;
    app_id: string;
    state: string;
    token_id: number | null;
    submitted_by: string | null;
  }>();

describe("who may use a publisher's console", () => {
  it("members only: anonymous people are sent to log in, everyone else gets not found, pages and .data alike", async () => {
    const { a, b } = twoPublishers();
    await link(a, USERS.riley.email);
    const anonymous = await world.app.fetch(`/publisher/${a}`, { redirect: "manual" });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get("Location")).toMatch(/^\/login/);

    const riley = await loggedIn(world, USERS.riley.email);
    const own = await visit(world, riley, `/publisher/${a}`);
    expect(own.status).toBe(200);
    expect(own.headers.get("Cache-Control")).toBe("private, no-store");
    expect(read(await own.text()).text).toContain("Publisher console");
    // One publisher: /publisher goes straight to it; the account menu links there.
    const index = await visit(world, riley, "/publisher");
    expect(index.status).toBe(302);
    expect(index.headers.get("Location")).toBe(`/publisher/${a}`);
    expect(read(await (await visit(world, riley, "/")).text()).links).toContain("/publisher");

    const max = await loggedIn(world, USERS.max.email);
    expect(read(await (await visit(world, max, "/")).text()).links).not.toContain("/publisher");
    for (const path of [`/publisher/${a}`, `/publisher/${a}/submissions`, `/publisher/${a}/members`, `/publisher/${a}/tokens`, `/publisher/${a}/new-app`]) {
      const page = await visit(world, max, path);
      expect(page.status, path).toBe(404);
      expect(await page.text()).not.toContain("Publisher console");
      expect((await visit(world, max, `${path}.data`)).status, `${path}.data`).toBe(404);
    }
    // A publisher nobody belongs to, or one that does not exist, answers the same.
    expect((await visit(world, riley, `/publisher/${b}`)).status).toBe(404);
    expect((await visit(world, riley, "/publisher/no-such-publisher")).status).toBe(404);
    // The public page is unchanged.
    expect((await world.app.fetch(`/publishers/${a}`)).status).toBe(200);
  });

  it("hub admins link and unlink; members invite (accepted at sign-in) and remove; every change is in the audit log", async () => {
    const { a } = twoPublishers();
    expect((await visit(world, await loggedIn(world, USERS.riley.email), "/admin/publisher-members")).status).toBe(404);
    await link(a, USERS.riley.email);
    const riley = await loggedIn(world, USERS.riley.email);
    const members = `/publisher/${a}/members`;

    const refused = await postForm(world, riley, members, { intent: "invite", email: "not an address" });
    expect(refused.status).toBe(400);
    const refusedPage = read(await refused.text());
    expect(refusedPage.text).toContain("Enter an e-mail address");
    expect(await landed(riley, await postForm(world, riley, members, { intent: "invite", email: USERS.max.email.toUpperCase() }))).toContain("Invitation sent");

    // Invited is not a member: the console stays not found until Max accepts.
    const max = await loggedIn(world, USERS.max.email);
    expect((await visit(world, max, `/publisher/${a}`)).status).toBe(404);
    expect(read(await (await visit(world, max, "/publisher")).text()).text).toContain("Invitations");
    expect(await landed(max, await postForm(world, max, "/publisher", { intent: "accept", publisher: a }))).toContain("You are now a member");
    expect((await visit(world, max, `/publisher/${a}`)).status).toBe(200);

    // Removed: refused at once, with the session from before.
    expect(await landed(riley, await postForm(world, riley, members, { intent: "remove", email: USERS.max.email }))).toContain("Member removed");
    expect((await visit(world, max, `/publisher/${a}`)).status).toBe(404);
    expect((await postForm(world, max, `/publisher/${a}/tokens`, { intent: "create", name: "after removal" })).status).toBe(404);
    expect((await world.app.db.prepare("SELECT count(*) AS n FROM publisher_tokens").first<{ n: number }>())?.n).toBe(0);

    // The last member cannot leave the publisher without anyone.
    expect(await landed(riley, await postForm(world, riley, members, { intent: "remove", email: USERS.riley.email }))).toContain("only member");

    const sam = await loggedIn(world, USERS.sam.email);
    expect(await landed(sam, await postForm(world, sam, "/admin/publisher-members", { intent: "unlink", publisher: a, email: USERS.riley.email }))).toContain("Member removed");
    expect((await visit(world, riley, `/publisher/${a}`)).status).toBe(404);

    const audit = await world.app.db.prepare("SELECT actor, action, subject FROM audit_log WHERE action LIKE 'member.%' ORDER BY id").all();
    expect(audit.results).toEqual([
      { actor: USERS.sam.email, action: "member.link", subject: a },
      { actor: USERS.riley.email, action: "member.invite", subject: a },
      { actor: USERS.max.email, action: "member.join", subject: a },
      { actor: USERS.riley.email, action: "member.remove", subject: a },
      { actor: USERS.sam.email, action: "member.remove", subject: a },
    ]);
  });

  it("a person in several publishers switches between them", async () => {
    const { a, b } = twoPublishers();
    await link(a, USERS.riley.email);
    await link(b, USERS.riley.email);
    const riley = await loggedIn(world, USERS.riley.email);
    const index = await visit(world, riley, "/publisher");
    expect(index.status).toBe(200);
    const links = read(await index.text()).links;
    expect(links).toContain(`/publisher/${a}`);
    expect(links).toContain(`/publisher/${b}`);
    expect(read(await (await visit(world, riley, `/publisher/${a}`)).text()).links).toContain(`/publisher/${b}`);
  });
});

describe("submitting from the console", () => {
  it("a version form: refused field by field with what was typed kept; preview shows the review queue's diff; send stores one submission for the person", async () => {
    const { a, appA } = twoPublishers();
    await link(a, USERS.riley.email);
    const riley = await loggedIn(world, USERS.riley.email);
    const form = await visit(world, riley, `/publisher/${a}/apps/${encodeURIComponent(appA.id)}/version`);
    expect(form.status).toBe(200);

    const bad = await postVersion(riley, appA, "preview", versionForm({ version: "not a version!", releaseNotes: "Kept notes", screenshots: "http://insecure.example/x.png" }));
    expect(bad.status).toBe(400);
    const badPage = read(await bad.text());
    expect(badPage.text).toContain("must be a version such as 2.4.1");
    expect(badPage.text).toContain("must be an https URL");
    expect(badPage.text).toContain("Kept notes");
    expect((await submissionRows()).results).toEqual([]);

    const preview = await postVersion(riley, appA, "preview", versionForm());
    expect(preview.status).toBe(200);
    const previewText = read(await preview.text()).text;
    expect(previewText).toContain("Preview: what the reviewer will see");
    expect(previewText).toContain("Send for review");
    expect((await submissionRows()).results).toEqual([]);

    // Sent twice with the same form (a double click): one submission.
    expect(await landed(riley, await postVersion(riley, appA, "submit", versionForm()))).toContain("Sent for review");
    expect((await postVersion(riley, appA, "submit", versionForm())).status).toBe(302);
    const rows = (await submissionRows()).results;
    expect(rows).toEqual([{ id: expect.any(Number), publisher_slug: a, app_id: appA.id, state: "pending", token_id: null, submitted_by: USERS.riley.email }]);
    const audit = await world.app.db.prepare("SELECT actor, action, subject FROM audit_log WHERE action = 'submission.create'").all();
    expect(audit.results).toEqual([{ actor: USERS.riley.email, action: "submission.create", subject: appA.id }]);

    // The reviewer sees it in the queue; the member sees it waiting.
    const sam = await loggedIn(world, USERS.sam.email);
    expect(read(await (await visit(world, sam, "/admin/review")).text()).text).toContain(`${appA.name} 9.9.9`);
    expect(read(await (await visit(world, riley, `/publisher/${a}/submissions`)).text()).text).toContain("Waiting for review (1)");
  });

  it("a rejected submission shows the reviewer's reason; a pending one can be withdrawn, a decided one cannot", async () => {
    const { a, appA } = twoPublishers();
    await link(a, USERS.riley.email);
    const riley = await loggedIn(world, USERS.riley.email);
    await postVersion(riley, appA, "submit", versionForm({ version: "8.0.0", formKey: "00000000-0000-4000-8000-000000000008" }));
    await postVersion(riley, appA, "submit", versionForm({ version: "8.0.1", formKey: "00000000-0000-4000-8000-000000000009" }));
    const [first, second] = (await submissionRows()).results;
    const sam = await loggedIn(world, USERS.sam.email);
    expect((await postForm(world, sam, `/admin/review/${first!.id}`, { intent: "reject", reason: "Notes must say what changed." })).status).toBe(302);
    expect(read(await (await visit(world, riley, `/publisher/${a}/submissions`)).text()).text).toContain("The reviewer's reason: Notes must say what changed.");

    const submissions = `/publisher/${a}/submissions`;
    expect(await landed(riley, await postForm(world, riley, submissions, { intent: "withdraw", submission: String(first!.id) }))).toContain("Nothing changed");
    expect(await landed(riley, await postForm(world, riley, submissions, { intent: "withdraw", submission: String(second!.id) }))).toContain("Submission withdrawn");
    expect((await submissionRows()).results.map((r) => r.state)).toEqual(["rejected", "withdrawn"]);
    // The review queue no longer offers it.
    expect(await landed(sam, await postForm(world, sam, `/admin/review/${second!.id}`, { intent: "approve" }))).toContain("already withdrawn");
  });
});

describe("the listing and new app forms", () => {
  /** Posts a form with repeated fields (checkbox groups) as a browser does. */
  function post(jar: Jar, path: string, fields: [string, string][]) {
    const body = new URLSearchParams([["csrf", jar.get("csrf-token") ?? ""], ...fields]);
    return visit(world, jar, path, { method: "POST", headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: world.app.origin }, body: body.toString() });
  }

  it("a listing change sends only what changed; an unchanged form is refused", async () => {
    const { a, appA } = twoPublishers();
    await link(a, USERS.riley.email);
    const riley = await loggedIn(world, USERS.riley.email);
    const path = `/publisher/${a}/apps/${encodeURIComponent(appA.id)}/listing`;
    const links = (["videoUrl", "websiteUrl", "supportUrl", "privacyUrl", "termsUrl"] as const).map((k): [string, string] => [k, appA[k] ?? ""]);
    const same = await post(riley, path, [
      ...links,
      ["intent", "preview"],
      ["formKey", "00000000-0000-4000-8000-000000000101"],
      ["name", appA.name],
      ["tagline", appA.tagline],
      ["description", appA.description],
      ["logo", appA.logo],
      ["screenshots", appA.screenshots.join("\n")],
      ...appA.categoryIds.map((id): [string, string] => ["categoryIds", id]),
    ]);
    expect(same.status).toBe(400);
    expect(read(await same.text()).text).toContain("Change at least one field");
    const changed = await post(riley, path, [
      ...links,
      ["intent", "submit"],
      ["formKey", "00000000-0000-4000-8000-000000000102"],
      ["name", appA.name],
      ["tagline", "Sharper than ever"],
      ["description", appA.description],
      ["logo", appA.logo],
      ["screenshots", appA.screenshots.join("\n")],
      ...appA.categoryIds.map((id): [string, string] => ["categoryIds", id]),
    ]);
    expect(changed.status).toBe(302);
    const row = await world.app.db.prepare("SELECT kind, payload FROM submissions").first<{ kind: string; payload: string }>();
    expect(row).toEqual({ kind: "listing", payload: JSON.stringify({ tagline: "Sharper than ever" }) });
  });

  it("a new app: every problem under its field with what was typed kept, then a draft waits for review", async () => {
    const { a } = twoPublishers();
    await link(a, USERS.riley.email);
    const riley = await loggedIn(world, USERS.riley.email);
    const path = `/publisher/${a}/new-app`;
    expect((await visit(world, riley, path)).status).toBe(200);
    const category = world.app.catalogue.categories[0]!;
    const fields: [string, string][] = [
      ["formKey", "00000000-0000-4000-8000-000000000201"],
      ["name", "Zephyr Console Notes"],
      ["type", "bot"],
      ["productType", "teams"],
      ["categoryIds", category.id],
      ["tagline", "Notes from the console"],
      ["description", "Takes **notes**."],
      ["logo", "http://insecure.example/logo.png"],
    ];
    const bad = await post(riley, path, [["intent", "preview"], ...fields]);
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(read(badHtml).text).toContain("must be an https URL");
    expect(badHtml).toContain('value="Notes from the console"');
    // The catalogue's own record rules run once the body fits the schema, as for the API.
    const https: [string, string][] = [...fields.filter(([k]) => k !== "logo"), ["logo", "https://img.example/zephyr.png"]];
    const noBot = await post(riley, path, [["intent", "preview"], ...https]);
    expect(noBot.status).toBe(400);
    expect(read(await noBot.text()).text).toContain("is required for bots");

    const good: [string, string][] = [...https, ["botEmail", "zephyr-notes@webex.bot"]];
    const preview = await post(riley, path, [["intent", "preview"], ...good]);
    expect(preview.status).toBe(200);
    expect(read(await preview.text()).text).toContain("Zephyr Console Notes");
    expect(await landed(riley, await post(riley, path, [["intent", "submit"], ...good]))).toContain("Sent for review");
    const row = await world.app.db.prepare("SELECT kind, app_name, state, submitted_by FROM submissions").first();
    expect(row).toEqual({ kind: "draft", app_name: "Zephyr Console Notes", state: "pending", submitted_by: USERS.riley.email });
    expect(read(await (await visit(world, riley, `/publisher/${a}`)).text()).text).toContain("Drafts in review (1)");
  });
});

describe("isolation: a member of A never sees or changes B's things", () => {
  it("apps, forms and forged app ids", async () => {
    const { a, b, appA, appB } = twoPublishers();
    await link(a, USERS.riley.email);
    await link(b, USERS.max.email);
    const riley = await loggedIn(world, USERS.riley.email);
    const page = read(await (await visit(world, riley, `/publisher/${a}`)).text()).text;
    expect(page).toContain(appA.name);
    expect(page).not.toContain(appB.name);
    // B's app under A's console (a forged id), and under B's console: not found, GET and POST.
    for (const path of [
      `/publisher/${a}/apps/${encodeURIComponent(appB.id)}/version`,
      `/publisher/${b}/apps/${encodeURIComponent(appB.id)}/version`,
      `/publisher/${a}/apps/${encodeURIComponent(appB.id)}/listing`,
    ]) {
      expect((await visit(world, riley, path)).status, path).toBe(404);
      expect((await visit(world, riley, `${path}.data`)).status, `${path}.data`).toBe(404);
    }
    expect((await postVersion(riley, { ...appB, publisher: a }, "submit", versionForm())).status).toBe(404);
    expect((await postVersion(riley, appB, "submit", versionForm())).status).toBe(404);
    expect((await submissionRows()).results).toEqual([]);
  });

  it("submissions: B's member cannot read or withdraw A's, by its id under either console", async () => {
    const { a, b, appA } = twoPublishers();
    await link(a, USERS.riley.email);
    await link(b, USERS.max.email);
    const riley = await loggedIn(world, USERS.riley.email);
    await postVersion(riley, appA, "submit", versionForm({ version: "7.0.0" }));
    const [sub] = (await submissionRows()).results;
    const max = await loggedIn(world, USERS.max.email);
    expect(read(await (await visit(world, max, `/publisher/${b}/submissions`)).text()).text).not.toContain(appA.name);
    expect(await landed(max, await postForm(world, max, `/publisher/${b}/submissions`, { intent: "withdraw", submission: String(sub!.id) }))).toContain("Nothing changed");
    expect((await postForm(world, max, `/publisher/${a}/submissions`, { intent: "withdraw", submission: String(sub!.id) })).status).toBe(404);
    expect((await visit(world, max, `/publisher/${a}/submissions.data`)).status).toBe(404);
    expect((await submissionRows()).results.map((r) => r.state)).toEqual(["pending"]);
  });

  it("tokens: made for the member's own publisher, shown once, listed and revoked only there", async () => {
    const { a, b, appA } = twoPublishers();
    await link(a, USERS.riley.email);
    await link(b, USERS.max.email);
    const riley = await loggedIn(world, USERS.riley.email);
    const made = await postForm(world, riley, `/publisher/${a}/tokens`, { intent: "create", name: "CI", publisher: b });
    expect(made.status).toBe(200);
    expect(made.headers.get("Cache-Control")).toBe("private, no-store");
    const secret = /value="(ahp_[A-Za-z0-9_-]{43})"/.exec(await made.text())?.[1];
    expect(secret).toBeTruthy();
    // A publisher field in the form changes nothing: the token acts for A.
    const me = await publisherCall(world, secret!, "/me");
    expect(((await me.json()) as { publisher: { slug: string } }).publisher.slug).toBe(a);
    expect((await publisherCall(world, secret!, `/apps/${keyOf(appA)}/versions`, { version: "6.0.0", releaseNotes: "API" })).status).toBe(202);
    // Shown once: the list page never carries it.
    expect(await (await visit(world, riley, `/publisher/${a}/tokens`)).text()).not.toContain(secret!);

    const token = await world.app.db.prepare("SELECT id, prefix FROM publisher_tokens").first<{ id: number; prefix: string }>();
    const max = await loggedIn(world, USERS.max.email);
    expect(await (await visit(world, max, `/publisher/${b}/tokens`)).text()).not.toContain(token!.prefix);
    expect(await landed(max, await postForm(world, max, `/publisher/${b}/tokens`, { intent: "revoke", tokenId: String(token!.id) }))).toContain("Nothing changed");
    expect((await postForm(world, max, `/publisher/${a}/tokens`, { intent: "revoke", tokenId: String(token!.id) })).status).toBe(404);
    expect((await publisherCall(world, secret!, "/me")).status).toBe(200);

    expect(await landed(riley, await postForm(world, riley, `/publisher/${a}/tokens`, { intent: "revoke", tokenId: String(token!.id) }))).toContain("Token revoked");
    expect((await publisherCall(world, secret!, "/me")).status).toBe(401);
    const audit = await world.app.db.prepare("SELECT actor, action, subject FROM audit_log WHERE action LIKE 'token.%' ORDER BY id").all();
    expect(audit.results).toEqual([
      { actor: USERS.riley.email, action: "token.create", subject: a },
      { actor: USERS.riley.email, action: "token.revoke", subject: a },
    ]);
  });

  it("removing a member revokes the tokens they made, in the same batch as the removal; the 401 says so; others' tokens keep working", async () => {
    const { a } = twoPublishers();
    await link(a, USERS.riley.email);
    await link(a, USERS.max.email);
    const riley = await loggedIn(world, USERS.riley.email);
    const max = await loggedIn(world, USERS.max.email);
    const secretOf = async (res: Response) => /value="(ahp_[A-Za-z0-9_-]{43})"/.exec(await res.text())![1]!;
    const maxCi = await secretOf(await postForm(world, max, `/publisher/${a}/tokens`, { intent: "create", name: "Max CI" }));
    const maxDeploy = await secretOf(await postForm(world, max, `/publisher/${a}/tokens`, { intent: "create", name: "Max deploy", expiresInDays: "30" }));
    const rileyCi = await secretOf(await postForm(world, riley, `/publisher/${a}/tokens`, { intent: "create", name: "Riley CI" }));
    // A hub admin's token for the publisher is no member's: it ends by its expiry or a revoke.
    const hubToken = await tokenFor(world, a);
    for (const t of [maxCi, maxDeploy, rileyCi, hubToken]) expect((await publisherCall(world, t, "/me")).status).toBe(200);
    // Max revokes one himself first: the removal leaves that one (and its date) as it was.
    const deployId = (await world.app.db.prepare("SELECT id FROM publisher_tokens WHERE name = 'Max deploy'").first<{ id: number }>())!.id;
    expect(await landed(max, await postForm(world, max, `/publisher/${a}/tokens`, { intent: "revoke", tokenId: String(deployId) }))).toContain("Token revoked");

    expect(await landed(riley, await postForm(world, riley, `/publisher/${a}/members`, { intent: "remove", email: USERS.max.email }))).toContain(
      "1 API token they made was revoked",
    );
    const row = await world.app.db.prepare("SELECT revoked_at FROM publisher_tokens WHERE name = 'Max CI'").first<{ revoked_at: string | null }>();
    expect(row?.revoked_at).toEqual(expect.any(String));
    for (const path of ["/me", "/submissions"]) {
      const refused = await publisherCall(world, maxCi, path);
      expect(refused.status, path).toBe(401);
      expect(refused.headers.get("WWW-Authenticate"), path).toContain('error="invalid_token"');
      expect(((await refused.json()) as { message: string }).message, path).toMatch(/^This token was revoked on \w+ \d{1,2}, \d{4}\./);
    }
    expect((await publisherCall(world, rileyCi, "/me")).status).toBe(200);
    expect((await publisherCall(world, hubToken, "/me")).status).toBe(200);
    // The list says which ones were revoked.
    expect(read(await (await visit(world, riley, `/publisher/${a}/tokens`)).text()).text).toMatch(/Max CI.*Revoked/);

    // A hub admin's unlink does the same.
    await link(a, USERS.max.email);
    const sam = await loggedIn(world, USERS.sam.email);
    expect(await landed(sam, await postForm(world, sam, "/admin/publisher-members", { intent: "unlink", publisher: a, email: USERS.riley.email.toUpperCase() }))).toContain(
      "Member removed",
    );
    expect((await publisherCall(world, rileyCi, "/me")).status).toBe(401);
    expect((await publisherCall(world, hubToken, "/me")).status).toBe(200);

    const audit = await world.app.db
      .prepare("SELECT actor, action, subject, json_extract(detail, '$.reason') AS reason FROM audit_log WHERE action IN ('member.remove', 'token.revoke') ORDER BY id")
      .all();
    expect(audit.results).toEqual([
      { actor: USERS.max.email, action: "token.revoke", subject: a, reason: null },
      { actor: USERS.riley.email, action: "member.remove", subject: a, reason: null },
      { actor: USERS.riley.email, action: "token.revoke", subject: a, reason: "member.remove" },
      { actor: USERS.sam.email, action: "member.remove", subject: a, reason: null },
      { actor: USERS.sam.email, action: "token.revoke", subject: a, reason: "member.remove" },
    ]);
  });

  it("a create that passed the member check just before the member's removal inserts nothing: the INSERT re-checks membership and the cap", async () => {
    const { a } = twoPublishers();
    await link(a, USERS.riley.email);
    await link(a, USERS.max.email);
    const riley = await loggedIn(world, USERS.riley.email);
    const max = await loggedIn(world, USERS.max.email);
    // Max's create has passed requirePublisherMember (he is a member now) ...
    expect((await visit(world, max, `/publisher/${a}/tokens`)).status).toBe(200);
    // ... then Riley's removal batch lands (its revoke finds no token of his yet) ...
    expect(await landed(riley, await postForm(world, riley, `/publisher/${a}/members`, { intent: "remove", email: USERS.max.email }))).toContain("Member removed");
    // ... and then Max's insert runs: the store's create is the unit the race reaches.
    const raced = { publisherSlug: a, name: "raced", createdBy: { by: USERS.max.email, name: null }, memberEmail: USERS.max.email.toLowerCase(), liveCap: 10 };
    expect(await createMemberToken(world.app.db, raced)).toBe("member-gone");
    const live = await world.app.db.prepare("SELECT count(*) AS n FROM publisher_tokens WHERE name = 'raced' AND revoked_at IS NULL").first<{ n: number }>();
    expect(live?.n).toBe(0);
    expect((await world.app.db.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'token.create'").first<{ n: number }>())?.n).toBe(0);
    // The cap is in the same statement: two creates racing past a count of 1 cannot both insert.
    const rileys = { publisherSlug: a, createdBy: { by: USERS.riley.email, name: null }, memberEmail: USERS.riley.email.toLowerCase(), liveCap: 2 };
    expect(await createMemberToken(world.app.db, { ...rileys, name: "one" })).toEqual(expect.objectContaining({ secret: expect.any(String) }));
    expect(await createMemberToken(world.app.db, { ...rileys, name: "two" })).toEqual(expect.objectContaining({ secret: expect.any(String) }));
    expect(await createMemberToken(world.app.db, { ...rileys, name: "three" })).toBe("full");
  });

  it("a member's token whose member is no longer an active member is refused by the API, even if nothing marked it revoked", async () => {
    const { a } = twoPublishers();
    await link(a, USERS.riley.email);
    const riley = await loggedIn(world, USERS.riley.email);
    const secret = /value="(ahp_[A-Za-z0-9_-]{43})"/.exec(await (await postForm(world, riley, `/publisher/${a}/tokens`, { intent: "create", name: "left" })).text())![1]!;
    expect((await publisherCall(world, secret, "/me")).status).toBe(200);
    // The member's row goes by some path that does not revoke (the race above, or a future one).
    await world.app.db.prepare("DELETE FROM publisher_members WHERE publisher_slug = ? AND email = ?").bind(a, USERS.riley.email.toLowerCase()).run();
    const refused = await publisherCall(world, secret, "/me");
    expect(refused.status).toBe(401);
    expect(refused.headers.get("WWW-Authenticate")).toContain('error="invalid_token"');
    expect(await refused.json()).toEqual({
      message: "This token was revoked: the member who made it left the publisher. Ask a member of the publisher or a hub admin for a new one.",
    });
  });

  it("the console's token form offers 30, 90 or 365 days; expired tokens do not count toward the live cap", async () => {
    const { a } = twoPublishers();
    await link(a, USERS.riley.email);
    const riley = await loggedIn(world, USERS.riley.email);
    const form = read(await (await visit(world, riley, `/publisher/${a}/tokens`)).text()).page;
    expect(form.all("#token-expiry option").map((o) => o.getAttribute("value"))).toEqual(["30", "90", "365"]);
    expect(form.attr('#token-expiry option[value="90"]', "selected")).not.toBeNull();
    expect((await postForm(world, riley, `/publisher/${a}/tokens`, { intent: "create", name: "forever", expiresInDays: "never" })).status).toBe(400);
    for (let i = 0; i < 10; i++) expect((await postForm(world, riley, `/publisher/${a}/tokens`, { intent: "create", name: `t${i}` })).status).toBe(200);
    expect((await postForm(world, riley, `/publisher/${a}/tokens`, { intent: "create", name: "eleventh" })).status).toBe(409);
    await world.app.db
      .prepare("UPDATE publisher_tokens SET expires_at = ? WHERE name = 't0'")
      .bind(new Date(Date.now() - 1000).toISOString())
      .run();
    expect((await postForm(world, riley, `/publisher/${a}/tokens`, { intent: "create", name: "eleventh" })).status).toBe(200);
  });

  it("members: B's member cannot list, invite into or remove from A; a post without the CSRF token changes nothing", async () => {
    const { a, b } = twoPublishers();
    await link(a, USERS.riley.email);
    await link(b, USERS.max.email);
    const max = await loggedIn(world, USERS.max.email);
    expect(await (await visit(world, max, `/publisher/${b}/members`)).text()).not.toContain(USERS.riley.email);
    expect((await postForm(world, max, `/publisher/${a}/members`, { intent: "invite", email: "mallory@globex.example" })).status).toBe(404);
    expect((await postForm(world, max, `/publisher/${a}/members`, { intent: "remove", email: USERS.riley.email })).status).toBe(404);
    // Removing "Riley" from B (where Riley is no member) changes nothing in A.
    expect(await landed(max, await postForm(world, max, `/publisher/${b}/members`, { intent: "remove", email: USERS.riley.email }))).toContain("not a member");
    const riley = await loggedIn(world, USERS.riley.email);
    expect((await postForm(world, riley, `/publisher/${a}/members`, { intent: "invite", email: "eve@acme.example" }, "")).status).toBe(403);
    const rows = await world.app.db.prepare("SELECT publisher_slug, email FROM publisher_members ORDER BY publisher_slug, email").all();
    expect(rows.results).toEqual(
      [
        { publisher_slug: a, email: USERS.riley.email },
        { publisher_slug: b, email: USERS.max.email },
      ].sort((x, y) => x.publisher_slug.localeCompare(y.publisher_slug)),
    );
  });
});
