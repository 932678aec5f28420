// Know before you add (issue 15) on the detail page, the publisher page and the API: permissions in
// plain words (admin ones flagged, also in the add and connect steps), security facts, versions
// with safely rendered release notes, freshness and deprecation, publishers.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppRecord, CatalogueFile } from "../../app/models/catalogue-record.ts";
import { PERMISSIONS } from "../../app/models/permissions.ts";
import { USERS } from "../../workers/platform/demo-data.ts";
import { startWorker, type TestWorker } from "./harness.ts";
import { page as parse } from "./html.ts";
import { Jar, logIn, startWorld, useWorld, visit } from "./login.ts";

/** One app gets hostile release notes, to see them rendered safely. */
const HOSTILE_NOTES = 'Fixed <script>alert("x")</script> and [a link](javascript:alert(1)) and **bold** <img src=x onerror=alert(1)>';
/** The 31st app's newest release gets hostile notes (the generator's releases end before November 2026). */
const withHostileNotes = (file: CatalogueFile): CatalogueFile => ({
  ...file,
  apps: file.apps.map((a, i) => (i === 30 ? { ...a, versions: [{ version: "9.9.9", releasedAt: "2026-11-20T10:00:00Z", notes: HOSTILE_NOTES }, ...a.versions] } : a)),
});

const world = useWorld(() => startWorld());
const apps = () => world.app.catalogue.apps;
const key = (a: AppRecord) => a.friendlyId ?? a.id;
const path = (a: AppRecord) => `/applications/${key(a)}`;
const listed = () => apps().filter((a) => a.status === "published" && !a.deprecation);

describe("permissions", () => {
  it("the detail page groups them read, write and admin, in plain words, admin ones flagged", async () => {
    const app = listed().find((a) => a.permissions.some((p) => PERMISSIONS[p as keyof typeof PERMISSIONS].group === "admin"))!;
    const html = parse(await (await world.app.fetch(path(app))).text());
    const section = html.text("#app-detail-body section[aria-labelledby=permissions-title]");
    for (const p of app.permissions) expect(section).toContain(PERMISSIONS[p as keyof typeof PERMISSIONS].label);
    expect(section).toContain("Administrator access");
    expect(section).toContain("Admin");
    expect(section).toContain("Can see");
  });

  it("the same list is in the connect step and the add-bot dialog, before the person confirms", async () => {
    const jar = new Jar();
    await logIn(world, jar, USERS.riley.email);
    const integration = listed().find((a) => a.type === "integration" && a.connectUrl && a.permissions.length > 1)!;
    const connectPage = parse(await (await visit(world, jar, path(integration))).text());
    const summary = connectPage.text("#connect-permissions");
    expect(summary).toContain(`${integration.name} will be able to:`);
    for (const p of integration.permissions) expect(summary).toContain(PERMISSIONS[p as keyof typeof PERMISSIONS].label);
    expect(connectPage.attr('a[href$="/connect"]', "aria-describedby")).toContain("connect-permissions");

    const bot = listed().find((a) => a.type === "bot" && a.companyName !== "Lumen")!;
    const dialog = parse(await (await visit(world, jar, `${path(bot)}?add=group-space`)).text()).text("#add-bot");
    expect(dialog).toContain(`${bot.name} will be able to:`);
    for (const p of bot.permissions) expect(dialog).toContain(PERMISSIONS[p as keyof typeof PERMISSIONS].label);
  });
});

describe("versions, freshness and deprecation", () => {
  it("shows the current version, 'Updated N days ago' and the history, release notes rendered safely", async () => {
    const app = listed().find((a) => a.versions.length >= 2)!;
    const html = await (await world.app.fetch(path(app))).text();
    const dom = parse(html);
    const versions = dom.text("#app-detail-body section[aria-labelledby=versions-title]");
    expect(versions).toContain(`Current version ${app.versions[0]!.version}`);
    expect(versions).toMatch(/Updated (today|\d+ days? ago)\./);
    for (const v of app.versions.slice(0, 3)) expect(versions).toContain(`Version ${v.version}`);
  });

  it("a deprecated app says what to use instead, and lists leave it out unless asked", async () => {
    const app = apps().find((a) => a.deprecation?.replacement)!;
    const replacement = apps().find((a) => key(a) === app.deprecation!.replacement)!;
    const dom = parse(await (await world.app.fetch(path(app))).text());
    const notice = dom.text("[role=note]");
    expect(notice).toContain(`${app.name} is deprecated.`);
    expect(notice).toContain(`Use ${replacement.name} instead.`);
    expect(dom.links()).toContain(path(replacement));
    const api = (await (await world.app.fetch(`/api/search?searchQuery=${encodeURIComponent(app.name)}`)).json()) as { items: { id: string }[] };
    expect(api.items.map((i) => i.id)).not.toContain(app.id);
  });
});

