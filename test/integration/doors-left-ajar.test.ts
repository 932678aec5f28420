// Issue 27, "doors left ajar", through the real Worker: a draft cannot take another app's OAuth client
// id or bot address (items 12), a version's release date is checked and shown (14), an
// Idempotency-Key replays a retried draft (14), pending drafts reserve no address across publishers
// (14), and the new write paths have limits: submissions per token, pending drafts per publisher,
// follow changes per person (18). This file lowers two rate-limit bindings (same names, namespaces
// and periods as wrangler.toml) so a few requests reach them.
import { describe, expect, it } from "vitest";
import type { AppRecord } from "../../app/models/catalogue-record.ts";
import { PENDING_DRAFTS_MAX } from "../../app/features/publisher-api/draft-submission.server.ts";
import { ROOMS, USERS } from "../../workers/platform/demo-data.ts";
import { encodeId } from "../../workers/platform/ids.ts";
import { follow, followableApp, loggedIn } from "./followers-helpers.ts";
import { freshRateWindow } from "./harness.ts";
import { page as parse } from "./html.ts";
import { Jar, logIn, postForm, startWorld, useWorld, visit } from "./login.ts";
import { keyOf, listedBots, publisherCall, tokenFor } from "./publisher.ts";

const SUBMISSIONS_PER_MINUTE = 4;
const FOLLOW_CHANGES_PER_MINUTE = 2;
const world = useWorld(() => startWorld({}, { rateLimits: { RATE_LIMIT_SUBMISSIONS: SUBMISSIONS_PER_MINUTE, RATE_LIMIT_FOLLOWS: FOLLOW_CHANGES_PER_MINUTE } }));

/** The n-th publisher (by its listed bots) that differs from those before it. */
function publisher(n: number): string {
  const slugs = [...new Set(listedBots(world).map((b) => b.publisher!))];
  return slugs[n]!;
}
const appsOf = (slug: string) => world.app.catalogue.apps.filter((a) => (a.publisher ?? "") === slug);
const integrationNotOf = (slug: string) => world.app.catalogue.apps.find((a) => a.type === "integration" && a.clientId && a.publisher !== slug)!;

async function admin(): Promise<Jar> {
  const sam = new Jar();
  await logIn(world, sam, USERS.sam.email);
  return sam;
}

const draft = (overrides: Record<string, unknown> = {}) => ({
  name: "Door Test Integration",
  type: "integration",
  productType: "teams",
  productTypes: ["teams"],
  categoryIds: [world.app.catalogue.categories[0]!.id],
  tagline: "Testing doors",
  description: "An integration the tests submit.",
  logo: "https://cdn.example.com/door.png",
  clientId: `C${crypto.randomUUID().replaceAll("-", "")}`,
  ...overrides,
});

type Answer = { id: number; appId: string; errors?: { path: string; message: string }[]; message?: string };
const json = async (res: Response) => (await res.json()) as Answer;

