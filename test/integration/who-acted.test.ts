// Who acted reads the same everywhere (issue 40 item 15; docs/decisions/060): the person's name with
// the platform address beside it, "Ada Admin (ada@acme.example)", on the organisation's audit log and
// request history, the review queue (list and item), and the publisher console (submissions, tokens,
// members). Rows written before the name (or the address) was kept show what they knew, never a
// guess; a rule and the hub itself are said as such.
import { describe, expect, it } from "vitest";
import { USERS } from "../../workers/platform/demo-data.ts";
import type { AppRecord } from "../../app/models/catalogue-record.ts";
import { loggedIn } from "./followers-helpers.ts";
import { read, textOf } from "./html.ts";
import { type Jar, postForm, startWorld, useWorld, visit, type World } from "./login.ts";
import { listedBots } from "./publisher.ts";

const world: World = useWorld(
  () => startWorld(),
  async (w) => {
    await w.platform.reset();
    await w.app.db.batch(
      [
        "DELETE FROM publisher_members",
        "DELETE FROM submissions",
        "DELETE FROM publisher_tokens",
        "DELETE FROM audit_log",
        "DELETE FROM org_policies",
        "DELETE FROM org_admins",
        "DELETE FROM org_app_decisions",
        "DELETE FROM org_rules",
        "DELETE FROM org_app_requests",
      ].map((sql) => w.app.db.prepare(sql)),
    );
  },
);

const ACME = "8fad74f2-bc0d-4e10-bf5e-3382d45fa722";
const ORG_ADMIN = "/admin/organisation";
const ADA = `${USERS.ada.displayName} (${USERS.ada.email})`;
const SAM = `Sam Okafor (${USERS.sam.email})`;

async function landed(jar: Jar, res: Response): Promise<string> {
  expect(res.status).toBe(302);
  return read(await (await visit(world, jar, res.headers.get("Location")!)).text()).text;
}

/** A version sent from the console's form, with the live app's permissions. */
function postVersion(jar: Jar, app: AppRecord) {
  const body = new URLSearchParams({ csrf: jar.get("csrf-token") ?? "", intent: "submit", formKey: "00000000-0000-4000-8000-000000000015" });
  body.set("version", "9.9.9");
  body.set("releaseNotes", "Faster replies.");
  for (const p of app.permissions) body.append("permissions", p);
  return visit(world, jar, `/publisher/${app.publisher}/apps/${encodeURIComponent(app.id)}/version`, {
    method: "POST",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: world.app.origin },
    body: body.toString(),
  });
}

/** A listed bot of another publisher than `app`'s, with no admin permission, for Riley to request. */
const requestable = (app: AppRecord) =>
  listedBots(world).find((b) => b.publisher !== app.publisher && b.id !== app.id && !b.permissions.some((p) => /^(spark:all|spark-admin:|identity:)/.test(p)))!;
const pathOf = (a: AppRecord) => `/applications/${encodeURIComponent(a.friendlyId ?? a.id)}`;

/** The audit log's "Who" cells, newest first. */
const auditWho = (html: string) => {
  const page = read(html).page;
  return page.all("section[aria-labelledby=audit-title] tbody tr").map((tr) => textOf(page.all("td", tr)[1]));
};

