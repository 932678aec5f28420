// Following an app and unfollowing it (issue 16; docs/decisions/026) through the plain forms, as a
// browser without JavaScript posts them: the follow page, the detail page's state, My Integrations'
// "Apps you follow" and the unfollow link's page, against the emulator's real rules.
import { describe, expect, it } from "vitest";
import { ROOMS, SERVICE_BOTS, USERS } from "../../workers/platform/demo-data.ts";
import { encodeId } from "../../workers/platform/ids.ts";
import { alertOf, clearFollows, follow, followableApp, loggedIn, tokenIn, updatesBotMessages } from "./followers-helpers.ts";
import { page as parse, read } from "./html.ts";
import { Jar, postForm, startWorld, useWorld, visit, type World } from "./login.ts";

const world: World = useWorld(
  // Many follow changes by one person across the file: RATE_LIMIT_FOLLOWS is tested in doors-left-ajar.test.ts.
  () => startWorld({}, { rateLimits: { RATE_LIMIT_FOLLOWS: 1000 } }),
  async (w) => {
    await w.platform.reset();
    await clearFollows(w);
  },
);

const room = (key: keyof typeof ROOMS) => encodeId("ROOM", ROOMS[key].uuid);
const followRow = (userUuid: string, appId: string) =>
  world.app.db
    .prepare("SELECT * FROM follows WHERE user_id = ? AND app_id = ?")
    .bind(userUuid, appId)
    .first<{ destination: string; room_id: string | null; room_title: string | null; unfollow_token: string }>();
const follows = async () => (await world.app.db.prepare("SELECT COUNT(*) AS n FROM follows").first<{ n: number }>())!.n;