describe("a new app's identity at the platform (item 12)", () => {
  it("refuses a client id or a bot address another app holds, and names only the publisher's own app", async () => {
    const mine = publisher(0);
    const token = await tokenFor(world, mine);
    const theirs = integrationNotOf(mine);
    const taken = await publisherCall(world, token, "/apps", draft({ clientId: theirs.clientId }));
    expect(taken.status).toBe(400);
    const takenText = await taken.text();
    expect(takenText).not.toContain(theirs.name);
    expect((JSON.parse(takenText) as Answer).errors).toEqual([
      { path: "clientId", message: `"${theirs.clientId}" is the client id of another publisher's app; an app can be listed only with its own client id` },
    ]);

    const bot = listedBots(world).find((b) => b.publisher !== mine)!;
    const shouted = bot.botEmail!.toUpperCase();
    const botTaken = await publisherCall(world, token, "/apps", draft({ type: "bot", clientId: null, botEmail: shouted }));
    expect((await json(botTaken)).errors).toEqual([
      { path: "botEmail", message: `"${shouted}" is the bot address of another publisher's app; an app can be listed only with its own bot address` },
    ]);

    const ownBot = appsOf(mine).find((a) => a.type === "bot")!;
    const own = await publisherCall(world, token, "/apps", draft({ type: "bot", clientId: null, botEmail: ownBot.botEmail }));
    expect((await json(own)).errors?.[0]?.message).toBe(`"${ownBot.botEmail}" is already the bot address of your app ${ownBot.name}; each app needs its own`);
  });

  it("shows both on the review page; the second of two drafts with one client id is refused on approval, and D1 holds them unique", async () => {
    const clientId = `C${crypto.randomUUID().replaceAll("-", "")}`;
    const first = await json(await publisherCall(world, await tokenFor(world, publisher(1)), "/apps", draft({ name: "Door Original", clientId })));
    const second = await json(await publisherCall(world, await tokenFor(world, publisher(2)), "/apps", draft({ name: "Door Impostor", clientId })));
    const sam = await admin();
    const review = parse(await (await visit(world, sam, `/admin/review/${second.id}`)).text());
    const row = (label: string) => review.all("tr").find((tr) => review.text("th", tr) === label);
    expect(review.text("td", row("OAuth client id")!)).toContain(clientId);
    expect(row("Bot address")).toBeDefined();

    expect((await postForm(world, sam, `/admin/review/${first.id}`, { intent: "approve" })).status).toBe(302);
    const refused = await postForm(world, sam, `/admin/review/${second.id}`, { intent: "approve" });
    expect(refused.status).toBe(302);
    const said = parse(await (await visit(world, sam, refused.headers.get("Location")!)).text()).text();
    expect(said).toContain(`The draft's client id “${clientId}” is already that of Door Original (publisher ${publisher(1)}). Reject the draft.`);
    const state = await world.app.db.prepare("SELECT state FROM submissions WHERE id = ?").bind(second.id).first<{ state: string }>();
    expect(state?.state).toBe("pending");
    expect(await world.app.db.prepare("SELECT count(*) AS n FROM apps WHERE client_id = ?").bind(clientId).first()).toEqual({ n: 1 });

    // The last guard: D1 itself refuses a second holder, whichever way it comes (bot addresses in any case).
    const other = integrationNotOf(publisher(1));
    await expect(world.app.db.prepare("UPDATE apps SET client_id = ? WHERE id = ?").bind(clientId, other.id).run()).rejects.toThrow(/UNIQUE/);
    const [a, b] = listedBots(world);
    await expect(world.app.db.prepare("UPDATE apps SET bot_email = ? WHERE id = ?").bind(a!.botEmail!.toUpperCase(), b!.id).run()).rejects.toThrow(/UNIQUE/);
  });
});

describe("submissions the reviewer can fully see (item 14)", () => {
  const liveOf = (app: AppRecord) => app.versions[0]!;

  it("refuses a release date in the future or before the live version's, and shows the date in the review", async () => {
    const app = listedBots(world).find((b) => b.versions.length > 0 && b.publisher === publisher(3))!;
    const token = await tokenFor(world, app.publisher!);
    const submit = (body: Record<string, unknown>) => publisherCall(world, token, `/apps/${keyOf(app)}/versions`, { version: "70.0.0", releaseNotes: "- Doors", ...body });
    const future = await submit({ releasedAt: new Date(Date.now() + 86_400_000).toISOString() });
    expect(future.status).toBe(400);
    expect((await json(future)).errors?.[0]).toMatchObject({ path: "releasedAt", message: expect.stringContaining("must not be in the future") });
    const before = await submit({ releasedAt: new Date(Date.parse(liveOf(app).releasedAt) - 86_400_000).toISOString() });
    expect(before.status).toBe(400);
    expect((await json(before)).errors?.[0]).toMatchObject({
      path: "releasedAt",
      message: expect.stringContaining(`must not be before ${app.name} ${liveOf(app).version}'s release`),
    });

    const at = new Date(Date.now() - 60_000).toISOString().replace(/\.\d{3}Z$/, "Z");
    const ok = await json(await submit({ releasedAt: at }));
    const review = parse(await (await visit(world, await admin(), `/admin/review/${ok.id}`)).text());
    const released = review.all("tr").find((tr) => review.text("th", tr) === "Released")!;
    expect(review.text("", released)).toContain(at);
  });

  it("a retried draft with its Idempotency-Key replays the first answer instead of meeting its own pending copy", async () => {
    const token = await tokenFor(world, publisher(4));
    const body = draft({ name: "Door Retry", friendlyId: "door-retry" });
    const first = await publisherCall(world, token, "/apps", body, { "Idempotency-Key": "door-retry-1" });
    expect(first.status).toBe(202);
    const again = await publisherCall(world, token, "/apps", body, { "Idempotency-Key": "door-retry-1" });
    expect(again.status).toBe(202);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect((await json(again)).id).toBe((await json(first)).id);
    // Without the key, the same draft again is refused: the publisher's own pending draft asks for the address.
    expect((await json(await publisherCall(world, token, "/apps", body))).errors?.map((e) => e.path)).toContain("friendlyId");
  });

  it("a pending draft reserves its address for nobody else: the first approved takes it", async () => {
    const body = (name: string) => draft({ name, friendlyId: "door-contested" });
    const a = await publisherCall(world, await tokenFor(world, publisher(5)), "/apps", body("Door A"));
    const b = await publisherCall(world, await tokenFor(world, publisher(6)), "/apps", body("Door B"));
    expect(a.status).toBe(202);
    expect(b.status).toBe(202);
    const sam = await admin();
    await postForm(world, sam, `/admin/review/${(await json(b)).id}`, { intent: "approve" });
    const refused = await postForm(world, sam, `/admin/review/${(await json(a)).id}`, { intent: "approve" });
    expect(parse(await (await visit(world, sam, refused.headers.get("Location")!)).text()).text()).toContain("The address “door-contested” was taken meanwhile.");
  });
});

