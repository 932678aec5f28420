// Issue 40 item 11: an organisation admin's platform tokens, kept sealed in org_admins so the hub can
// ask whether they are still an admin before a request reaches them (decision 047), do not outlive
// the person's logout, and are kept at most as long as the login they came with could last
// (SESSION_MAX_AGE_SECONDS): older ones are never used, and the Cron Trigger deletes them.
import { describe, expect, it } from "vitest";
import { USERS } from "../../workers/platform/demo-data.ts";
import { loggedIn, updatesBotMessages } from "./followers-helpers.ts";
import { BACK_OFFICE_WORKER } from "./harness.ts";
import { type Jar, postForm, startWorld, useWorld, visit, type World } from "./login.ts";

const world: World = useWorld(
  () => startWorld(),
  async (w) => {
    await w.platform.reset();
    await w.app.db.batch(["org_policies", "org_admins", "org_app_decisions", "org_rules", "org_app_requests"].map((t) => w.app.db.prepare(`DELETE FROM ${t}`)));
  },
);

const DAY_MS = 24 * 3600 * 1000;
const published = () => world.app.catalogue.apps.filter((a) => a.status === "published" && !a.deprecation);
const bot = (n: number) => published().filter((a) => a.type === "bot" && a.botEmail && !/webhooks$/.test(a.friendlyId ?? ""))[n]!;
const pathOf = (a: { friendlyId?: string | null; id: string }) => `/applications/${encodeURIComponent(a.friendlyId ?? a.id)}`;
const kept = async (email: string) =>
  world.app.db.prepare("SELECT tokens, tokens_kept_at FROM org_admins WHERE email = ?").bind(email).first<{ tokens: string | null; tokens_kept_at: string | null }>();
const toAda = async () => (await updatesBotMessages(world)).filter((m) => m.toPersonUuid === USERS.ada.uuid);
const cron = async () => (await world.app.mf.getWorker(BACK_OFFICE_WORKER)).scheduled({ cron: "* * * * *", scheduledTime: new Date() });

async function approvalRequired(ada: Jar) {
  expect((await postForm(world, ada, "/admin/organisation", { intent: "settings", mode: "approval", requestsTo: "admins" })).status).toBe(302);
}
async function request(riley: Jar, n: number) {
  expect((await postForm(world, riley, `${pathOf(bot(n))}/request`, { comment: `request ${n}` })).status).toBe(302);
}

describe("an organisation admin's kept tokens", () => {
  it("are forgotten at logout: requests no longer reach the admin until they log in again", async () => {
    const ada = await loggedIn(world, USERS.ada.email);
    await approvalRequired(ada);
    expect((await kept(USERS.ada.email))?.tokens).toBeTruthy();
    const out = await visit(world, ada, "/logout");
    expect(out.status).toBe(302);
    // Still known as the organisation's admin, but nothing of theirs is kept to act with.
    expect(await kept(USERS.ada.email)).toEqual({ tokens: null, tokens_kept_at: null });
    const riley = await loggedIn(world, USERS.riley.email);
    await request(riley, 1);
    expect(await toAda()).toHaveLength(0);
    // The next login with the role keeps them again.
    await loggedIn(world, USERS.ada.email);
    expect((await kept(USERS.ada.email))?.tokens).toBeTruthy();
    await request(riley, 2);
    expect(await toAda()).toHaveLength(1);
  });

  it("a logout D1 cannot serve still ends the session, and the tokens are forgotten on a later try", async () => {
    const ada = await loggedIn(world, USERS.ada.email);
    expect((await kept(USERS.ada.email))?.tokens).toBeTruthy();
    expect((await visit(world, ada, "/admin/organisation")).status).toBe(200);
    // D1 refuses the forgetting (as an outage would) until the trigger is dropped below.
    await world.app.db.prepare("CREATE TRIGGER refuse_forget BEFORE UPDATE OF tokens ON org_admins BEGIN SELECT RAISE(ABORT, 'D1 is unavailable'); END").run();
    try {
      const out = await visit(world, ada, "/logout");
      expect(out.status).toBe(302);
      // Logged out all the same: the next page asks them to log in.
      const after = await visit(world, ada, "/admin/organisation");
      expect(after.status).toBe(302);
      expect(after.headers.get("Location")).toMatch(/^\/login/);
      expect((await kept(USERS.ada.email))?.tokens).toBeTruthy();
    } finally {
      await world.app.db.prepare("DROP TRIGGER IF EXISTS refuse_forget").run();
    }
    // D1 is back: the retry after the answer (waitUntil, a second later) forgets them.
    await expect.poll(async () => (await kept(USERS.ada.email))?.tokens, { timeout: 10_000, interval: 250 }).toBeNull();
  });

  it("the confirmation's post forgets them too, and another person's logout leaves them", async () => {
    const ada = await loggedIn(world, USERS.ada.email);
    const riley = await loggedIn(world, USERS.riley.email);
    expect((await visit(world, riley, "/logout")).status).toBe(302);
    expect((await kept(USERS.ada.email))?.tokens).toBeTruthy();
    const page = await visit(world, ada, "/logout", { headers: { "Sec-Fetch-Site": "cross-site" } });
    expect(page.status).toBe(200);
    expect((await kept(USERS.ada.email))?.tokens).toBeTruthy();
    expect((await postForm(world, ada, "/logout", { last: "/" })).status).toBe(302);
    expect((await kept(USERS.ada.email))?.tokens).toBeNull();
  });

  it("are not used once older than a login can last, and the Cron deletes them", async () => {
    const ada = await loggedIn(world, USERS.ada.email);
    await approvalRequired(ada);
    const nadia = await loggedIn(world, USERS.nadia.email);
    expect((await kept(USERS.nadia.email))?.tokens).toBeTruthy();
    // Ada's were kept 31 days ago (the session's absolute lifetime is 30 days); Nadia's are fresh.
    await world.app.db
      .prepare("UPDATE org_admins SET tokens_kept_at = ? WHERE email = ?")
      .bind(new Date(Date.now() - 31 * DAY_MS).toISOString(), USERS.ada.email)
      .run();
    const riley = await loggedIn(world, USERS.riley.email);
    await request(riley, 3);
    expect(await toAda()).toHaveLength(0);
    await cron();
    expect(await kept(USERS.ada.email)).toEqual({ tokens: null, tokens_kept_at: null });
    expect((await kept(USERS.nadia.email))?.tokens).toBeTruthy();
    expect(nadia.cookies.size).toBeGreaterThan(0);
  });

  it("a refresh does not extend how long they are kept", async () => {
    const ada = await loggedIn(world, USERS.ada.email);
    await approvalRequired(ada);
    const before = (await kept(USERS.ada.email))!;
    expect(before.tokens_kept_at).toBeTruthy();
    // The platform ends Ada's access tokens: the next request message refreshes the kept ones.
    const expired = await world.platform.fetch("/_emulator/tokens/expire", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ email: USERS.ada.email }),
    });
    expect(expired.status).toBe(200);
    const riley = await loggedIn(world, USERS.riley.email);
    await request(riley, 4);
    expect(await toAda()).toHaveLength(1);
    const after = (await kept(USERS.ada.email))!;
    expect(after.tokens).not.toBe(before.tokens);
    expect(after.tokens_kept_at).toBe(before.tokens_kept_at);
  });
});
