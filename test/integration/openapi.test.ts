// The contract test of the OpenAPI document (issue 16): the real Worker's answers, for every
// documented operation and its error codes, are checked against the document it serves at
// /api/openapi.json: the status must be one the operation lists, the headers it marks required must
// be there (and every documented header fit its schema), and the JSON body must fit the response's
// schema, with objects closed so an answer's field the document does not name fails too. At the
// end, every documented (operation, status) must have been seen, except the few named with a reason.
import { createHash } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildOpenApiDocument, type HeaderObject, type OpenApiDocument } from "../../app/features/openapi/document.server.ts";
import type { JsonSchema } from "../../app/features/openapi/json-schema.server.ts";
import { CONTENT_TYPES } from "../../app/models/content.ts";
import { USERS } from "../../workers/platform/demo-data.ts";
import { schemaCheck, type SchemaCheck } from "../openapi/schema-check.ts";
import { startPlatform } from "../platform/harness.ts";
import { freshRateWindow, startWorker, wranglerVars, type TestWorker } from "./harness.ts";
import { page as parse } from "./html.ts";
import { Jar, logIn, postForm, useWorld, type World } from "./login.ts";

/** A port nothing listens on: the video provider "cannot be reached". */
const CLOSED = "http://127.0.0.1:9";

/** Documented answers no test here can bring about, and why. */
const NOT_EXERCISED: Record<string, string> = {
  "get /api/fetch-vimeo 504": "the provider's time-out is 30 seconds",
  // Issue 27's limits: doors-left-ajar.test.ts reaches them with the binding's limit lowered.
  "post /api/publisher/v1/apps 409": "five pending drafts of one publisher",
  "post /api/publisher/v1/apps 429": "30 submissions a minute per token",
  "post /api/publisher/v1/apps/{appId}/listing 429": "30 submissions a minute per token",
  "post /api/publisher/v1/apps/{appId}/versions 429": "30 submissions a minute per token",
};

const world = useWorld(async (): Promise<World> => {
  const platform = await startPlatform();
  const app = await startWorker({
    vars: { PLATFORM_API_BASE: `${platform.origin}/v1`, PLATFORM_TOKENS_PAGE_URL: `${platform.origin}/account/authorized-apps`, OEMBED_ENDPOINT: `${platform.origin}/oembed` },
    content: true,
  });
  return { app, platform, dispose: async () => void (await Promise.all([app.dispose(), platform.dispose()])) };
});

/**
 * A second, bare Worker: no content loaded (the content endpoints' 404s), a video provider that
 * cannot be reached (502) and a search allowance of one request per window (429).
 */
let bare: TestWorker;
beforeAll(async () => {
  bare = await startWorker({ apps: 20, vars: { OEMBED_ENDPOINT: `${CLOSED}/oembed`, LOG_LEVEL: "error" }, rateLimits: { RATE_LIMIT_SEARCH: 1 } });
});
afterAll(() => bare?.dispose());

let doc: OpenApiDocument;
/** One app as /api/search answered it, for the test that the check can fail. */
let someSummary: Record<string, unknown>;
let check: SchemaCheck;
const seen = new Set<string>();

type Call = {
  path?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: string;
  app?: TestWorker;
};

/**
 * Calls a documented operation on the Worker and checks its answer against the document. Returns
 * the answer with its parsed JSON body (null without one).
 */
