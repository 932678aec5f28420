// Ratings and reviews (issue 15), against the Worker and the platform emulator: only people who use
// an app can review it (the hub's records, or the platform when asked), one review per person,
// helpful votes, three reports hide a review, moderation by hub admins, missing facts shown as such,
// and no personal state in what shared caches hold.
import { describe, expect, it } from "vitest";
import { presentBotEmail, ROOMS, USERS } from "../../workers/platform/demo-data.ts";
import { encodeId } from "../../workers/platform/ids.ts";
import type { AppRecord } from "../../app/models/catalogue-record.ts";
import { REVIEW_MESSAGES } from "../../app/features/reviews/messages.ts";
import { importCatalogue } from "./harness.ts";
import { page as parse } from "./html.ts";
import { Jar, logIn, postForm, startWorld, useWorld, visit } from "./login.ts";

const world = useWorld(() => startWorld());

const apps = () => world.app.catalogue.apps;
const key = (a: AppRecord) => a.friendlyId ?? a.id;
const path = (a: AppRecord) => `/applications/${key(a)}`;
const bots = () => apps().filter((a) => a.type === "bot" && a.botEmail && a.status === "published" && !a.deprecation && a.companyName !== "Lumen");
const presentBot = () => {
  const email = presentBotEmail(bots().map((b) => b.botEmail!))!;
  return bots().find((b) => b.botEmail!.toLowerCase() === email)!;
};
/** Bots nobody has in a space, the n-th of them (each test its own, as the app's D1 lives across tests). */
const freeBot = (n: number) => bots().filter((b) => b !== presentBot())[n]!;

async function as(email: string): Promise<Jar> {
  const jar = new Jar();
  expect((await logIn(world, jar, email)).status).toBe(302);
  return jar;
}

const text = async (res: Response) => parse(await res.text());
const flashOf = async (jar: Jar, to: string) => (await visit(world, jar, to)).text();

/** The hub's record that a demo user uses the app (as adding its bot through the hub writes it). */
async function markUse(userEmail: string, app: AppRecord, how = "added") {
  const user = Object.values(USERS).find((u) => u.email === userEmail)!;
  await world.app.db.prepare("INSERT OR IGNORE INTO app_uses (user_id, app_id, how, seen_at) VALUES (?, ?, ?, ?)").bind(user.uuid, app.id, how, new Date().toISOString()).run();
}

function review(jar: Jar, app: AppRecord, fields: Record<string, string>) {
  return postForm(world, jar, path(app), { intent: "save-review", ...fields });
}

async function reviewRows(app: AppRecord) {
  return (await world.app.db.prepare("SELECT * FROM reviews WHERE app_id = ?").bind(app.id).all<{ id: number; state: string; rating: number; title: string }>()).results;
}

describe("who may review", () => {
  it("anonymous visitors see the summary and a way to log in; the page carries nothing personal", async () => {
    const app = freeBot(0);
    const res = await world.app.fetch(path(app));
    const html = await res.text();
    expect(res.headers.get("Cache-Control")).toMatch(/public/);
    expect(html).toContain("Ratings and reviews");
    expect(html).toContain(REVIEW_MESSAGES.logIn);
    expect(html).not.toContain('name="intent" value="save-review"');
  });

  it("a person who does not use the app is told why, and a post is refused", async () => {
    const app = freeBot(1);
    const jar = await as(USERS.riley.email);
    const html = await (await visit(world, jar, path(app))).text();
    // Not in our records: the platform can tell for a bot, so the person may ask us to check.
    expect(html).toContain(REVIEW_MESSAGES.checkPrompt(app.name));
    const checked = await (await visit(world, jar, `${path(app)}?review=check`)).text();
    expect(checked).toContain(REVIEW_MESSAGES.notAUser(app.name));
    const res = await review(jar, app, { rating: "5", title: "Love it", body: "" });
    expect(res.status).toBe(302);
    expect(await flashOf(jar, res.headers.get("Location")!)).toContain(REVIEW_MESSAGES.notAllowed.message(app.name));
    expect(await reviewRows(app)).toEqual([]);
  });

  it("the platform's word counts when asked: the bot is in one of the person's spaces", async () => {
    const app = presentBot();
    const jar = await as(USERS.riley.email);
    const checked = await text(await visit(world, jar, `${path(app)}?review=check`));
    expect(checked.all("#write-review")).toHaveLength(1);
    // Recorded: the next visit needs no check.
    const again = await text(await visit(world, jar, path(app)));
    expect(again.all("#write-review")).toHaveLength(1);
  });

  it("adding the bot through the hub counts (our records)", async () => {
    const app = freeBot(2);
    const jar = await as(USERS.riley.email);
    const added = await postForm(world, jar, path(app), { intent: "add-to-space", roomId: encodeId("ROOM", ROOMS.marketingLaunch.uuid) });
    expect(added.status).toBe(302);
    const html = await text(await visit(world, jar, path(app)));
    expect(html.all("#write-review")).toHaveLength(1);
  });

  it("connecting an integration through the hub counts (our records); a skill nobody can tell says so", async () => {
    const integration = apps().find((a) => a.type === "integration" && a.clientId && a.connectUrl && a.status === "published" && !a.deprecation)!;
    const jar = await as(USERS.sam.email);
    const before = await (await visit(world, jar, path(integration))).text();
    expect(before).toContain(REVIEW_MESSAGES.cannotKnow(integration.name));
    expect((await visit(world, jar, `${path(integration)}/connect`)).status).toBe(302);
    const after = await text(await visit(world, jar, path(integration)));
    expect(after.all("#write-review")).toHaveLength(1);
    const skill = apps().find((a) => a.type === "skill" && a.status === "published" && !a.deprecation)!;
    expect(await (await visit(world, jar, path(skill))).text()).toContain(REVIEW_MESSAGES.cannotKnow(skill.name));
  });
});