describe("publishers", () => {
  it("a verified publisher's page: verification, facts, links and apps; anonymous and cached", async () => {
    const { publishers } = world.app.catalogue;
    const publisher = publishers.find((p) => p.verifiedAt && listed().filter((a) => a.publisher === p.slug).length >= 2)!;
    const res = await world.app.fetch(`/publishers/${publisher.slug}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toMatch(/public.*s-maxage/);
    const dom = parse(await res.text());
    expect(dom.text("h1")).toBe(publisher.name);
    expect(dom.text("main")).toContain("✓ Verified publisher");
    expect(dom.text("main")).toContain(publisher.domain!);
    const theirs = apps().filter((a) => a.publisher === publisher.slug && a.status === "published");
    expect(dom.text("main")).toContain(`of ${theirs.length} app`);
    // The detail page links to it and says verified.
    const app = theirs.find((a) => !a.deprecation)!;
    const detail = parse(await (await world.app.fetch(path(app))).text());
    expect(detail.links()).toContain(`/publishers/${publisher.slug}`);
    expect(detail.text("article header")).toContain("Verified publisher");
  });

  it("an unknown publisher is not found; an unverified one says so", async () => {
    expect((await world.app.fetch("/publishers/nobody-at-all")).status).toBe(404);
    expect((await world.app.fetch("/publishers/..%2Fetc")).status).toBe(404);
    const unverified = world.app.catalogue.publishers.find((p) => !p.verifiedAt)!;
    expect(await (await world.app.fetch(`/publishers/${unverified.slug}`)).text()).toContain("Not verified");
  });
});

describe("the API's detail call", () => {
  it("GET /api/apps/{appId} answers the new fields, null for facts not provided; 404 for none", async () => {
    const app = listed().find((a) => a.security.dataRegions === null && a.versions.length > 0)!;
    const res = await world.app.fetch(`/api/apps/${key(app)}`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as Record<string, unknown>;
    expect(body).toMatchObject({
      id: app.id,
      permissions: app.permissions,
      security: expect.objectContaining({ dataRegions: null }),
      versions: app.versions.map((v) => ({ ...v, releasedAt: new Date(v.releasedAt).toISOString().replace(".000Z", "Z") })),
      rating: { average: null, count: 0, distribution: [0, 0, 0, 0, 0] },
    });
    expect(body.freshness).toMatch(/^(active|maintained|stale)$/);
    expect(body.publisher).toMatchObject({ slug: app.publisher });
    expect((await world.app.fetch("/api/apps/does-not-exist")).status).toBe(404);
  });
});

describe("release notes with markup", () => {
  let worker: TestWorker;
  beforeAll(async () => {
    worker = await startWorker({ catalogue: withHostileNotes });
  });
  afterAll(() => worker?.dispose());

  it("are rendered by the markdown renderer that escapes HTML and drops javascript: links", async () => {
    const app = worker.catalogue.apps[30]!;
    const html = await (await worker.fetch(path(app))).text();
    const notes = parse(html).find("#app-detail-body section[aria-labelledby=versions-title] li div")!;
    expect(notes.innerHTML).toContain("<strong>bold</strong>");
    expect(notes.innerHTML).toContain("&lt;script&gt;");
    expect(notes.querySelectorAll("script, img")).toHaveLength(0);
    expect(notes.innerHTML).not.toContain("javascript:");
    expect(html).not.toContain('<script>alert("x")</script>');
  });
});
