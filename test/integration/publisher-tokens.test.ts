// The publisher API's tokens (issue 16): hub admins create them (shown once, kept only as a hash) and
// revoke them; the API answers 401 saying why for a missing, malformed, unknown or revoked token.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { USERS } from "../../workers/platform/demo-data.ts";
import { page as parse } from "./html.ts";
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
    expect(await refused.json()).toEqual({ message: "This token is not valid: it is unknown, mistyped or revoked." });
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