describe("writing, changing and deleting a review", () => {
  it("one review per person: a second post changes it; the rating, the cards' average and JSON-LD follow at once", async () => {
    const app = freeBot(3);
    await markUse(USERS.riley.email, app);
    const jar = await as(USERS.riley.email);
    const anonBefore = await (await world.app.fetch(path(app))).text();
    expect(anonBefore).not.toContain("aggregateRating");

    let res = await review(jar, app, { rating: "4", title: "Solid", body: "Does what it says." });
    expect(await flashOf(jar, res.headers.get("Location")!)).toContain(REVIEW_MESSAGES.saved.message(app.name));
    res = await review(jar, app, { rating: "2", title: "Changed my mind", body: "" });
    expect(await flashOf(jar, res.headers.get("Location")!)).toContain(REVIEW_MESSAGES.updated.message(app.name));
    const rows = await reviewRows(app);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ rating: 2, title: "Changed my mind" });
    const appRow = await world.app.db.prepare("SELECT rating_avg, rating_count FROM apps WHERE id = ?").bind(app.id).first();
    expect(appRow).toEqual({ rating_avg: 2, rating_count: 1 });

    // Anonymous visitors see it at once: the community version moved every cache key, and the isolate
    // that wrote it forgot its memo of the version (workers/catalogue-version.ts).
    const anon = await (await world.app.fetch(path(app))).text();
    expect(anon).toContain("Changed my mind");
    expect(anon).toContain('"aggregateRating":{"@type":"AggregateRating","ratingValue":2,"ratingCount":1');
    const api = (await (await world.app.fetch(`/api/search?searchQuery=${encodeURIComponent(app.name)}`)).json()) as { items: { id: string; ratingAverage: number | null }[] };
    expect(api.items.find((i) => i.id === app.id)?.ratingAverage).toBe(2);

    res = await postForm(world, jar, path(app), { intent: "delete-review" });
    expect(await flashOf(jar, res.headers.get("Location")!)).toContain(REVIEW_MESSAGES.deleted.message(app.name));
    expect(await reviewRows(app)).toEqual([]);
    expect(await world.app.db.prepare("SELECT rating_avg, rating_count FROM apps WHERE id = ?").bind(app.id).first()).toEqual({ rating_avg: null, rating_count: 0 });
  }, 20_000);

  it("a refused form answers 400 and keeps what was typed, with a message per field", async () => {
    const app = freeBot(4);
    await markUse(USERS.riley.email, app);
    const jar = await as(USERS.riley.email);
    const long = "é".repeat(2001);
    const res = await review(jar, app, { rating: "7", title: "   ", body: long });
    expect(res.status).toBe(400);
    const html = await text(res);
    expect(html.text("#review-rating-error")).toBe("Choose a rating from 1 to 5 stars.");
    expect(html.text("#review-title-error")).toBe("Give your review a title.");
    expect(html.text("#review-body-error")).toBe("Keep your review to 2,000 characters.");
    expect(html.text("#review-body")).toBe(long);
    // 2,000 characters (not UTF-16 units) are fine.
    const ok = await review(jar, app, { rating: "5", title: "Emoji 👍", body: "👍".repeat(2000) });
    expect(ok.status).toBe(302);
    expect(await reviewRows(app)).toHaveLength(1);
  });

  it("the logged-in page is never shared, and shows the person's own review with edit and delete", async () => {
    const app = freeBot(5);
    await markUse(USERS.riley.email, app);
    const jar = await as(USERS.riley.email);
    await review(jar, app, { rating: "5", title: "Mine", body: "" });
    const res = await visit(world, jar, path(app));
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    const html = await res.text();
    expect(html).toContain("Your review");
    expect(html).toContain("Edit your review");
    expect(parse(html).text("#reviews")).toContain("Riley Regular (you)");
    // Anonymous copies name nobody as "you".
    expect(await (await world.app.fetch(path(app))).text()).not.toContain("(you)");
  }, 20_000);
});

