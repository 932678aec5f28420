// The publisher API's tokens (issue 16): hub admins create them (shown once, kept only as a hash) and
// revoke them; the API answers 401 saying why for a missing, malformed, unknown, revoked or expired
// token. Every token expires (issue 40 item 2): 90 days unless 30 or 365 are chosen, and those made
// before migration 0032 get 90 days from the first Cron run after it.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { formatDate } from "../../app/lib/format-date.ts";
import { USERS } from "../../workers/platform/demo-data.ts";
import { BACK_OFFICE_WORKER } from "./harness.ts";
import { page as parse, read } from "./html.ts";
import { Jar, logIn, postForm, startWorld, useWorld, visit } from "./login.ts";

const world = useWorld(() => startWorld());

async function as(email: string): Promise<Jar> {
  const jar = new Jar();
  expect((await logIn(world, jar, email)).status).toBe(302);
  return jar;
}

const me = (token?: string, header = token ? `Bearer ${token}` : undefined) => world.app.fetch("/api/publisher/v1/me", { headers: header ? { Authorization: header } : {} });

describe("publisher API tokens", () => {
  it("only hub admins reach the tokens page", async () => {
    expect((await world.app.fetch("/admin/publisher-tokens")).status).toBe(302);
    expect((await visit(world, await as(USERS.riley.email), "/admin/publisher-tokens")).status).toBe(404);
    expect((await postForm(world, await as(USERS.riley.email), "/admin/publisher-tokens", { intent: "create", publisher: "x", name: "y" })).status).toBe(404);
    expect((await visit(world, await as(USERS.sam.email), "/admin/publisher-tokens")).status).toBe(200);
  });

  it("a token is shown once, kept as its SHA-256, works until revoked, and every step is audited", async () => {
    const sam = await as(USERS.sam.email);
    const publisher = world.app.catalogue.publishers[0]!;
    const created = await postForm(world, sam, "/admin/publisher-tokens", { intent: "create", publisher: publisher.slug, name: "CI pipeline" });
    expect(created.status).toBe(200);
    expect(created.headers.get("Cache-Control")).toBe("private, no-store");
    const secret = parse(await created.text()).attr("#new-token", "value")!;
    expect(secret).toMatch(/^ahp_[A-Za-z0-9_-]{43}$/);

    const rows = (await world.app.db.prepare("SELECT * FROM publisher_tokens").all<Record<string, string>>()).results;
    expect(JSON.stringify(rows)).not.toContain(secret);
    expect(rows.find((r) => r.name === "CI pipeline")?.token_hash).toBe(createHash("sha256").update(secret).digest("hex"));
    expect(await (await visit(world, sam, "/admin/publisher-tokens")).text()).not.toContain(secret);

    const ok = await me(secret);
    expect(ok.status).toBe(200);
    expect(((await ok.json()) as { publisher: { slug: string }; token: { name: string } }).publisher.slug).toBe(publisher.slug);

    const id = rows.find((r) => r.name === "CI pipeline")!.id!;
    const revoked = await postForm(world, sam, "/admin/publisher-tokens", { intent: "revoke", tokenId: String(id) });
    expect(revoked.status).toBe(302);
    const refused = await me(secret);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("WWW-Authenticate")).toContain('error="invalid_token"');
    // It says what happened, and when (the hub's date format, as on the tokens page).
    const revokedAt = (await world.app.db.prepare("SELECT revoked_at FROM publisher_tokens WHERE id = ?").bind(id).first<{ revoked_at: string }>())!.revoked_at;
    expect(await refused.json()).toEqual({ message: `This token was revoked on ${formatDate(revokedAt)}. Ask a member of the publisher or a hub admin for a new one.` });
    const audit = (await world.app.db.prepare("SELECT actor, action, subject FROM audit_log ORDER BY id").all()).results;
    expect(audit).toEqual(
      expect.arrayContaining([
        { actor: USERS.sam.email, action: "token.create", subject: publisher.slug },
        { actor: USERS.sam.email, action: "token.revoke", subject: publisher.slug },
      ]),
    );
  });

  it("401 says why: no header, not Bearer, unknown token; with the WWW-Authenticate challenge", async () => {
    const none = await me();
    expect(none.status).toBe(401);
    expect(none.headers.get("WWW-Authenticate")).toBe('Bearer realm="publisher-api"');
    expect(((await none.json()) as { message: string }).message).toMatch(/Authorization: Bearer <token>/);
    const basic = await me(undefined, "Basic dXNlcjpwYXNz");
    expect(basic.status).toBe(401);
    expect(basic.headers.get("WWW-Authenticate")).toContain('error="invalid_request"');
    const unknown = await me(`ahp_${"A".repeat(43)}`);
    expect(unknown.status).toBe(401);
    expect(unknown.headers.get("WWW-Authenticate")).toContain('error="invalid_token"');
    expect(await unknown.json()).toEqual({ message: "This token is not valid: it is unknown or mistyped." });
  });

  it("every token expires: 90 days unless 30 or 365 are chosen (never “never”), shown when made and in the list", async () => {
    const sam = await as(USERS.sam.email);
    const publisher = world.app.catalogue.publishers[2]!;
    const form = parse(await (await visit(world, sam, "/admin/publisher-tokens")).text());
    expect(form.all("#token-expiry option").map((o) => o.getAttribute("value"))).toEqual(["30", "90", "365"]);
    expect(form.attr('#token-expiry option[value="90"]', "selected")).not.toBeNull();

    const expiryOf = async (name: string) =>
      (await world.app.db.prepare("SELECT created_at, expires_at FROM publisher_tokens WHERE name = ?").bind(name).first<{ created_at: string; expires_at: string }>())!;
    for (const [days, name] of [
      [undefined, "default"],
      ["30", "month"],
      ["90", "quarter"],
      ["365", "year"],
    ] as const) {
      const made = await postForm(world, sam, "/admin/publisher-tokens", { intent: "create", publisher: publisher.slug, name, ...(days ? { expiresInDays: days } : {}) });
      expect(made.status, name).toBe(200);
      const row = await expiryOf(name);
      expect(Date.parse(row.expires_at) - Date.parse(row.created_at), name).toBe(Number(days ?? 90) * 86_400_000);
      expect(parse(await made.text()).text('section[aria-labelledby="created-title"]'), name).toContain(`It expires on ${formatDate(row.expires_at)}.`);
    }
    const list = read(await (await visit(world, sam, "/admin/publisher-tokens")).text()).text;
    expect(list).toContain(`expires on ${formatDate((await expiryOf("year")).expires_at)}`);

    for (const days of ["never", "0", "1000", ""]) {
      const refused = await postForm(world, sam, "/admin/publisher-tokens", { intent: "create", publisher: publisher.slug, name: `refused ${days}`, expiresInDays: days });
      expect(refused.status, days).toBe(400);
      expect(parse(await refused.text()).text("#token-expiry-error"), days).toBe("Choose 30, 90 or 365 days.");
    }
    expect((await world.app.db.prepare("SELECT count(*) AS n FROM publisher_tokens WHERE name LIKE 'refused%'").first<{ n: number }>())!.n).toBe(0);
  });

  it("an expired token gets a 401 that says when it expired, and is listed as expired", async () => {
    const sam = await as(USERS.sam.email);
    const publisher = world.app.catalogue.publishers[3]!;
    const made = await postForm(world, sam, "/admin/publisher-tokens", { intent: "create", publisher: publisher.slug, name: "short-lived" });
    const secret = parse(await made.text()).attr("#new-token", "value")!;
    expect((await me(secret)).status).toBe(200);
    const past = new Date(Date.now() - 2 * 86_400_000).toISOString();
    await world.app.db.prepare("UPDATE publisher_tokens SET expires_at = ? WHERE name = 'short-lived'").bind(past).run();
    const refused = await me(secret);
    expect(refused.status).toBe(401);
    expect(refused.headers.get("WWW-Authenticate")).toBe('Bearer realm="publisher-api", error="invalid_token"');
    expect(refused.headers.get("Cache-Control")).toMatch(/no-store/);
    expect(await refused.json()).toEqual({ message: `This token expired on ${formatDate(past)}. Ask a member of the publisher or a hub admin for a new one.` });
    // The submissions list too (every publisher API route goes through the same check).
    expect((await world.app.fetch("/api/publisher/v1/submissions", { headers: { Authorization: `Bearer ${secret}` } })).status).toBe(401);
    expect(read(await (await visit(world, sam, "/admin/publisher-tokens")).text()).text).toContain(`expired on ${formatDate(past)}`);
  });

  it("tokens made before migration 0032 (no expiry) fail closed at 90 days from when they were made until the Cron stamps them, and the Cron gives them 90 days from its first run", async () => {
    const legacy = `ahp_${"L".repeat(43)}`;
    const recent = `ahp_${"R".repeat(43)}`;
    const publisher = world.app.catalogue.publishers[4]!;
    const madeAt = new Date(Date.now() - 400 * 86_400_000).toISOString();
    const insert = world.app.db.prepare(
      "INSERT INTO publisher_tokens (publisher_slug, name, token_hash, prefix, created_by, created_at) VALUES (?, ?, ?, 'ahp_LLLLLL', 'old@hub.example', ?)",
    );
    await world.app.db.batch([
      insert.bind(publisher.slug, "legacy", createHash("sha256").update(legacy).digest("hex"), madeAt),
      insert.bind(publisher.slug, "recent", createHash("sha256").update(recent).digest("hex"), new Date(Date.now() - 10 * 86_400_000).toISOString()),
    ]);
    // No Cron run yet: a NULL expiry is not "never" (issue 40 review L2). The 400-day-old one ended
    // 90 days after it was made, and the 401 says when; the 10-day-old one still works.
    const refused = await me(legacy);
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({
      message: `This token expired on ${formatDate(new Date(Date.parse(madeAt) + 90 * 86_400_000).toISOString())}. Ask a member of the publisher or a hub admin for a new one.`,
    });
    expect((await me(recent)).status).toBe(200);
    const worker = await world.app.mf.getWorker(BACK_OFFICE_WORKER);
    const first = new Date();
    expect((await worker.scheduled({ cron: "* * * * *", scheduledTime: first })).outcome).toBe("ok");
    const expiry = async () => (await world.app.db.prepare("SELECT expires_at FROM publisher_tokens WHERE name = 'legacy'").first<{ expires_at: string | null }>())!.expires_at;
    expect(await expiry()).toBe(new Date(first.getTime() + 90 * 86_400_000).toISOString());
    // Later runs leave it: the 90 days count from the first (the grace decision 025 gives older tokens).
    expect((await worker.scheduled({ cron: "* * * * *", scheduledTime: new Date(first.getTime() + 60_000) })).outcome).toBe("ok");
    expect(await expiry()).toBe(new Date(first.getTime() + 90 * 86_400_000).toISOString());
    expect((await me(legacy)).status).toBe(200);
  });

  it("a refused create keeps what was chosen and says what to fix", async () => {
    const sam = await as(USERS.sam.email);
    const publisher = world.app.catalogue.publishers[1]!;
    const res = await postForm(world, sam, "/admin/publisher-tokens", { intent: "create", publisher: publisher.slug, name: "  " });
    expect(res.status).toBe(400);
    const dom = parse(await res.text());
    expect(dom.text("#token-name-error")).toBe("Name the token, e.g. the system that will use it.");
    expect(dom.attr(`#token-publisher option[value="${publisher.slug}"]`, "selected")).not.toBeNull();
  });
});
