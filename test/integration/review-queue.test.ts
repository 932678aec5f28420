// The review queue (issue 16): hub admins see publishers' submissions against the live listing, with
// new permissions called out; approving publishes in one D1 batch (listing, search index, versions)
// and moves the catalogue version; rejecting changes nothing live and the publisher reads why.
import { describe, expect, it } from "vitest";
import { PERMISSION_KEYS, PERMISSIONS, permissionFits } from "../../app/models/permissions.ts";
import { USERS } from "../../workers/platform/demo-data.ts";
import { page as parse, sleep } from "./html.ts";
import { Jar, logIn, postForm, startWorld, useWorld, visit } from "./login.ts";
import { eventually, follow, followableApp, loggedIn, updatesBotMessages } from "./followers-helpers.ts";
import { keyOf, listedBots, publisherCall, tokenFor } from "./publisher.ts";

const world = useWorld(() => startWorld());
// No waiting for the Worker's 5-second memo of the catalogue version (workers/catalogue-version.ts):
// the isolate that publishes forgets it, so the next request, here as for the reviewer, reads the new one.

async function admin(): Promise<Jar> {
  const sam = new Jar();
  await logIn(world, sam, USERS.sam.email);
  return sam;
}

type Submitted = { id: number; state: string; reason: string | null; appId: string; links: { self: string; app?: string } };
async function submitted(res: Response): Promise<Submitted> {
  expect(res.status).toBe(202);
  return (await res.json()) as Submitted;
}

const apiApp = async (key: string) => {
  const res = await world.app.fetch(`/api/apps/${encodeURIComponent(key)}`);
  return res.status === 200
    ? ((await res.json()) as { name: string; currentVersion?: string; versions: { version: string; notes?: string }[]; permissions: { key: string }[] | string[] })
    : null;
};