describe("helpful votes and reports", () => {
  async function reviewedApp(n: number) {
    const app = freeBot(n);
    await markUse(USERS.riley.email, app);
    const jar = await as(USERS.riley.email);
    await review(jar, app, { rating: "1", title: "Terrible", body: "Spam spam spam" });
    const [row] = await reviewRows(app);
    return { app, reviewId: String(row!.id), author: jar };
  }

  it("'Was this helpful?' takes one vote per person, never the author's", async () => {
    const { app, reviewId, author } = await reviewedApp(6);
    const ada = await as(USERS.ada.email);
    const sam = await as(USERS.sam.email);
    await postForm(world, ada, path(app), { intent: "helpful", reviewId });
    await postForm(world, ada, path(app), { intent: "helpful", reviewId });
    await postForm(world, sam, path(app), { intent: "helpful", reviewId });
    await postForm(world, author, path(app), { intent: "helpful", reviewId });
    const row = await world.app.db.prepare("SELECT helpful_count FROM reviews WHERE id = ?").bind(reviewId).first<{ helpful_count: number }>();
    expect(row?.helpful_count).toBe(2);
    expect(await (await visit(world, ada, path(app))).text()).toContain("You found this helpful");
  });

  it("three people's reports hide a review until a moderator decides; a repeat or the author's own does not count", async () => {
    const { app, reviewId, author } = await reviewedApp(7);
    // Reports hide a review only from people who use the app (issue 27).
    for (const email of [USERS.ada.email, USERS.sam.email, USERS.max.email]) await markUse(email, app);
    const report = (jar: Jar) => postForm(world, jar, path(app), { intent: "report-review", reviewId, reason: "spam", details: "Not a review" });
    const ada = await as(USERS.ada.email);
    const sam = await as(USERS.sam.email);
    const max = await as(USERS.max.email);
    await report(ada);
    await report(ada);
    await report(author);
    await report(sam);
    expect((await reviewRows(app))[0]!.state).toBe("visible");
    // A report without a reason is refused, and keeps the details typed.
    const refused = await postForm(world, max, path(app), { intent: "report-review", reviewId, reason: "", details: "why" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Choose why you are reporting this review.");
    await report(max);
    expect((await reviewRows(app))[0]!.state).toBe("reported");
    expect(await world.app.db.prepare("SELECT rating_count FROM apps WHERE id = ?").bind(app.id).first()).toEqual({ rating_count: 0 });
    const page = await (await visit(world, ada, path(app))).text();
    expect(page).not.toContain("Spam spam spam");
    // The author still sees it, and why it is hidden.
    expect(await (await visit(world, author, path(app))).text()).toContain("Hidden while a moderator looks at reports about it.");
  });
});

describe("reports that cannot hide a review (issue 27)", () => {
  /** Reports by other people who use the app, as the hub records them (ids no demo user has). */
  async function reportsByOthers(reviewId: string, n: number) {
    for (let i = 0; i < n; i++) {
      await world.app.db
        .prepare("INSERT INTO review_reports (review_id, user_id, reason, details, reported_at) VALUES (?, ?, 'spam', '', ?)")
        .bind(Number(reviewId), crypto.randomUUID(), new Date().toISOString())
        .run();
    }
  }

  it("reports from people who do not use the app reach the moderators but do not hide the review", async () => {
    const { app, reviewId } = await (async () => {
      const app = freeBot(10);
      await markUse(USERS.riley.email, app);
      await review(await as(USERS.riley.email), app, { rating: "5", title: "Great bot", body: "" });
      return { app, reviewId: String((await reviewRows(app))[0]!.id) };
    })();
    for (const email of [USERS.ada.email, USERS.sam.email, USERS.max.email]) {
      const res = await postForm(world, await as(email), path(app), { intent: "report-review", reviewId, reason: "spam", details: "" });
      expect(res.status).toBe(302);
    }
    expect((await reviewRows(app))[0]!.state).toBe("visible");
    expect(await (await world.app.fetch(path(app))).text()).toContain("Great bot");
    // The moderators see the reports all the same.
    expect(await (await visit(world, await as(USERS.sam.email), "/admin/moderation")).text()).toContain("Great bot");
  });

  it("a review a moderator restored is not hidden by reports again; it goes back on the moderators' list", async () => {
    const app = freeBot(11);
    await markUse(USERS.riley.email, app);
    await review(await as(USERS.riley.email), app, { rating: "2", title: "Restored once", body: "" });
    const reviewId = String((await reviewRows(app))[0]!.id);
    await reportsByOthers(reviewId, 2);
    await markUse(USERS.ada.email, app);
    await postForm(world, await as(USERS.ada.email), path(app), { intent: "report-review", reviewId, reason: "spam", details: "" });
    expect((await reviewRows(app))[0]!.state).toBe("reported");
    const sam = await as(USERS.sam.email);
    await postForm(world, sam, "/admin/moderation", { intent: "restore-review", reviewId });
    expect((await reviewRows(app))[0]!.state).toBe("visible");
    // Three more reports from people who use it, after the restore.
    await new Promise((resolve) => setTimeout(resolve, 5));
    await reportsByOthers(reviewId, 2);
    await markUse(USERS.max.email, app);
    await postForm(world, await as(USERS.max.email), path(app), { intent: "report-review", reviewId, reason: "spam", details: "" });
    expect((await reviewRows(app))[0]!.state).toBe("visible");
    expect(await (await visit(world, sam, "/admin/moderation")).text()).toContain("Restored once");
  });
});

describe("moderation", () => {
  it("only hub admins open /admin/moderation: configured e-mails and the platform's admins of the hub's organisation", async () => {
    expect((await world.app.fetch("/admin/moderation")).status).toBe(302);
    expect((await visit(world, await as(USERS.riley.email), "/admin/moderation")).status).toBe(404);
    expect((await visit(world, await as(USERS.max.email), "/admin/moderation")).status).toBe(404);
    expect((await visit(world, await as(USERS.sam.email), "/admin/moderation")).status).toBe(200);
    const ada = await as(USERS.ada.email);
    expect((await visit(world, ada, "/admin/moderation")).status).toBe(200);
    // The account menu links there for them only.
    expect(await (await visit(world, ada, "/")).text()).toContain('href="/admin/moderation"');
  });

  it("restores or removes a reported review; a non-admin's decision is refused", async () => {
    const app = freeBot(8);
    await markUse(USERS.riley.email, app);
    const riley = await as(USERS.riley.email);
    await review(riley, app, { rating: "3", title: "Middling", body: "" });
    const [row] = await reviewRows(app);
    const reviewId = String(row!.id);
    for (const email of [USERS.ada.email, USERS.sam.email, USERS.max.email]) {
      await markUse(email, app);
      await postForm(world, await as(email), path(app), { intent: "report-review", reviewId, reason: "offensive", details: "" });
    }
    const sam = await as(USERS.sam.email);
    const listed = await (await visit(world, sam, "/admin/moderation")).text();
    expect(listed).toContain("Middling");
    expect(listed).toContain("Offensive or abusive");
    expect((await postForm(world, riley, "/admin/moderation", { intent: "restore-review", reviewId })).status).toBe(404);
    await postForm(world, sam, "/admin/moderation", { intent: "restore-review", reviewId });
    expect((await reviewRows(app))[0]!.state).toBe("visible");
    // Reports before the restore no longer count: a new one does not hide it again.
    await postForm(world, await as(USERS.ada.email), path(app), { intent: "report-review", reviewId, reason: "spam", details: "" });
    expect((await reviewRows(app))[0]!.state).toBe("visible");
    await postForm(world, sam, "/admin/moderation", { intent: "remove-review", reviewId });
    expect((await reviewRows(app))[0]!.state).toBe("removed");
  });

  it("'Report this app' lands there; removing the app takes it out everywhere, across an import; restoring brings it back", async () => {
    const app = apps().find((a) => a.type === "integration" && a.status === "published" && !a.deprecation && a.friendlyId)!;
    const max = await as(USERS.max.email);
    const refused = await postForm(world, max, path(app), { intent: "report-app", reason: "", details: "It sends spam to everyone" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("It sends spam to everyone");
    const res = await postForm(world, max, path(app), { intent: "report-app", reason: "malware", details: "It sends spam" });
    expect(await flashOf(max, res.headers.get("Location")!)).toContain(REVIEW_MESSAGES.appReported.message(app.name));
    const ada = await as(USERS.ada.email);
    const page = await (await visit(world, ada, "/admin/moderation")).text();
    expect(page).toContain("It is malicious or harmful");
    expect(page).toContain("It sends spam");

    await postForm(world, ada, "/admin/moderation", { intent: "remove-app", appId: app.id, reason: "Malware" });
    expect((await world.app.fetch(path(app))).status).toBe(404);
    const search = (await (await world.app.fetch(`/api/search?searchQuery=${encodeURIComponent(app.name)}`)).json()) as { items: { id: string }[] };
    expect(search.items.map((i) => i.id)).not.toContain(app.id);
    await importCatalogue(world.app.db, world.app.kv, world.app.catalogue);
    expect((await world.app.fetch(path(app))).status).toBe(404);

    await postForm(world, ada, "/admin/moderation", { intent: "restore-app", appId: app.id });
    expect((await world.app.fetch(path(app))).status).toBe(200);
  }, 30_000);
});

describe("missing facts", () => {
  it("a fact the publisher did not give reads 'Not provided', never hidden", async () => {
    const app = apps().find((a) => a.status === "published" && !a.deprecation && Object.values(a.security).every((v) => v === null))!;
    const html = await (await world.app.fetch(path(app))).text();
    const dom = parse(html);
    const facts = dom.all("#app-detail-body dl dd").map((dd) => dd.text);
    expect(facts).toHaveLength(8);
    expect(facts.every((t) => t.includes("Not provided"))).toBe(true);
    for (const label of ["Data regions", "Certifications", "Data retention", "Sub-processors", "Security contact", "Last confirmed"]) expect(html).toContain(label);
  });
});

describe("the reviews list", () => {
  it("pages by 10 and sorts newest, most helpful or lowest rating, by GET links that keep each other", async () => {
    const app = freeBot(9);
    const insert = world.app.db.prepare(
      "INSERT INTO reviews (app_id, user_id, author_name, rating, title, body, created_at, updated_at, helpful_count) VALUES (?, ?, ?, ?, ?, '', ?, ?, ?)",
    );
    await world.app.db.batch(
      Array.from({ length: 12 }, (_, i) => {
        const at = new Date(Date.UTC(2026, 0, 1 + i)).toISOString();
        // Review i: rating 1 + i % 5, helpful count (i * 7) % 12, newer as i grows.
        return insert.bind(app.id, `list-user-${i}`, `Person ${i}`, 1 + (i % 5), `Review ${i}`, at, at, (i * 7) % 12);
      }),
    );
    const titles = async (query: string) =>
      parse(await (await world.app.fetch(`${path(app)}${query}`)).text())
        .all("#reviews ol > li h3")
        .map((h) => h.text);
    const byNewest = Array.from({ length: 12 }, (_, i) => `Review ${11 - i}`);
    expect(await titles("")).toEqual(byNewest.slice(0, 10));
    expect(await titles("?reviewPage=2")).toEqual(byNewest.slice(10));
    const helpful = Array.from({ length: 12 }, (_, i) => i).sort((a, b) => ((b * 7) % 12) - ((a * 7) % 12) || b - a);
    expect(await titles("?reviewSort=helpful")).toEqual(helpful.slice(0, 10).map((i) => `Review ${i}`));
    const lowest = Array.from({ length: 12 }, (_, i) => i).sort((a, b) => (a % 5) - (b % 5) || b - a);
    expect(await titles("?reviewSort=lowest&reviewPage=2")).toEqual(lowest.slice(10).map((i) => `Review ${i}`));
    // The pager keeps the sort; the sort form starts again at page 1.
    const dom = parse(await (await world.app.fetch(`${path(app)}?reviewSort=lowest`)).text());
    expect(dom.links()).toContain("?reviewSort=lowest&reviewPage=2#reviews");
    // An unknown sort is the default, and shares the default's cache key.
    expect(await titles("?reviewSort=best")).toEqual(byNewest.slice(0, 10));
  });
});