async function call(method: "get" | "post", template: string, init: Call = {}): Promise<{ res: Response; body: unknown }> {
  const op = doc.paths[template]?.[method];
  if (!op) throw new Error(`${method.toUpperCase()} ${template} is not in the document`);
  let path = template.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(init.path?.[name] ?? ""));
  if (init.query) path += `?${new URLSearchParams(init.query)}`;
  const app = init.app ?? world.app;
  const res = await app.fetch(path, {
    method: method.toUpperCase(),
    headers: { ...(init.body !== undefined ? { "Content-Type": "application/json" } : {}), ...init.headers },
    body: init.body,
  });
  const where = `${method.toUpperCase()} ${path} → ${res.status}`;
  const spec = op.responses[String(res.status)];
  expect(spec, `${where}: the document does not list this status`).toBeDefined();
  seen.add(`${method} ${template} ${res.status}`);
  for (const [name, ref] of Object.entries(spec!.headers ?? {})) {
    const header = doc.components.headers[ref.$ref.split("/").pop()!] as HeaderObject;
    const value = res.headers.get(name);
    if (header.required) expect(value, `${where}: the ${name} header`).not.toBeNull();
    if (value !== null) expect(check.problems(header.schema, value), `${where}: the ${name} header ${value}`).toEqual([]);
  }
  const text = await res.text();
  const schema = spec!.content?.["application/json"].schema;
  if (!schema) {
    expect(text, `${where}: no body`).toBe("");
    return { res, body: null };
  }
  expect(res.headers.get("Content-Type"), where).toMatch(/^application\/json/);
  const body = JSON.parse(text) as unknown;
  expect(check.problems(schema as JsonSchema, body), `${where}: the body`).toEqual([]);
  return { res, body };
}

/** The same GET again with the first answer's ETag: 304, checked like any answer. */
async function revalidate(template: string, first: Response, init: Call = {}) {
  const etag = first.headers.get("ETag");
  expect(etag).toMatch(/^"[0-9a-f]{32}"$/);
  const again = await call("get", template, { ...init, headers: { ...init.headers, "If-None-Match": etag! } });
  expect(again.res.status).toBe(304);
  return again;
}

/** A live token for a publisher, made by a hub admin on the tokens page. */
async function tokenFor(publisherSlug: string): Promise<string> {
  const sam = new Jar();
  await logIn(world, sam, USERS.sam.email);
  const res = await postForm(world, sam, "/admin/publisher-tokens", { intent: "create", publisher: publisherSlug, name: `contract ${Date.now()}` });
  return parse(await res.text()).attr("#new-token", "value")!;
}

const appKey = (a: { friendlyId: string | null; id: string }) => a.friendlyId ?? a.id;

