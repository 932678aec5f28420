// Issue 40 item 13: restricting an app from its page takes an optional reason, and members see it
// ("Reason: …") on the app page and the request page; the bot's message carries it escaped. An
// invalid reason (control characters, too long) is refused at the schema with what was typed kept.
import { describe, expect, it } from "vitest";
import { USERS } from "../../workers/platform/demo-data.ts";
import { loggedIn, updatesBotMessages } from "./followers-helpers.ts";
import { read } from "./html.ts";
import { type Jar, postForm, visit, type World } from "./login.ts";
import { useOrgPolicyWorld } from "./org-policy-helpers.ts";

const world: World = useOrgPolicyWorld();

const ADMIN = "/admin/organisation";
const isAdminPermission = (p: string) => /^(spark:all|spark-admin:|spark-compliance:|identity:|bot:memberships_write)/.test(p);
const bot = (n = 0) =>
  world.app.catalogue.apps.filter(
    (a) => a.status === "published" && !a.deprecation && a.type === "bot" && a.botEmail && !/webhooks$/.test(a.friendlyId ?? "") && !a.permissions.some(isAdminPermission),
  )[n]!;
const pathOf = (a: { friendlyId?: string | null; id: string }) => `/applications/${encodeURIComponent(a.friendlyId ?? a.id)}`;

async function approvalRequired(ada: Jar) {
  expect((await postForm(world, ada, ADMIN, { intent: "settings", mode: "approval", requestsTo: "admins" })).status).toBe(302);
}

/** The app page's Restrict form, as an organisation admin sees it. */
async function restrictForm(ada: Jar, path: string) {
  const page = read(await (await visit(world, ada, path)).text()).page;
  const form = page.forms().find((f) => f.action === ADMIN && page.buttons(f.element).some((b) => b.value === "restrict"));
  expect(form, "a Restrict form on the app page").toBeDefined();
  return { page, form: form! };
}

describe("a reason for a restriction", () => {
  it("the app page's Restrict form offers an optional, labelled reason", async () => {
    const ada = await loggedIn(world, USERS.ada.email);
    const { page, form } = await restrictForm(ada, pathOf(bot(0)));
    const field = page.find('[name="reason"]', form.element);
    expect(field, "a reason field in the Restrict form").not.toBeNull();
    expect(field!.getAttribute("required")).toBeUndefined();
    const id = field!.getAttribute("id");
    expect(id).toBeTruthy();
    expect(page.find(`label[for="${id}"]`)?.text).toMatch(/Reason/);
  });

  it("members read it as 'Reason: …' on the app page and the request page, as text", async () => {
    const ada = await loggedIn(world, USERS.ada.email);
    await approvalRequired(ada);
    const b = bot(1);
    const { form } = await restrictForm(ada, pathOf(b));
    const reason = "Use <b>Pixel</b> instead & ask IT";
    const res = await postForm(world, ada, ADMIN, { ...form.fields, intent: "restrict", reason });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(pathOf(b));

    const riley = await loggedIn(world, USERS.riley.email);
    const html = await (await visit(world, riley, pathOf(b))).text();
    const appPage = read(html).page;
    expect(appPage.text("#org-standing")).toContain("Restricted by your organisation");
    expect(appPage.text("#org-standing")).toContain(`Reason: ${reason}`);
    // Escaped for HTML: the tags are text, not markup.
    expect(html).not.toContain("<b>Pixel</b>");
    expect(appPage.find("#org-standing b")).toBeNull();

    const requestPage = read(await (await visit(world, riley, `${pathOf(b)}/request`)).text());
    expect(requestPage.text).toContain(`Reason: ${reason}`);
  });

  it("is told to a requester in the bot's message, with markdown and links taken out", async () => {
    const ada = await loggedIn(world, USERS.ada.email);
    await approvalRequired(ada);
    const b = bot(2);
    const riley = await loggedIn(world, USERS.riley.email);
    expect((await postForm(world, riley, `${pathOf(b)}/request`, { comment: "" })).status).toBe(302);
    const { form } = await restrictForm(ada, pathOf(b));
    expect((await postForm(world, ada, ADMIN, { ...form.fields, intent: "restrict", reason: "**Not** [this](https://evil.example/x) one" })).status).toBe(302);
    const toRiley = (await updatesBotMessages(world)).filter((m) => m.toPersonUuid !== null && m.markdown.includes("was restricted"));
    expect(toRiley.length).toBe(1);
    const told = toRiley[0]!.markdown;
    expect(told).toContain("Reason: ");
    expect(told).not.toContain("](https://evil.example");
    expect(told).not.toContain("**Not**");
  });

  it("refuses control characters or a too long reason, keeps what was typed, and changes nothing", async () => {
    const ada = await loggedIn(world, USERS.ada.email);
    await approvalRequired(ada);
    const b = bot(3);
    const { form } = await restrictForm(ada, pathOf(b));
    for (const reason of ["Bad\u0007bell", "x".repeat(501)]) {
      const res = await postForm(world, ada, ADMIN, { ...form.fields, intent: "restrict", reason });
      expect(res.status).toBe(400);
      const page = read(await res.text()).page;
      const alert = page.text('[role="alert"]');
      expect(alert).toMatch(reason.length > 500 ? /at most 500 characters/ : /control characters/);
      const kept = page.forms().find((f) => f.fields.appId === b.id && page.buttons(f.element).some((x) => x.value === "restrict"));
      expect(kept, "the Restrict form again").toBeDefined();
      expect(kept!.fields.reason).toBe(reason);
      expect(kept!.fields.appId).toBe(b.id);
    }
    const { results } = await world.app.db.prepare("SELECT app_id FROM org_app_decisions").all();
    expect(results).toEqual([]);
  });
});
