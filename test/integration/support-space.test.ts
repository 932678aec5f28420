// Joining the developer-support space from /support (spec §2.5, §8; issue 6): a plain form posted by
// a logged-in person, with the three outcomes — joined, already joined (from App Hub before),
// already a member (in the space some other way) — and failures; a login link when logged out.
import { describe, expect, it } from "vitest";
import { DEVELOPER_SUPPORT_ROOM, USERS } from "../../workers/platform/demo-data.ts";
import { loadContent } from "./harness.ts";
import { page, read } from "./html.ts";
import { Jar, logIn, postForm, startWorld, useWorld, visit } from "./login.ts";

const world = useWorld(
  async () => {
    const started = await startWorld({});
    // /support comes from a content entry.
    await loadContent(started.app.db, started.app.kv);
    return started;
  },
  async (started) => {
    await started.platform.reset();
    await started.app.db.prepare("DELETE FROM support_space_joins").run();
  },
);

async function as(email: string): Promise<Jar> {
  const jar = new Jar();
  expect((await logIn(world, jar, email)).status).toBe(302);
  return jar;
}

/** Posts the join form; returns the visible text of the /support page it redirects to (with the notice). */
async function joinAndLand(jar: Jar): Promise<string> {
  const res = await postForm(world, jar, "/support", { intent: "join-support-space" });
  expect(res.status).toBe(302);
  expect(res.headers.get("Location")).toBe("/support");
  return read(await (await visit(world, jar, "/support")).text()).text;
}

async function members(): Promise<string[]> {
  const { results } = await world.platform.db
    .prepare("SELECT p.email FROM memberships m JOIN people p ON p.uuid = m.person_uuid WHERE m.room_uuid = ? ORDER BY p.email")
    .bind(DEVELOPER_SUPPORT_ROOM.uuid)
    .all<{ email: string }>();
  return results.map((r) => r.email);
}

describe("/support: join the developer-support space", () => {
  it("logged out: a login link that comes back to /support, no form", async () => {
    const html = await (await world.app.fetch("/support")).text();
    const { text, links } = read(html);
    expect(links).toContain("/auth?last=%2Fsupport");
    expect(text).toContain("Log in to join the developer-support space");
    expect(page(html).all('[value="join-support-space"]')).toEqual([]);
  });

  it("logged in: a form with the CSRF token; the page is private", async () => {
    const jar = await as(USERS.riley.email);
    const res = await visit(world, jar, "/support");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const join = page(await res.text())
      .forms()
      .find((f) => f.fields.intent === "join-support-space");
    expect(join).toMatchObject({ method: "post", fields: { csrf: expect.stringMatching(/.+/) } });
  });

  it("joins: the person is in the space and told so; a second time they already joined", async () => {
    const jar = await as(USERS.riley.email);
    const first = await joinAndLand(jar);
    expect(first).toContain("Welcome to the developer-support space");
    expect(first).toContain(`You were added to the ${DEVELOPER_SUPPORT_ROOM.title} space. Find it in your spaces in Lumen.`);
    expect(await members()).toContain(USERS.riley.email);
    // It is a space of theirs now, as the platform sees it.
    const rooms = (await (await visit(world, jar, "/api/rooms")).json()) as { items: { title: string }[] };
    expect(rooms.items.map((r) => r.title)).toContain(DEVELOPER_SUPPORT_ROOM.title);

    const again = await joinAndLand(jar);
    expect(again).toContain("You already joined");
    expect(again).toContain(`You joined the ${DEVELOPER_SUPPORT_ROOM.title} space from App Hub before.`);
  });

  it("someone who is already in the space some other way is told they are a member", async () => {
    const html = await joinAndLand(await as(USERS.ada.email));
    expect(html).toContain("You are already a member");
    expect(html).toContain(`You are already a member of the ${DEVELOPER_SUPPORT_ROOM.title} space.`);
  });

  it("a platform failure says 'Unknown error' and records nothing; a bad bot token does not end the person's session", async () => {
    const jar = await as(USERS.riley.email);
    await world.platform.fault({ path: "/v1/memberships", kind: "status", status: 500 });
    const html = await joinAndLand(jar);
    expect(html).toContain("Unknown error. Please try again later");
    expect(await members()).not.toContain(USERS.riley.email);

    await world.platform.fault({ path: "/v1/memberships", kind: "status", status: 401 });
    const after401 = await joinAndLand(jar);
    expect(after401).toContain("Unknown error. Please try again later");
    expect(jar.get("__session")).toBeDefined();
    // Still logged in: the join works now.
    expect(await joinAndLand(jar)).toContain("Welcome to the developer-support space");
  });

  it("refuses a post without the CSRF token (403), and sends a logged-out post to log in", async () => {
    const jar = await as(USERS.riley.email);
    expect((await postForm(world, jar, "/support", { intent: "join-support-space" }, "forged.token")).status).toBe(403);
    expect(await members()).not.toContain(USERS.riley.email);
    // A form rendered while logged in, posted after the session is gone: log in first.
    jar.cookies.delete("__session");
    const res = await postForm(world, jar, "/support", { intent: "join-support-space" });
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/login?last=${encodeURIComponent("/support")}`);
  });
});

describe("/support without a configured support space", () => {
  const other = useWorld(async () => {
    const started = await startWorld({ SUPPORT_BOT_TOKEN: "" });
    await loadContent(started.app.db, started.app.kv);
    return started;
  });

  it("offers e-mail only", async () => {
    const { text } = read(await (await other.app.fetch("/support")).text());
    expect(text).toContain("Joining the developer-support space is not available right now.");
  });
});
