// The publisher API's version submissions (issue 16): zod on the body (a 400 names each field's
// path), 403 for another publisher's app, an Idempotency-Key that makes a retry harmless, and
// nothing live changes until a hub admin reviews it.
import { describe, expect, it } from "vitest";
import type { AppRecord } from "../../app/models/catalogue-record.ts";
import { startWorld, useWorld } from "./login.ts";
import { keyOf, listedBots, publisherCall, tokenFor as publisherToken } from "./publisher.ts";

const world = useWorld(() => startWorld());

const tokenFor = (publisherSlug: string) => publisherToken(world, publisherSlug);
const listed = () => listedBots(world);
const submit = (token: string | null, app: AppRecord, body: unknown, headers: Record<string, string> = {}) =>
  publisherCall(world, token, `/apps/${keyOf(app)}/versions`, body, headers);
const key = keyOf;

const good = { version: "9.1.0", releaseNotes: "- Threads\n- Faster answers", permissions: ["bot:mentions_read", "bot:messages_write"] };

describe("version submissions", () => {
  it("a valid version waits for review (202, a link to follow it); nothing live changes; the audit log says who", async () => {
    const app = listed()[0]!;
    const token = await tokenFor(app.publisher!);
    const res = await submit(token, app, good);
    expect(res.status).toBe(202);
    const body = (await res.json()) as { id: number; state: string; links: { self: string } };
    expect(body.state).toBe("pending");
    expect(res.headers.get("Location")).toBe(body.links.self);
    const followed = await world.app.fetch(body.links.self, { headers: { Authorization: `Bearer ${token}` } });
    expect(((await followed.json()) as { state: string }).state).toBe("pending");
    const live = (await (await world.app.fetch(`/api/apps/${key(app)}`)).json()) as { versions: { version: string }[] };
    expect(live.versions.map((v) => v.version)).not.toContain("9.1.0");
    const audit = await world.app.db.prepare("SELECT actor, action, subject FROM audit_log WHERE action = 'submission.create'").all();
    expect(audit.results).toEqual([{ actor: expect.stringMatching(/^token:ahp_/), action: "submission.create", subject: app.id }]);
  });

  it("a retry with the same Idempotency-Key gets the first answer; the key for another body is refused", async () => {
    const app = listed()[1]!;
    const token = await tokenFor(app.publisher!);
    const first = await submit(token, app, { ...good, version: "9.2.0" }, { "Idempotency-Key": "deploy-4711" });
    const again = await submit(token, app, { ...good, version: "9.2.0" }, { "Idempotency-Key": "deploy-4711" });
    expect(again.status).toBe(202);
    expect(again.headers.get("Idempotent-Replayed")).toBe("true");
    expect(((await again.json()) as { id: number }).id).toBe(((await first.json()) as { id: number }).id);
    const rows = await world.app.db.prepare("SELECT count(*) AS n FROM submissions WHERE idempotency_key = 'deploy-4711'").first<{ n: number }>();
    expect(rows?.n).toBe(1);
    const other = await submit(token, app, { ...good, version: "9.3.0" }, { "Idempotency-Key": "deploy-4711" });
    expect(other.status).toBe(422);
  });

  it("400 names every bad field by its path", async () => {
    const app = listed()[2]!;
    const token = await tokenFor(app.publisher!);
    const res = await submit(token, app, { version: "not a version", releaseNotes: 5, screenshots: ["http://insecure.example/a.png"], extra: true });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { message: string; errors: { path: string; message: string }[] };
    expect(body.errors.map((e) => e.path)).toEqual(expect.arrayContaining(["version", "releaseNotes", "screenshots.0", ""]));
    expect(body.message).toMatch(/^Invalid /);
    const wrongKind = await submit(token, app, { ...good, permissions: ["spark:messages_read"] });
    expect(await wrongKind.json()).toMatchObject({ errors: [{ path: "permissions.0", message: '"spark:messages_read" is not a permission a bot can have' }] });
    const existing = app.versions[0]!.version;
    const again = await submit(token, app, { ...good, version: existing });
    expect(await again.json()).toMatchObject({ errors: [{ path: "version", message: `${app.name} already has version ${existing}` }] });
    expect((await submit(token, app, "{not json")).status).toBe(400);
    expect((await submit(token, app, JSON.stringify({ ...good, releaseNotes: "x".repeat(70_000) }))).status).toBe(413);
  });

  it("401 without a token, 403 for another publisher's app (saying why), 404 for none; a submission is its publisher's only", async () => {
    const [mine, theirs] = [listed()[3]!, listed().find((a) => a.publisher !== listed()[3]!.publisher)!];
    const token = await tokenFor(mine.publisher!);
    expect((await submit(null, mine, good)).status).toBe(401);
    const forbidden = await submit(token, theirs, good);
    expect(forbidden.status).toBe(403);
    expect(((await forbidden.json()) as { message: string }).message).toBe(
      `This token acts for the publisher "${mine.publisher}"; ${theirs.name} belongs to "${theirs.publisher}".`,
    );
    const none = await world.app.fetch("/api/publisher/v1/apps/no-such-app/versions", {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify(good),
    });
    expect(none.status).toBe(404);
    const made = (await (await submit(token, mine, { ...good, version: "9.4.0" })).json()) as { links: { self: string } };
    const otherToken = await tokenFor(theirs.publisher!);
    expect((await world.app.fetch(made.links.self, { headers: { Authorization: `Bearer ${otherToken}` } })).status).toBe(404);
  });
});