describe("the review queue", () => {
  it("is for hub admins only: everyone else gets the not-found page", async () => {
    const max = new Jar();
    await logIn(world, max, USERS.max.email);
    expect((await visit(world, max, "/admin/review")).status).toBe(404);
    expect((await visit(world, max, "/admin/review/1")).status).toBe(404);
    expect((await world.app.fetch("/admin/review")).status).toBeGreaterThanOrEqual(300);
  });

  it("shows a version against the live listing with its new permissions; approving publishes it atomically and the caches refresh", async () => {
    const app = listedBots(world)[0]!;
    const token = await tokenFor(world, app.publisher!);
    const newPermission = PERMISSION_KEYS.filter((p) => p.startsWith("bot:")).find((p) => !app.permissions.includes(p))!;
    const permissions = [...app.permissions, newPermission];
    const sub = await submitted(
      await publisherCall(world, token, `/apps/${keyOf(app)}/versions`, { version: "77.0.0", releaseNotes: "- <script>alert(1)</script> Threads", permissions }),
    );
    const before = await apiApp(keyOf(app));
    const sam = await admin();

    const queue = parse(await (await visit(world, sam, "/admin/review")).text());
    expect(queue.text("main")).toContain(`${app.name} 77.0.0`);
    const review = await visit(world, sam, `/admin/review/${sub.id}`);
    expect(review.status).toBe(200);
    expect(review.headers.get("Cache-Control")).toMatch(/private|no-store/);
    const html = await review.text();
    const shown = parse(html);
    expect(shown.text("#permissions-title + *")).toMatch(/^New:/);
    expect(shown.text("main")).toContain("Version");
    expect(html).not.toContain("<script>alert(1)</script>");

    const approve = await postForm(world, sam, `/admin/review/${sub.id}`, { intent: "approve" });
    expect(approve.status).toBe(302);
    expect(approve.headers.get("Location")).toBe("/admin/review");
    expect(parse(await (await visit(world, sam, "/admin/review")).text()).text()).toContain(`${app.name} 77.0.0 is live.`);

    // Everything changed together: the decision, the app, its history, and the audit log.
    const row = await world.app.db.prepare("SELECT current_version, permissions FROM apps WHERE id = ?").bind(app.id).first<{ current_version: string; permissions: string }>();
    expect(row?.current_version).toBe("77.0.0");
    expect(JSON.parse(row!.permissions)).toContain(newPermission);
    const audit = await world.app.db.prepare("SELECT actor, action FROM audit_log WHERE action = 'submission.approve' AND subject = ?").bind(app.id).all();
    expect(audit.results).toEqual([{ actor: USERS.sam.email, action: "submission.approve" }]);
    const state = (await (await publisherCall(world, token, `/submissions/${sub.id}`)).json()) as Submitted;
    expect(state.state).toBe("approved");

    // The catalogue version moved: the public answer (edge-cached before) shows the new version at once.
    const after = await apiApp(keyOf(app));
    expect(before!.versions.map((v) => v.version)).not.toContain("77.0.0");
    expect(after!.versions[0]!.version).toBe("77.0.0");

    // A second approval (another admin, a double click) changes nothing.
    const again = await postForm(world, sam, `/admin/review/${sub.id}`, { intent: "approve" });
    expect(again.status).toBe(302);
    const versions = await world.app.db
      .prepare("SELECT count(*) AS n FROM app_versions v JOIN apps a ON a.seq = v.app_seq WHERE a.id = ? AND v.version = '77.0.0'")
      .bind(app.id)
      .first<{ n: number }>();
    expect(versions?.n).toBe(1);
  });

  it("rejecting needs a reason (kept when refused), changes nothing live, and the publisher reads the reason", async () => {
    const app = listedBots(world)[1]!;
    const token = await tokenFor(world, app.publisher!);
    const sub = await submitted(await publisherCall(world, token, `/apps/${keyOf(app)}/listing`, { tagline: "The only bot you will ever need, guaranteed" }));
    const sam = await admin();
    const refused = await postForm(world, sam, `/admin/review/${sub.id}`, { intent: "reject", reason: "   " });
    expect(refused.status).toBe(400);
    const refusedPage = parse(await refused.text());
    expect(refusedPage.text("#reject-reason-error")).toBe("Give the publisher a reason, so they know what to fix.");
    const long = await postForm(world, sam, `/admin/review/${sub.id}`, { intent: "reject", reason: `Too long ${"x".repeat(1000)}` });
    expect(long.status).toBe(400);
    expect(parse(await long.text()).text("#reject-reason")).toContain("Too long");

    const rejected = await postForm(world, sam, `/admin/review/${sub.id}`, { intent: "reject", reason: "Claims like “guaranteed” need evidence." });
    expect(rejected.status).toBe(302);
    const state = (await (await publisherCall(world, token, `/submissions/${sub.id}`)).json()) as Submitted;
    expect(state).toMatchObject({ state: "rejected", reason: "Claims like “guaranteed” need evidence." });
    const row = await world.app.db.prepare("SELECT tagline FROM apps WHERE id = ?").bind(app.id).first<{ tagline: string }>();
    expect(row?.tagline).toBe(app.tagline);
    const listed = (await (await publisherCall(world, token, "/submissions")).json()) as { submissions: Submitted[] };
    expect(listed.submissions[0]).toMatchObject({ id: sub.id, state: "rejected" });
  });

  it("a listing change renames the app in search (the FTS index follows), moves categories and deprecates it with a replacement", async () => {
    const [app, replacement] = listedBots(world).slice(2, 4) as [(typeof world.app.catalogue.apps)[number], (typeof world.app.catalogue.apps)[number]];
    const category = world.app.catalogue.categories.find((c) => !app.categoryIds.includes(c.id))!;
    const token = await tokenFor(world, app.publisher!);
    const sub = await submitted(await publisherCall(world, token, `/apps/${keyOf(app)}/listing`, { name: "Zyxwv Quorum Helper", categoryIds: [category.id] }));
    const sam = await admin();
    const review = parse(await (await visit(world, sam, `/admin/review/${sub.id}`)).text());
    expect(review.text("table")).toContain("Zyxwv Quorum Helper");
    expect(review.text("table")).toContain(category.name);
    expect((await postForm(world, sam, `/admin/review/${sub.id}`, { intent: "approve" })).status).toBe(302);
    const search = async () => JSON.stringify(await (await world.app.fetch("/api/search?searchQuery=zyxwv")).json());
    expect(await search()).toContain(app.id);
    // The search vocabulary (migration 0030) has the new words, written in the approval's batch:
    // the next version's first search reads it instead of walking the index (decision 049), and
    // a typo of the new name is corrected to it.
    const rows = (table: string) => world.app.db.prepare(`SELECT term, col, doc FROM ${table} WHERE term IN ('zyxwv', 'quorum') ORDER BY term, col`).all();
    expect((await rows("search_vocabulary")).results).toContainEqual({ term: "zyxwv", col: "name", doc: 1 });
    expect((await rows("search_vocabulary")).results).toEqual((await rows("apps_fts_terms")).results);
    expect(JSON.stringify(await (await world.app.fetch("/api/search?searchQuery=zyxwb+quorum")).json())).toContain(app.id);
    const cats = await world.app.db.prepare("SELECT category_id FROM app_categories c JOIN apps a ON a.seq = c.app_seq WHERE a.id = ?").bind(app.id).all<{ category_id: string }>();
    expect(cats.results.map((r) => r.category_id)).toEqual([category.id]);

    const deprecate = await submitted(await publisherCall(world, token, `/apps/${keyOf(app)}/listing`, { deprecation: { replacement: keyOf(replacement) } }));
    expect((await postForm(world, sam, `/admin/review/${deprecate.id}`, { intent: "approve" })).status).toBe(302);
    const text = parse(await (await world.app.fetch(`/applications/${keyOf(app)}`)).text()).text("main");
    expect(text).toContain("Zyxwv Quorum Helper");
    expect(text).toContain(`Use ${replacement.name} instead.`);
    // Deprecated apps leave search and lists unless asked for (decision 024).
    expect(await search()).not.toContain(app.id);
  });

  it("a new app's draft is checked by the catalogue's rules, and approving lists it under its address", async () => {
    const publisher = listedBots(world)[5]!.publisher!;
    const token = await tokenFor(world, publisher);
    const category = world.app.catalogue.categories[0]!;
    const draft = {
      name: "Qwerty Standup Bot",
      friendlyId: "qwerty-standup-bot",
      type: "bot",
      productType: "teams",
      productTypes: ["teams"],
      categoryIds: [category.id],
      tagline: "Daily standups in your space",
      description: "Asks everyone three questions each morning.",
      logo: "https://cdn.example.com/qwerty.png",
      permissions: ["bot:mentions_read"],
      version: { version: "1.0.0", releaseNotes: "First release" },
    };
    const noBotEmail = await publisherCall(world, token, "/apps", draft);
    expect(noBotEmail.status).toBe(400);
    expect(await noBotEmail.json()).toMatchObject({ errors: [{ path: "botEmail", message: "is required for bots" }] });
    const taken = await publisherCall(world, token, "/apps", { ...draft, botEmail: "qwerty@bots.example", friendlyId: keyOf(listedBots(world)[0]!) });
    expect(((await taken.json()) as { errors: { path: string }[] }).errors.map((e) => e.path)).toContain("friendlyId");

    const sub = await submitted(await publisherCall(world, token, "/apps", { ...draft, botEmail: "qwerty@bots.example" }));
    expect(await world.app.fetch("/applications/qwerty-standup-bot").then((r) => r.status)).toBe(404);
    const sam = await admin();
    expect(parse(await (await visit(world, sam, `/admin/review/${sub.id}`)).text()).text("main")).toContain("Not in the catalogue yet.");
    expect((await postForm(world, sam, `/admin/review/${sub.id}`, { intent: "approve" })).status).toBe(302);
    const live = await world.app.fetch("/applications/qwerty-standup-bot");
    expect(live.status).toBe(200);
    expect(parse(await live.text()).text("main")).toContain("Daily standups in your space");
    const search = await (await world.app.fetch("/api/search?searchQuery=qwerty")).text();
    expect(search).toContain(sub.appId);
    const words = await world.app.db.prepare("SELECT col FROM search_vocabulary WHERE term = 'qwerty' ORDER BY col").all<{ col: string }>();
    expect(words.results.map((r) => r.col)).toEqual(["name"]);
    const state = (await (await publisherCall(world, token, `/submissions/${sub.id}`)).json()) as Submitted;
    expect(state).toMatchObject({ state: "approved", links: { app: `/applications/${sub.appId}` } });
  });

  it("a batch that fails midway changes nothing: the decision is rolled back with the rest", async () => {
    const publisher = listedBots(world)[6]!.publisher!;
    const token = await tokenFor(world, publisher);
    const sub = await submitted(
      await publisherCall(world, token, "/apps", {
        name: "Rollback Probe",
        type: "embeddedApp",
        productType: "meetings",
        productTypes: ["meetings"],
        categoryIds: [world.app.catalogue.categories[0]!.id],
        tagline: "Probe",
        description: "Probe",
        logo: "https://cdn.example.com/probe.png",
      }),
    );
    // Another writer takes the draft's id after it was submitted: the batch's INSERT of the app fails.
    const donor = await world.app.db.prepare("SELECT * FROM apps LIMIT 1").first<Record<string, unknown>>();
    const columns = Object.keys(donor!).filter((c) => c !== "seq");
    await world.app.db
      .prepare(`INSERT INTO apps (${columns.join(", ")}) VALUES (${columns.map(() => "?").join(", ")})`)
      // Without the donor's address, client id and bot address, which name one app each (migration 0020).
      .bind(...columns.map((c) => (c === "id" ? sub.appId : ["friendly_id", "client_id", "bot_email"].includes(c) ? null : donor![c])))
      .run();
    const sam = await admin();
    const res = await postForm(world, sam, `/admin/review/${sub.id}`, { intent: "approve" });
    expect(res.status).toBe(302);
    expect(parse(await (await visit(world, sam, "/admin/review")).text()).text()).toContain("Nothing changed: the catalogue refused the change.");
    const row = await world.app.db.prepare("SELECT state, decision_id FROM submissions WHERE id = ?").bind(sub.id).first<{ state: string; decision_id: string | null }>();
    expect(row).toEqual({ state: "pending", decision_id: null });
    const audit = await world.app.db.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'submission.approve' AND subject = ?").bind(sub.appId).first<{ n: number }>();
    expect(audit?.n).toBe(0);
  });

  it("approving a version tells the app's followers once, new permission called out; a deprecation too", async () => {
    const app = followableApp(world, 3);
    const riley = await loggedIn(world, USERS.riley.email);
    const ada = await loggedIn(world, USERS.ada.email);
    expect((await follow(world, riley, app.path, "direct")).status).toBe(302);
    expect((await follow(world, ada, app.path, "direct")).status).toBe(302);
    const token = await tokenFor(world, app.publisher!);
    const extra = PERMISSION_KEYS.find((k) => permissionFits("integration", k) && !app.permissions.includes(k))!;
    const sub = await submitted(
      await publisherCall(world, token, `/apps/${app.key}/versions`, { version: "88.1.0", releaseNotes: "Faster sync for everyone.", permissions: [...app.permissions, extra] }),
    );
    const sam = await admin();
    expect((await postForm(world, sam, `/admin/review/${sub.id}`, { intent: "approve" })).status).toBe(302);
    // A second post of the same approval announces nothing more.
    expect((await postForm(world, sam, `/admin/review/${sub.id}`, { intent: "approve" })).status).toBe(302);

    const about = async (headline: string) => (await updatesBotMessages(world)).filter((m) => m.markdown.includes(headline));
    const posted = await eventually(
      async () => {
        const found = await about(`${app.name} 88.1.0 is out`);
        return found.length >= 2 ? found : undefined;
      },
      20_000,
      "both followers' messages",
    );
    await sleep(2_000);
    expect(await about(`${app.name} 88.1.0 is out`)).toHaveLength(2);
    expect(posted.map((m) => m.toPersonUuid).sort()).toEqual([USERS.ada.uuid, USERS.riley.uuid].sort());
    expect(posted[0]!.markdown).toContain(PERMISSIONS[extra].label);
    expect(posted[0]!.markdown).toContain("Faster sync for everyone.");

    const replacement = followableApp(world, 4);
    const deprecate = await submitted(await publisherCall(world, token, `/apps/${app.key}/listing`, { deprecation: { replacement: replacement.key } }));
    expect((await postForm(world, sam, `/admin/review/${deprecate.id}`, { intent: "approve" })).status).toBe(302);
    const deprecated = await eventually(
      async () => {
        const found = await about(`${app.name} is deprecated`);
        return found.length >= 2 ? found : undefined;
      },
      20_000,
      "the deprecation messages",
    );
    expect(deprecated[0]!.markdown).toContain(replacement.name);
  });
});