describe("the OpenAPI document's contract with the real answers", () => {
  beforeAll(async () => {
    const res = await world.app.fetch("/api/openapi.json");
    expect(res.status).toBe(200);
    doc = (await res.json()) as OpenApiDocument;
    check = schemaCheck(doc, { closeObjects: true });
  });

  it("serves the document the code builds, for this hub's address, cacheable, with an ETag and 304", async () => {
    expect(doc).toEqual(buildOpenApiDocument(wranglerVars().PORTAL_URL!));
    const first = await call("get", "/api/openapi.json");
    expect(first.res.headers.get("Cache-Control")).toMatch(/^public, max-age=\d+, s-maxage=\d+$/);
    await revalidate("/api/openapi.json", first.res);
  });

  it("search: pages, filters, relevance, 304, 400, 404 past the end", async () => {
    const plain = await call("get", "/api/search");
    expect((plain.body as { total: number }).total).toBeGreaterThan(0);
    someSummary = (plain.body as { items: Record<string, unknown>[] }).items[0]!;
    await revalidate("/api/search", plain.res);
    const text = await call("get", "/api/search", { query: { searchQuery: "team", sortBy: "relevance", max: "50" } });
    expect((text.body as { items: { _score?: number }[] }).items[0]?._score).toEqual(expect.any(Number));
    await call("get", "/api/search", { query: { certification: "soc2-type-ii,iso-27001", dataRegion: "eu", freshness: "active,maintained,stale,deprecated", sortBy: "rating" } });
    await call("get", "/api/search", { query: { includeDeprecated: "true", max: "100", offset: "100", productType: "all", verifiedPublisher: "true" } });
    expect((await call("get", "/api/search", { query: { max: "0" } })).res.status).toBe(400);
    expect((await call("get", "/api/search", { query: { certification: "iso-9001" } })).res.status).toBe(400);
    expect((await call("get", "/api/search", { query: { offset: "100000" } })).res.status).toBe(404);
  });

  it("suggest: matches, an empty answer, 304, 400", async () => {
    const some = await call("get", "/api/suggest", { query: { q: "a" } });
    expect((some.body as { items: unknown[] }).items.length).toBeGreaterThan(0);
    await revalidate("/api/suggest", some.res, { query: { q: "a" } });
    expect((await call("get", "/api/suggest")).body).toEqual({ items: [], more: false, correctedQuery: null });
    expect((await call("get", "/api/suggest", { query: { q: "x".repeat(1001) } })).res.status).toBe(400);
  });

  it("app detail: apps of every kind (with and without facts, deprecated, coming soon), 304, 404", async () => {
    const apps = world.app.catalogue.apps;
    const sample = apps.filter((_, i) => i % 4 === 0);
    for (const kind of [(a: (typeof apps)[number]) => Boolean(a.deprecation), (a: (typeof apps)[number]) => a.status === "coming_soon"]) {
      const one = apps.find(kind);
      if (one) sample.push(one);
    }
    let found = 0;
    for (const app of sample) {
      const { res } = await call("get", "/api/apps/{appId}", { path: { appId: appKey(app) } });
      if (res.status === 200) found++;
    }
    expect(found).toBeGreaterThan(sample.length / 2);
    const first = await call("get", "/api/apps/{appId}", { path: { appId: appKey(apps[0]!) } });
    await revalidate("/api/apps/{appId}", first.res, { path: { appId: appKey(apps[0]!) } });
    expect((await call("get", "/api/apps/{appId}", { path: { appId: "no-such-app" } })).res.status).toBe(404);
  });

  it("featured apps, categories: 200 and 304", async () => {
    for (const path of ["/api/fetch-featured-apps", "/api/fetch-all-categories"]) {
      const first = await call("get", path);
      expect(first.res.status).toBe(200);
      await revalidate(path, first.res);
    }
  });

  it("video embeds: 200, 304, 400, 404 from the provider, 502 when it cannot be reached", async () => {
    const url = "https://vimeo.com/669847139";
    const first = await call("get", "/api/fetch-vimeo", { query: { url } });
    expect(first.res.status).toBe(200);
    await revalidate("/api/fetch-vimeo", first.res, { query: { url } });
    expect((await call("get", "/api/fetch-vimeo", { query: { url: "http://vimeo.com/1" } })).res.status).toBe(400);
    expect((await call("get", "/api/fetch-vimeo", { query: { url: "https://vimeo.com/channels/staffpicks" } })).res.status).toBe(404);
    expect((await call("get", "/api/fetch-vimeo", { query: { url }, app: bare })).res.status).toBe(502);
  });

  it("content: the home apps, the must-try collection, every type's entries and each entry; 304; 400; 404", async () => {
    const home = await call("get", "/api/fetch-home-apps");
    expect(home.res.status).toBe(200);
    await revalidate("/api/fetch-home-apps", home.res);
    const mustTry = await call("get", "/api/fetch-must-try-collection", { query: { max: "3" } });
    expect((mustTry.body as { items: unknown[] }).items).toHaveLength(3);
    await revalidate("/api/fetch-must-try-collection", mustTry.res, { query: { max: "3" } });
    expect((await call("get", "/api/fetch-must-try-collection", { query: { max: "0" } })).res.status).toBe(400);

    let entries = 0;
    for (const type of CONTENT_TYPES) {
      const list = await call("get", "/api/content/{type}", { path: { type } });
      if (list.res.status !== 200) continue;
      const body = list.body as { entries?: { key: string }[]; items?: unknown[] };
      if (type === "security-integrations") expect(body.items?.length).toBeGreaterThan(0);
      for (const entry of body.entries ?? []) {
        const one = await call("get", "/api/content/{type}/{key}", { path: { type, key: entry.key } });
        expect(one.res.status).toBe(200);
        entries++;
      }
    }
    expect(entries).toBeGreaterThan(5);
    const list = await call("get", "/api/content/{type}", { path: { type: "coming-soon" } });
    await revalidate("/api/content/{type}", list.res, { path: { type: "coming-soon" } });
    const entry = await call("get", "/api/content/{type}/{key}", { path: { type: "announcement", key: "main" } });
    await revalidate("/api/content/{type}/{key}", entry.res, { path: { type: "announcement", key: "main" } });
    expect((await call("get", "/api/content/{type}", { path: { type: "no-such-type" } })).res.status).toBe(404);
    expect((await call("get", "/api/content/{type}/{key}", { path: { type: "announcement", key: "no-such-key" } })).res.status).toBe(404);
  });

  it("content endpoints answer 404 on a hub without content", async () => {
    for (const path of ["/api/fetch-home-apps", "/api/fetch-must-try-collection", "/api/content/{type}", "/api/content/{type}/{key}"]) {
      const { res } = await call("get", path, { app: bare, path: { type: "home", key: "main" } });
      expect(res.status, path).toBe(404);
    }
  });

  it("search and suggestions answer 429 with Retry-After past the allowance", async () => {
    // Each address once: a repeated one would be answered by the edge cache, which comes first.
    await freshRateWindow("RATE_LIMIT_SEARCH");
    expect((await call("get", "/api/search", { app: bare, query: { searchQuery: "first" } })).res.status).toBe(200);
    expect((await call("get", "/api/search", { app: bare, query: { searchQuery: "second" } })).res.status).toBe(429);
    expect((await call("get", "/api/suggest", { app: bare, query: { q: "third" } })).res.status).toBe(429);
  });

  it("publisher: who the token is, 304, 401 for each refusal, 404 for a publisher gone from the catalogue", async () => {
    const publisher = world.app.catalogue.publishers[0]!;
    const token = await tokenFor(publisher.slug);
    const auth = { Authorization: `Bearer ${token}` };
    // The answer names when the token was last used, noted after the first call: once that is
    // there, the answer stays the same (for a minute) and its ETag revalidates.
    let me = await call("get", "/api/publisher/v1/me", { headers: auth });
    for (let i = 0; i < 20 && (me.body as { token: { lastUsedAt: string | null } }).token.lastUsedAt === null; i++) {
      me = await call("get", "/api/publisher/v1/me", { headers: auth });
    }
    expect(me.res.status).toBe(200);
    await revalidate("/api/publisher/v1/me", me.res, { headers: auth });
    // Every token expires (issue 40 item 2): /me says when, so a publisher's system can renew in time.
    expect((me.body as { token: { expiresAt: string } }).token.expiresAt).toMatch(/^\d{4}-\d\d-\d\dT/);
    // An expired and a revoked token: each a documented 401 whose message says which.
    const expired = await tokenFor(publisher.slug);
    const revoked = await tokenFor(publisher.slug);
    const byHash = (secret: string) => createHash("sha256").update(secret).digest("hex");
    await world.app.db.batch([
      world.app.db.prepare("UPDATE publisher_tokens SET expires_at = ? WHERE token_hash = ?").bind(new Date(Date.now() - 60_000).toISOString(), byHash(expired)),
      world.app.db.prepare("UPDATE publisher_tokens SET revoked_at = ? WHERE token_hash = ?").bind(new Date().toISOString(), byHash(revoked)),
    ]);
    const refusals: Record<string, string>[] = [
      {},
      { Authorization: "Basic dXNlcjpwYXNz" },
      { Authorization: `Bearer ahp_${"A".repeat(43)}` },
      { Authorization: `Bearer ${expired}` },
      { Authorization: `Bearer ${revoked}` },
    ];
    const messages: string[] = [];
    for (const headers of refusals) {
      const refused = await call("get", "/api/publisher/v1/me", { headers });
      expect(refused.res.status).toBe(401);
      messages.push((refused.body as { message: string }).message);
    }
    expect(messages[3]).toMatch(/^This token expired on /);
    expect(messages[4]).toMatch(/^This token was revoked on /);
    // The document says so for every publisher operation.
    for (const [path, methods] of Object.entries(doc.paths).filter(([path]) => path.startsWith("/api/publisher/"))) {
      for (const op of Object.values(methods)) expect(op.responses["401"]?.description, path).toMatch(/expired.*revoked|revoked.*expired/);
    }
    // A token whose publisher a later catalogue import no longer has.
    const orphan = `ahp_${"B".repeat(43)}`;
    await world.app.db
      .prepare("INSERT INTO publisher_tokens (publisher_slug, name, token_hash, prefix, created_by, created_at) VALUES ('gone-publisher', 'orphan', ?, 'ahp_BBBB', 'test', ?)")
      .bind(createHash("sha256").update(orphan).digest("hex"), new Date().toISOString())
      .run();
    expect((await call("get", "/api/publisher/v1/me", { headers: { Authorization: `Bearer ${orphan}` } })).res.status).toBe(404);
  });

  it("publisher: version submissions and reading them back, with every refusal", async () => {
    const apps = world.app.catalogue.apps.filter((a) => a.status === "published" && !a.deprecation && a.type === "bot" && a.publisher);
    const mine = apps[0]!;
    const theirs = apps.find((a) => a.publisher !== mine.publisher)!;
    const token = await tokenFor(mine.publisher!);
    const auth = { Authorization: `Bearer ${token}` };
    const version = {
      version: "9.9.0",
      releaseNotes: "- Threads",
      // A release date after the live version's and not in the future (issue 27).
      releasedAt: new Date(Date.now() - 60_000).toISOString(),
      permissions: ["bot:mentions_read"],
      security: { dataRegions: ["eu"], certifications: [], aiUsesMessageContent: false },
      screenshots: ["https://cdn.example/a.png"],
    };
    const submit = (body: unknown, headers: Record<string, string> = auth, appId = appKey(mine)) =>
      call("post", "/api/publisher/v1/apps/{appId}/versions", { path: { appId }, headers, body: typeof body === "string" ? body : JSON.stringify(body) });

    const made = await submit(version, { ...auth, "Idempotency-Key": "contract-1" });
    expect(made.res.status).toBe(202);
    expect(made.res.headers.get("Location")).toBe((made.body as { links: { self: string } }).links.self);
    const replayed = await submit(version, { ...auth, "Idempotency-Key": "contract-1" });
    expect(replayed.res.status).toBe(202);
    expect(replayed.res.headers.get("Idempotent-Replayed")).toBe("true");
    expect((await submit({ ...version, version: "9.9.1" }, { ...auth, "Idempotency-Key": "contract-1" })).res.status).toBe(422);

    const invalid = await submit({ version: "not a version", releaseNotes: 5, extra: true });
    expect(invalid.res.status).toBe(400);
    expect((invalid.body as { errors: unknown[] }).errors.length).toBeGreaterThan(1);
    expect((await submit("{not json")).res.status).toBe(400);
    expect((await submit(version, { ...auth, "Idempotency-Key": "bad key with spaces" })).res.status).toBe(400);
    expect((await submit({ ...version, releaseNotes: "x".repeat(70_000) })).res.status).toBe(413);
    expect((await submit(version, {})).res.status).toBe(401);
    expect((await submit(version, auth, appKey(theirs))).res.status).toBe(403);
    expect((await submit(version, auth, "no-such-app")).res.status).toBe(404);

    const id = String((made.body as { id: number }).id);
    const read = await call("get", "/api/publisher/v1/submissions/{id}", { path: { id }, headers: auth });
    expect(read.body).toMatchObject({ id: Number(id), state: "pending", kind: "version" });
    await revalidate("/api/publisher/v1/submissions/{id}", read.res, { path: { id }, headers: auth });
    expect((await call("get", "/api/publisher/v1/submissions/{id}", { path: { id } })).res.status).toBe(401);
    expect((await call("get", "/api/publisher/v1/submissions/{id}", { path: { id: "999999" }, headers: auth })).res.status).toBe(404);
    const otherToken = await tokenFor(theirs.publisher!);
    expect((await call("get", "/api/publisher/v1/submissions/{id}", { path: { id }, headers: { Authorization: `Bearer ${otherToken}` } })).res.status).toBe(404);
  });

  it("publisher: a new app's draft, a listing change, the list of submissions, approved and rejected ones", async () => {
    const apps = world.app.catalogue.apps.filter((a) => a.status === "published" && !a.deprecation && a.type === "bot" && a.publisher);
    const mine = apps[1]!;
    const theirs = apps.find((a) => a.publisher !== mine.publisher)!;
    const token = await tokenFor(mine.publisher!);
    const auth = { Authorization: `Bearer ${token}` };
    const post = (template: string, body: unknown, headers: Record<string, string> = auth, appId = appKey(mine)) =>
      call("post", template, { path: { appId }, headers, body: typeof body === "string" ? body : JSON.stringify(body) });

    const draft = {
      name: "Contract Standup Bot",
      friendlyId: "contract-standup-bot",
      type: "bot",
      productType: "teams",
      productTypes: ["teams"],
      categoryIds: [world.app.catalogue.categories[0]!.id],
      tagline: "Daily standups in your space",
      description: "Asks everyone three questions each morning.",
      logo: "https://cdn.example.com/standup.png",
      botEmail: "standup@bots.example",
      permissions: ["bot:mentions_read"],
      security: { dataRegions: ["us"], aiUsesMessageContent: null },
      version: { version: "1.0.0", releaseNotes: "First release" },
    };
    const drafted = await post("/api/publisher/v1/apps", draft, { ...auth, "Idempotency-Key": "draft-1" });
    expect(drafted.res.status).toBe(202);
    expect((drafted.body as { kind: string }).kind).toBe("draft");
    // (Another body needs another friendlyId: the pending draft holds this one, and checks come first.)
    expect((await post("/api/publisher/v1/apps", { ...draft, friendlyId: "another-bot" }, { ...auth, "Idempotency-Key": "draft-1" })).res.status).toBe(422);
    const noBotEmail = await post("/api/publisher/v1/apps", { ...draft, friendlyId: undefined, botEmail: undefined });
    expect(noBotEmail.body).toMatchObject({ errors: [{ path: "botEmail", message: "is required for bots" }] });
    expect((await post("/api/publisher/v1/apps", "[")).res.status).toBe(400);
    expect((await post("/api/publisher/v1/apps", draft, {})).res.status).toBe(401);
    expect((await post("/api/publisher/v1/apps", { ...draft, description: "x".repeat(70_000) })).res.status).toBe(413);

    const listing = "/api/publisher/v1/apps/{appId}/listing";
    const changed = await post(listing, { tagline: "Now with threads", deprecation: { replacement: null } }, { ...auth, "Idempotency-Key": "listing-1" });
    expect(changed.res.status).toBe(202);
    expect(
      (await post(listing, { tagline: "Now with threads", deprecation: { replacement: null } }, { ...auth, "Idempotency-Key": "listing-1" })).res.headers.get(
        "Idempotent-Replayed",
      ),
    ).toBe("true");
    expect((await post(listing, { tagline: "Other" }, { ...auth, "Idempotency-Key": "listing-1" })).res.status).toBe(422);
    expect((await post(listing, {})).res.status).toBe(400);
    expect((await post(listing, { categoryIds: ["no-such-category"] })).body).toMatchObject({ errors: [{ path: "categoryIds.0" }] });
    expect((await post(listing, { tagline: "x" }, {})).res.status).toBe(401);
    expect((await post(listing, { tagline: "x" }, auth, appKey(theirs))).res.status).toBe(403);
    expect((await post(listing, { tagline: "x" }, auth, "no-such-app")).res.status).toBe(404);
    expect((await post(listing, { description: "x".repeat(70_000) })).res.status).toBe(413);

    // Decided submissions: approved (with the app's link) and rejected (with the reason).
    const sam = new Jar();
    await logIn(world, sam, USERS.sam.email);
    const draftId = (drafted.body as { id: number }).id;
    const listingId = (changed.body as { id: number }).id;
    expect((await postForm(world, sam, `/admin/review/${draftId}`, { intent: "approve" })).status).toBe(302);
    expect((await postForm(world, sam, `/admin/review/${listingId}`, { intent: "reject", reason: "Say what the threads do." })).status).toBe(302);
    const approved = await call("get", "/api/publisher/v1/submissions/{id}", { path: { id: String(draftId) }, headers: auth });
    expect(approved.body).toMatchObject({ state: "approved", links: { app: expect.stringMatching(/^\/applications\//) } });
    const rejected = await call("get", "/api/publisher/v1/submissions/{id}", { path: { id: String(listingId) }, headers: auth });
    expect(rejected.body).toMatchObject({ state: "rejected", reason: "Say what the threads do." });

    const list = await call("get", "/api/publisher/v1/submissions", { headers: auth });
    const submissions = (list.body as { submissions: { id: number; state: string }[] }).submissions;
    expect(submissions.map((x) => x.id)).toEqual([listingId, draftId]);
    await revalidate("/api/publisher/v1/submissions", list.res, { headers: auth });
    expect((await call("get", "/api/publisher/v1/submissions")).res.status).toBe(401);
  });

  it("a body the document does not describe fails the check (the check can fail)", () => {
    const schema = doc.paths["/api/apps/{appId}"]!.get!.responses["200"]!.content!["application/json"].schema as JsonSchema;
    expect(check.problems(schema, { id: "x" }).length).toBeGreaterThan(0);
    const summary: JsonSchema = { $ref: "#/components/schemas/AppSummary" };
    expect(check.problems(summary, someSummary)).toEqual([]);
    expect(check.problems(summary, { ...someSummary, undocumented: true })).toEqual(['(body) must NOT have additional properties {"additionalProperty":"undocumented"}']);
  });

  it("the reference page shows every operation of the document, and links back to it", async () => {
    const res = await world.app.fetch("/developers/api");
    expect(res.status).toBe(200);
    expect(res.headers.get("Cache-Control")).toMatch(/^public, /);
    const dom = parse(await res.text());
    expect(dom.text("h1")).toBe("API reference");
    const operations = Object.entries(doc.paths).flatMap(([path, methods]) => Object.entries(methods).map(([method, op]) => ({ path, method, op })));
    for (const { path, method, op } of operations) {
      expect(dom.text(`#op-${op.operationId}`), op.operationId).toBe(`${method.toUpperCase()}${path}`);
      expect(dom.attr(`nav a[href$="#op-${op.operationId}"]`, "href"), op.operationId).toBe(`/developers/api#op-${op.operationId}`);
    }
    expect(dom.attr('a[href="/api/openapi.json"]', "href")).toBe("/api/openapi.json");
    for (const name of Object.keys(doc.components.schemas)) expect(dom.text(`#schema-${name}`)).toBe(name);
  });

  it("every documented answer was seen (except those no test can bring about)", () => {
    const documented = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).flatMap(([method, op]) => Object.keys(op.responses).map((status) => `${method} ${path} ${status}`)),
    );
    expect(documented.filter((d) => !seen.has(d) && !(d in NOT_EXERCISED))).toEqual([]);
    expect(Object.keys(NOT_EXERCISED).filter((d) => !documented.includes(d) || seen.has(d))).toEqual([]);
  });
});
