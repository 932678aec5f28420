// Migration 0032 (issue 40 item 2; docs/decisions/025 "Expiry and members who leave"): tokens made
// before it. Each names the member who made it where the row can tell (its maker is an active
// member of its publisher), a token whose maker had already been removed from its publisher is
// revoked as of that removal (what the new rule would have done then), and every older token is left
// without an expiry for the first Cron run after the deploy to give it 90 days (no SQL clock in
// migrations: decision 059). The D1 is migrated to just before 0032, given such rows, then migrated.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type D1World, startD1 } from "./d1-worker.ts";
import { applyMigrations } from "./harness.ts";

const before = (file: string) => file < "0032";

let world: D1World;
let db: D1Database;

beforeAll(async () => {
  world = await startD1("publisher-token-migration", undefined, (d1) => applyMigrations(d1, undefined, before));
  db = world.db;
  const token = (id: number, slug: string, by: string, createdAt: string, revokedAt: string | null = null) =>
    db
      .prepare("INSERT INTO publisher_tokens (id, publisher_slug, name, token_hash, prefix, created_by, created_at, revoked_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)")
      .bind(id, slug, `t${id}`, `hash${id}`, `ahp_t${id}`, by, createdAt, revokedAt);
  const member = (slug: string, email: string) =>
    db
      .prepare("INSERT INTO publisher_members (publisher_slug, email, state, added_by, added_at) VALUES (?, ?, 'active', 'sam@hub.example', '2026-01-01T00:00:00.000Z')")
      .bind(slug, email);
  const removal = (slug: string, email: string, at: string) =>
    db.prepare("INSERT INTO audit_log (at, actor, action, subject, detail) VALUES (?, 'sam@hub.example', 'member.remove', ?, ?)").bind(at, slug, JSON.stringify({ email }));
  await db.batch([
    member("acme", "ada@acme.example"),
    // 1: by a member of acme (as the console records it).
    token(1, "acme", "ada@acme.example", "2026-02-01T00:00:00.000Z"),
    // 2: by Bob, removed from acme after making it, twice (the first removal counts).
    token(2, "acme", "Bob@Acme.example", "2026-02-01T00:00:00.000Z"),
    removal("acme", "bob@acme.example", "2026-03-01T00:00:00.000Z"),
    removal("acme", "bob@acme.example", "2026-04-01T00:00:00.000Z"),
    // 3: by a hub admin who is no member: the hub's own token.
    token(3, "acme", "sam@hub.example", "2026-02-01T00:00:00.000Z"),
    // 4: by Carol after she had been removed (as a hub admin, from /admin/publisher-tokens).
    removal("acme", "carol@acme.example", "2026-01-15T00:00:00.000Z"),
    token(4, "acme", "carol@acme.example", "2026-02-01T00:00:00.000Z"),
    // 5: Bob's token for another publisher, which he never left.
    token(5, "globex", "bob@acme.example", "2026-02-01T00:00:00.000Z"),
    // 6: Bob's token that was revoked before he was removed keeps its date.
    token(6, "acme", "bob@acme.example", "2026-02-01T00:00:00.000Z", "2026-02-15T00:00:00.000Z"),
  ]);
  await applyMigrations(db, undefined, (file) => !before(file) && file < "0033");
});
afterAll(() => world?.mf.dispose());

describe("migration 0032: tokens made before it", () => {
  it("names the member who made each token where a member did, and revokes those whose maker had left as of that day", async () => {
    const { results } = await db.prepare("SELECT id, member_email, revoked_at, expires_at FROM publisher_tokens ORDER BY id").all();
    expect(results).toEqual([
      { id: 1, member_email: "ada@acme.example", revoked_at: null, expires_at: null },
      { id: 2, member_email: "bob@acme.example", revoked_at: "2026-03-01T00:00:00.000Z", expires_at: null },
      { id: 3, member_email: null, revoked_at: null, expires_at: null },
      { id: 4, member_email: null, revoked_at: null, expires_at: null },
      { id: 5, member_email: null, revoked_at: null, expires_at: null },
      { id: 6, member_email: null, revoked_at: "2026-02-15T00:00:00.000Z", expires_at: null },
    ]);
  });

  it("writes each revocation it makes in the audit log, on the day of the removal", async () => {
    const { results } = await db.prepare("SELECT at, actor, action, subject, detail FROM audit_log WHERE action = 'token.revoke'").all();
    expect(results).toEqual([
      {
        at: "2026-03-01T00:00:00.000Z",
        actor: "migration:0032",
        action: "token.revoke",
        subject: "acme",
        detail: JSON.stringify({ prefix: "ahp_t2", reason: "member.remove", member: "bob@acme.example" }),
      },
    ]);
  });
});