describe("limits on the new write paths (item 18)", () => {
  it(`at most ${PENDING_DRAFTS_MAX} new apps of one publisher wait for review`, async () => {
    const slug = publisher(7);
    let token = await tokenFor(world, slug);
    for (let i = 0; i < PENDING_DRAFTS_MAX; i++) {
      if (i % 3 === 0) token = await tokenFor(world, slug); // each token has its own rate limit
      expect((await publisherCall(world, token, "/apps", draft({ name: `Door Cap ${i}` }))).status).toBe(202);
    }
    const refused = await publisherCall(world, await tokenFor(world, slug), "/apps", draft({ name: "Door Cap over" }));
    expect(refused.status).toBe(409);
    expect((await json(refused)).message).toContain(`${PENDING_DRAFTS_MAX} of your new apps already wait for review`);
    // Versions and listing changes of live apps are not drafts: they still go through.
    const app = appsOf(slug).find((a) => a.status === "published" && a.type === "bot")!;
    expect((await publisherCall(world, await tokenFor(world, slug), `/apps/${keyOf(app)}/versions`, { version: "71.0.0", releaseNotes: "x" })).status).toBe(202);
  });

  it(`a token makes at most ${SUBMISSIONS_PER_MINUTE} submissions a minute (429, Retry-After), another token is counted apart`, async () => {
    await freshRateWindow("RATE_LIMIT_SUBMISSIONS");
    const slug = publisher(8);
    const token = await tokenFor(world, slug);
    const app = appsOf(slug).find((a) => a.status === "published" && a.type === "bot")!;
    const send = (t: string, n: number) => publisherCall(world, t, `/apps/${keyOf(app)}/versions`, { version: `72.0.${n}`, releaseNotes: "x" });
    for (let n = 0; n < SUBMISSIONS_PER_MINUTE; n++) expect((await send(token, n)).status).toBe(202);
    const limited = await send(token, 99);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("60");
    expect(await limited.json()).toMatchObject({ error: "too_many_requests", message: "Too many submissions with this token in a short time. Try again in 60 s." });
    expect((await send(await tokenFor(world, slug), 98)).status).toBe(202);
  });

  it(`a person changes where updates go at most ${FOLLOW_CHANGES_PER_MINUTE} times a minute; the refusal keeps the choice`, async () => {
    await freshRateWindow("RATE_LIMIT_FOLLOWS");
    const app = followableApp(world, 3);
    const jar = await loggedIn(world, USERS.riley.email);
    const space = encodeId("ROOM", ROOMS.designTeam.uuid);
    expect((await follow(world, jar, app.path, "direct")).status).toBe(302);
    expect((await follow(world, jar, app.path, space)).status).toBe(302);
    // The same place again changes nothing and posts nothing, so it is not counted.
    expect((await follow(world, jar, app.path, space)).status).toBe(302);
    const limitedAt = await follow(world, jar, app.path, "direct");
    expect(limitedAt.status).toBe(429);
    expect(limitedAt.headers.get("Retry-After")).toBe("60");
    const html = parse(await limitedAt.text());
    expect(html.text("main")).toContain("You changed where updates go many times in a short time. Wait 60 seconds, then choose again.");
    expect(html.find('input[value="direct"]')!.hasAttribute("checked")).toBe(true);
    const row = await world.app.db.prepare("SELECT destination FROM follows WHERE app_id = ?").bind(app.id).first<{ destination: string }>();
    expect(row?.destination).toBe("space");
  });
});