describe("who acted", () => {
  it("the same person reads as the same name and address on the audit log, the history, the review queue and the console", async () => {
    const app = listedBots(world)[0]!;
    const slug = app.publisher!;
    const sam = await loggedIn(world, USERS.sam.email);
    expect(await landed(sam, await postForm(world, sam, "/admin/publisher-members", { intent: "link", publisher: slug, email: USERS.ada.email }))).toContain("Member linked");

    // Ada sends a version from her publisher's console, and makes a token there.
    const ada = await loggedIn(world, USERS.ada.email);
    expect((await postVersion(ada, app)).status).toBe(302);
    const submission = await world.app.db.prepare("SELECT id FROM submissions ORDER BY id DESC LIMIT 1").first<{ id: number }>();
    expect(submission).not.toBeNull();
    expect((await postForm(world, ada, `/publisher/${slug}/tokens`, { intent: "create", name: "CI" })).status).toBeLessThan(400);

    // Ada, a hub admin (a full administrator of the hub's organisation), rejects it in the review queue.
    expect(await landed(ada, await postForm(world, ada, `/admin/review/${submission!.id}`, { intent: "reject", reason: "Add screenshots" }))).toContain("Rejected");

    // Ada, Acme's administrator, requires approval; Riley requests an app; Ada denies it.
    expect(await landed(ada, await postForm(world, ada, ORG_ADMIN, { intent: "settings", mode: "approval", requestsTo: "admins" }))).toContain("Settings saved");
    const riley = await loggedIn(world, USERS.riley.email);
    const wanted = requestable(app);
    expect(await landed(riley, await postForm(world, riley, `${pathOf(wanted)}/request`, { comment: "" }))).toContain("Request sent");
    const request = await world.app.db.prepare("SELECT id FROM org_app_requests ORDER BY id DESC LIMIT 1").first<{ id: number }>();
    await landed(ada, await postForm(world, ada, ORG_ADMIN, { intent: "deny-request", requestId: String(request!.id), reason: "Not now" }));

    // The organisation's page: the audit log's Who column and the history's Decided by.
    const orgHtml = await (await visit(world, ada, ORG_ADMIN)).text();
    expect(auditWho(orgHtml)).toEqual([ADA, `${USERS.riley.displayName} (${USERS.riley.email})`, ADA]);
    const orgPage = read(orgHtml);
    const history = orgPage.page.all("section[aria-labelledby=history-title] tbody tr").map(textOf);
    expect(history).toHaveLength(1);
    expect(history[0]).toContain(ADA);

    // The review queue: the decision, on the list and on the submission's own page.
    const queue = read(await (await visit(world, ada, "/admin/review")).text()).text;
    expect(queue).toContain(`by ${ADA}`);
    const item = read(await (await visit(world, ada, `/admin/review/${submission!.id}`)).text()).text;
    expect(item).toContain(`by ${ADA}.`);
    expect(item).toContain(`Rejected by ${ADA} on`);

    // The console: who sent it, who made the token, who added whom.
    const console = read(await (await visit(world, ada, `/publisher/${slug}/submissions`)).text()).text;
    expect(console).toContain(`by ${ADA}`);
    const tokens = read(await (await visit(world, ada, `/publisher/${slug}/tokens`)).text()).text;
    expect(tokens).toContain(`by ${ADA}`);
    const members = read(await (await visit(world, ada, `/publisher/${slug}/members`)).text()).text;
    expect(members).toContain(`Added by ${SAM}`);

    // Stored once as a pair, not re-read from the platform: the name and the address of that moment.
    const audit = await world.app.db.prepare("SELECT actor, actor_name FROM audit_log WHERE action = 'submission.reject'").first();
    expect(audit).toEqual({ actor: USERS.ada.email, actor_name: USERS.ada.displayName });
  });

  it("rows from before show what they knew (the address alone, or the name alone); a rule and the hub are said as such", async () => {
    const ada = await loggedIn(world, USERS.ada.email);
    expect(await landed(ada, await postForm(world, ada, ORG_ADMIN, { intent: "settings", mode: "approval", requestsTo: "admins" }))).toContain("Settings saved");
    const app = listedBots(world)[1]!;
    const at = new Date().toISOString();
    await world.app.db.batch([
      // An audit row from before names kept: the address alone.
      world.app.db
        .prepare("INSERT INTO audit_log (at, actor, action, subject, detail) VALUES (?, ?, 'org.clear', ?, ?)")
        .bind(at, "old.admin@acme.example", `org:${ACME}`, JSON.stringify({ appId: app.id })),
      // The hub itself (a space that stopped being the organisation's own).
      world.app.db
        .prepare("INSERT INTO audit_log (at, actor, action, subject, detail) VALUES (?, 'App Hub', 'org.clear', ?, ?)")
        .bind(at, `org:${ACME}`, JSON.stringify({ appId: app.id })),
      // A request decided before addresses were kept: the name alone; and one a rule decided.
      world.app.db
        .prepare(
          `INSERT INTO org_app_requests (org_id, app_id, app_name, requester_user_id, requester_person_id, requester_name, requester_email, status, decided_by, rule_name, created_at, decided_at)
           VALUES (?, ?, ?, 'u1', 'p1', 'Riley Regular', 'riley@acme.example', 'denied', 'Old Admin', NULL, ?, ?),
                  (?, ?, ?, 'u2', 'p2', 'Riley Regular', 'riley@acme.example', 'approved', NULL, 'EU only', ?, ?)`,
        )
        .bind(ACME, app.id, app.name, at, at, ACME, app.id, app.name, at, at),
    ]);
    const html = await (await visit(world, ada, ORG_ADMIN)).text();
    expect(auditWho(html).slice(0, 2)).toEqual(["the App Hub", "old.admin@acme.example"]);
    const page = read(html).page;
    const decidedBy = page.all("section[aria-labelledby=history-title] tbody tr").map((tr) => textOf(page.all("td", tr).at(-2)));
    expect(decidedBy.sort()).toEqual(["Old Admin", "the rule “EU only”"]);
  });
});