describe("the follow page", () => {
  it("sends a logged-out visitor to log in, and back to it", async () => {
    const app = followableApp(world);
    const res = await visit(world, new Jar(), `${app.path}/follow`);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(`/login?last=${encodeURIComponent(`${app.path}/follow`)}`);
  });

  it("offers a direct message from the App Hub bot and the person's group spaces", async () => {
    const app = followableApp(world);
    const jar = await loggedIn(world, USERS.riley.email);
    const res = await visit(world, jar, `${app.path}/follow`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await res.text();
    const page = parse(html);
    expect(page.text("h1")).toBe(`Follow updates about ${app.name}`);
    const radios = page.all('input[type="radio"][name="destination"]');
    expect(radios[0]!.getAttribute("value")).toBe("direct");
    expect(radios[0]!.hasAttribute("checked")).toBe(true);
    expect(page.text("label")).toBe("Direct message from the App Hub bot");
    const values = radios.map((r) => r.getAttribute("value"));
    expect(values).toContain(room("designTeam"));
    expect(values).toContain(room("marketingLaunch"));
    // Only group spaces: nobody can be added to a direct space.
    expect(values).not.toContain(room("directRileyAda"));
    expect(read(html).text).toContain("Company Announcements (locked: only its moderators can add the bot)");
  });

  it("refuses a post without the CSRF token, and saves nothing", async () => {
    const app = followableApp(world);
    const jar = await loggedIn(world, USERS.riley.email);
    const res = await postForm(world, jar, `${app.path}/follow`, { intent: "follow", destination: "direct" }, "");
    expect(res.status).toBe(403);
    expect(await follows()).toBe(0);
  });

  it("follows by direct message: the bot confirms with the unfollow link; following again changes nothing", async () => {
    const app = followableApp(world);
    const jar = await loggedIn(world, USERS.riley.email);
    const res = await follow(world, jar, app.path, "direct");
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(app.path);
    const row = await followRow(USERS.riley.uuid, app.id);
    expect(row).toMatchObject({ destination: "direct", room_id: null });
    const messages = await updatesBotMessages(world);
    expect(messages).toHaveLength(1);
    expect(messages[0]!.toPersonUuid).toBe(USERS.riley.uuid);
    expect(messages[0]!.markdown).toContain(`You follow ${app.name} in App Hub`);
    expect(tokenIn(messages[0]!.markdown)).toBe(row!.unfollow_token);

    // The page says so, with the notice; the same choice again is no duplicate and no second message.
    const detail = read(await (await visit(world, jar, app.path)).text());
    expect(detail.text).toContain(`Updates about ${app.name} go to a direct message from the App Hub bot.`);
    expect(detail.text).toContain("Following updates");
    expect(detail.text).toContain("They go to a direct message from the App Hub bot.");
    const again = await follow(world, jar, app.path, "direct");
    expect(again.status).toBe(302);
    expect(read(await (await visit(world, jar, app.path)).text()).text).toContain(`You already follow ${app.name}`);
    expect(await follows()).toBe(1);
    expect(await updatesBotMessages(world)).toHaveLength(1);
  });

  it("follows into a space: the bot joins it and says who asked; a change of space keeps one follow with a new token (issue 27)", async () => {
    const app = followableApp(world);
    const jar = await loggedIn(world, USERS.riley.email);
    expect((await follow(world, jar, app.path, "direct")).status).toBe(302);
    const token = (await followRow(USERS.riley.uuid, app.id))!.unfollow_token;

    const res = await follow(world, jar, app.path, room("designTeam"));
    expect(res.status).toBe(302);
    expect(await follows()).toBe(1);
    const moved = (await followRow(USERS.riley.uuid, app.id))!;
    expect(moved).toMatchObject({ destination: "space", room_id: room("designTeam"), room_title: "Design Team" });
    // Whoever read the earlier message (a direct message here, an old space's members elsewhere)
    // holds the old token: it no longer names this follow, its new place, or unfollows it.
    expect(moved.unfollow_token).not.toBe(token);
    expect((await visit(world, new Jar(), `/unfollow/${token}`)).status).toBe(404);
    expect(tokenIn((await updatesBotMessages(world)).at(-1)!.markdown)).toBe(moved.unfollow_token);
    const botIn = await world.platform.db
      .prepare("SELECT COUNT(*) AS n FROM memberships m JOIN people p ON p.uuid = m.person_uuid WHERE p.email = ? AND m.room_uuid = ?")
      .bind(SERVICE_BOTS.updates.email, ROOMS.designTeam.uuid)
      .first<{ n: number }>();
    expect(botIn!.n).toBe(1);
    const inSpace = (await updatesBotMessages(world)).filter((m) => m.roomTitle === "Design Team");
    expect(inSpace).toHaveLength(1);
    expect(inSpace[0]!.markdown).toContain(`Riley Regular asked App Hub to post updates about ${app.name} in this space`);
    expect(read(await (await visit(world, jar, app.path)).text()).text).toContain("They go to the Design Team space.");

    // The follow page shows the current choice; the bot already in a second space (409) is fine.
    const pageNow = parse(await (await visit(world, jar, `${app.path}/follow`)).text());
    expect(pageNow.find(`input[value="${room("designTeam")}"]`)!.hasAttribute("checked")).toBe(true);
    expect(pageNow.text("main")).toContain(`You follow ${app.name}: updates go to the Design Team space.`);
  });

  it("refuses a locked space with the spec's words, keeps the choice, and keeps the follow as it was", async () => {
    const app = followableApp(world);
    const jar = await loggedIn(world, USERS.riley.email);
    expect((await follow(world, jar, app.path, "direct")).status).toBe(302);
    const res = await follow(world, jar, app.path, room("companyAnnouncements"));
    expect(res.status).toBe(403);
    const html = await res.text();
    expect(alertOf(html)).toContain("This space is locked. Let the moderator(s) know you'd like to add this app.");
    expect(
      parse(html)
        .find(`input[value="${room("companyAnnouncements")}"]`)!
        .hasAttribute("checked"),
    ).toBe(true);
    expect(await followRow(USERS.riley.uuid, app.id)).toMatchObject({ destination: "direct" });
  });

  it("refuses a space that is not the person's, and a post without a choice", async () => {
    const app = followableApp(world);
    const jar = await loggedIn(world, USERS.riley.email);
    const notMine = await follow(world, jar, app.path, room("adminCouncil"));
    expect(notMine.status).toBe(400);
    expect(alertOf(await notMine.text())).toContain("That space is not one of yours any more. Choose another one.");
    const none = await postForm(world, jar, `${app.path}/follow`, { intent: "follow" });
    expect(none.status).toBe(400);
    expect(alertOf(await none.text())).toContain("Choose where updates should go.");
    expect(await follows()).toBe(0);
    expect(await updatesBotMessages(world)).toEqual([]);
  });
});

describe("the detail page", () => {
  it("offers the same plain link to every anonymous visitor (edge-cached), and the person's state to them only", async () => {
    const app = followableApp(world);
    const jar = await loggedIn(world, USERS.riley.email);
    expect((await follow(world, jar, app.path, "direct")).status).toBe(302);
    const anonymous = await visit(world, new Jar(), app.path);
    expect(anonymous.headers.get("Cache-Control")).toMatch(/^public/);
    const anon = parse(await anonymous.text());
    expect(anon.link("Follow updates")?.getAttribute("href")).toBe(`${app.path}/follow`);
    expect(anon.text("main")).not.toContain("Following updates");
    const mine = parse(await (await visit(world, jar, app.path)).text());
    expect(mine.link("Follow updates")).toBeNull();
    expect(mine.link("Change")?.getAttribute("href")).toBe(`${app.path}/follow`);
    expect(mine.buttons().map((b) => b.text)).toContain(`Unfollow ${app.name}`);
  });

  it("unfollows from the detail page (a plain form) and comes back to it", async () => {
    const app = followableApp(world);
    const jar = await loggedIn(world, USERS.riley.email);
    expect((await follow(world, jar, app.path, "direct")).status).toBe(302);
    const form = parse(await (await visit(world, jar, app.path)).text())
      .forms()
      .find((f) => f.fields.intent === "unfollow")!;
    expect(form.action).toBe(`${app.path}/follow`);
    const res = await postForm(world, jar, form.action!, form.fields);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(app.path);
    expect(await follows()).toBe(0);
    expect(read(await (await visit(world, jar, app.path)).text()).text).toContain(`You no longer follow ${app.name}.`);
  });
});

describe("My Integrations: apps you follow", () => {
  it("lists each followed app with where its updates go, and unfollows with a plain form", async () => {
    const [first, second] = [followableApp(world, 0), followableApp(world, 1)];
    const jar = await loggedIn(world, USERS.riley.email);
    expect((await follow(world, jar, first.path, "direct")).status).toBe(302);
    expect((await follow(world, jar, second.path, room("designTeam"))).status).toBe(302);
    const page = parse(await (await visit(world, jar, "/my-integrations")).text());
    const section = page.labelled("Apps you follow")!;
    const text = read(section.outerHTML).text;
    expect(text).toContain(first.name);
    expect(text).toContain("Updates go to a direct message from the App Hub bot.");
    expect(text).toContain("Updates go to the Design Team space.");
    const form = page.forms(section).find((f) => f.fields.intent === "unfollow" && f.action === `/applications/${encodeURIComponent(first.id)}/follow`)!;
    expect(form.fields.back).toBe("/my-integrations");
    const res = await postForm(world, jar, form.action!, form.fields);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe("/my-integrations");
    const after = read(await (await visit(world, jar, "/my-integrations")).text()).text;
    expect(after).toContain(`You no longer follow ${first.name}.`);
    expect(await followRow(USERS.riley.uuid, first.id)).toBeNull();
    expect(await followRow(USERS.riley.uuid, second.id)).not.toBeNull();
  });
});

describe("the unfollow link", () => {
  async function followedToken(): Promise<{ token: string; app: ReturnType<typeof followableApp> }> {
    const app = followableApp(world);
    const jar = await loggedIn(world, USERS.riley.email);
    expect((await follow(world, jar, app.path, room("designTeam"))).status).toBe(302);
    const token = tokenIn((await updatesBotMessages(world)).at(-1)!.markdown)!;
    return { token, app };
  }

  it("asks on GET and changes nothing (link previewers fetch links), without logging in", async () => {
    const { token, app } = await followedToken();
    for (let i = 0; i < 2; i++) {
      const res = await visit(world, new Jar(), `/unfollow/${token}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("Cache-Control")).toBe("private, no-store");
      const page = read(await res.text());
      expect(page.page.text("h1")).toBe(`Stop updates about ${app.name}?`);
      expect(page.buttons).toContain(`Unfollow ${app.name}`);
    }
    expect(await follows()).toBe(1);
  });

  it("unfollows on POST with the page's CSRF token and shows the result on the app's page; a forged post changes nothing", async () => {
    const { token, app } = await followedToken();
    const jar = new Jar();
    const page = parse(await (await visit(world, jar, `/unfollow/${token}`)).text());
    const form = page.forms().find((f) => f.method === "post")!;
    expect((await postForm(world, jar, `/unfollow/${token}`, {}, "forged")).status).toBe(403);
    expect(await follows()).toBe(1);
    const res = await postForm(world, jar, `/unfollow/${token}`, {}, form.fields.csrf);
    expect(res.status).toBe(302);
    expect(res.headers.get("Location")).toBe(app.path);
    expect(await follows()).toBe(0);
    const landed = await visit(world, jar, app.path);
    expect(landed.headers.get("Cache-Control")).toBe("private, no-store");
    expect(read(await landed.text()).text).toContain(`You no longer follow ${app.name}. No more updates will be posted to the Design Team space.`);
    // Used once: the link now says it no longer works, and a second post unfollows nothing.
    const again = await visit(world, jar, `/unfollow/${token}`);
    expect(again.status).toBe(404);
    expect(parse(await again.text()).text("h1")).toBe("This unfollow link does not work any more");
    expect((await postForm(world, jar, `/unfollow/${token}`, {}, form.fields.csrf)).status).toBe(404);
  });

  it("says plainly when a token is unknown or malformed", async () => {
    for (const token of ["A".repeat(32), "not a token", "x"]) {
      const res = await visit(world, new Jar(), `/unfollow/${encodeURIComponent(token)}`);
      expect(res.status).toBe(404);
      const page = read(await res.text());
      expect(page.page.text("h1")).toBe("This unfollow link does not work any more");
      expect(page.links).toContain("/my-integrations");
    }
  });
});
