// Issue 40 item 3: a hub admin by role (a full administrator of HUB_ADMIN_ORG_ID, Ada in the demo
// world) is one only while the platform says so. Every hub-admin page and post asks people/me again:
// demoted mid-session, Ada is refused at once everywhere (review queue, moderation, insights, member
// linking, token minting) and the header stops offering the pages; when the platform cannot answer,
// nobody is let in (the error page, never the admin page). An admin by address (HUB_ADMIN_EMAILS,
// Sam) is configuration: the platform is not asked.
import { describe, expect, it } from "vitest";
import { USERS } from "../../workers/platform/demo-data.ts";
import { loggedIn } from "./followers-helpers.ts";
import { read } from "./html.ts";
import { postForm, startWorld, useWorld, visit, type World } from "./login.ts";

// A short platform time-out, so the slow-platform case ends quickly (the logins have time enough).
const world: World = useWorld(
  () => startWorld({ PLATFORM_TIMEOUT_MS: "2500" }),
  async (w) => {
    await w.platform.reset();
    await w.app.db.batch(["DELETE FROM publisher_tokens", "DELETE FROM publisher_members", "DELETE FROM org_admins"].map((sql) => w.app.db.prepare(sql)));
  },
);

const slug = () => world.app.catalogue.apps.find((a) => a.publisher)!.publisher!;
const appId = () => world.app.catalogue.apps.find((a) => a.status === "published")!.id;
/** Every hub-admin page a GET reaches (the review of one submission goes through the same guard as its queue). */
const PAGES = () => [
  "/admin/review",
  "/admin/moderation",
  "/admin/insights",
  "/admin/search-insights",
  `/admin/insights/apps/${encodeURIComponent(appId())}`,
  `/admin/insights/publishers/${encodeURIComponent(slug())}`,
  "/admin/insights/csv?page=market&chart=funnel&days=7",
  "/admin/publisher-members",
  "/admin/publisher-tokens",
];
const ADMIN_LINKS = ["/admin/review", "/admin/publisher-members", "/admin/moderation", "/admin/insights"];
const count = async (table: string) => (await world.app.db.prepare(`SELECT COUNT(*) AS n FROM ${table}`).first<{ n: number }>())!.n;
const mint = (jar: Awaited<ReturnType<typeof loggedIn>>) => postForm(world, jar, "/admin/publisher-tokens", { intent: "create", publisher: slug(), name: "CI" });
const link = (jar: Awaited<ReturnType<typeof loggedIn>>) => postForm(world, jar, "/admin/publisher-members", { intent: "link", publisher: slug(), email: USERS.riley.email });

describe("a hub admin by role is checked with the platform on every hub-admin request", () => {
  it("opens every hub-admin page while an administrator of the hub's organisation", async () => {
    const ada = await loggedIn(world, USERS.ada.email);
    for (const path of PAGES()) expect([path, (await visit(world, ada, path)).status]).toEqual([path, 200]);
    const header = read(await (await visit(world, ada, "/")).text()).links;
    for (const href of ADMIN_LINKS) expect(header).toContain(href);
  });

  it("a demoted admin is refused at once everywhere, though the session says admin, and the header follows", async () => {
    const ada = await loggedIn(world, USERS.ada.email);
    expect((await visit(world, ada, "/admin/review")).status).toBe(200);
    await world.platform.setOrgAdmin(USERS.ada.email, false);
    for (const path of PAGES()) expect([path, (await visit(world, ada, path)).status]).toEqual([path, 404]);
    expect((await visit(world, ada, "/admin/review.data")).status).toBe(404);
    // Token minting and member linking: refused, nothing written.
    expect((await mint(ada)).status).toBe(404);
    expect((await link(ada)).status).toBe(404);
    expect((await postForm(world, ada, "/admin/moderation", { intent: "remove-review", reviewId: "1" })).status).toBe(404);
    expect((await postForm(world, ada, "/admin/review/1", { intent: "approve" })).status).toBe(404);
    expect(await count("publisher_tokens")).toBe(0);
    expect(await count("publisher_members")).toBe(0);
    // The refusal is remembered in the session: the header no longer offers the admin pages.
    const header = read(await (await visit(world, ada, "/")).text()).links;
    for (const href of ADMIN_LINKS) expect(header).not.toContain(href);
    expect(header).not.toContain("/admin/organisation");
    // Made an administrator again, Ada is one again with her next login.
    await world.platform.setOrgAdmin(USERS.ada.email, true);
    const again = await loggedIn(world, USERS.ada.email);
    expect((await visit(world, again, "/admin/review")).status).toBe(200);
  });

  it("fails closed when the platform answers with an error: the error page, nothing minted", async () => {
    const ada = await loggedIn(world, USERS.ada.email);
    await world.platform.fault({ path: "/v1/people/me", kind: "status", status: 503, times: -1 });
    const page = await visit(world, ada, "/admin/review");
    expect(page.status).toBe(503);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    // The hub's error page (spec §8: not a time-out, so the internal-server page), not the queue.
    const html = await page.text();
    expect(read(html).text).toContain("Something went wrong on our side");
    expect(html).not.toContain('id="review-title"');
    expect(read(html).text).not.toContain("Waiting for review");
    expect((await mint(ada)).status).toBe(503);
    expect(await count("publisher_tokens")).toBe(0);
    // Not a demotion: once the platform answers again, Ada is let in.
    await world.platform.clearFaults();
    expect((await visit(world, ada, "/admin/review")).status).toBe(200);
  });

  it("fails closed with the time-out page when the platform does not answer in time", async () => {
    const ada = await loggedIn(world, USERS.ada.email);
    await world.platform.fault({ path: "/v1/people/me", kind: "slow", delayMs: 4000, times: 1 });
    const page = await visit(world, ada, "/admin/publisher-tokens");
    expect(page.status).toBe(504);
    expect(read(await page.text()).text).toContain("The page took too long to load");
  });

  it("an admin by address (HUB_ADMIN_EMAILS) is configuration: the platform is not asked", async () => {
    const sam = await loggedIn(world, USERS.sam.email);
    await world.platform.fault({ path: "/v1/people/me", kind: "status", status: 503, times: -1 });
    for (const path of PAGES()) expect([path, (await visit(world, sam, path)).status]).toEqual([path, 200]);
    expect((await mint(sam)).status).toBe(200);
    expect(await count("publisher_tokens")).toBe(1);
  });

  it("anonymous pages and other people's pages do not ask the platform about roles", async () => {
    const riley = await loggedIn(world, USERS.riley.email);
    await world.platform.fault({ path: "/v1/people/me", kind: "status", status: 503, times: -1 });
    expect((await visit(world, riley, "/")).status).toBe(200);
    expect((await world.app.fetch("/")).status).toBe(200);
    // A person who is not an admin by their session is refused without a platform call.
    expect((await visit(world, riley, "/admin/review")).status).toBe(404);
  });
});
