import type { AppLoadContext } from "@remix-run/cloudflare";
import { describe, expect, it } from "vitest";
import { ZodError } from "zod";
import { announceAppUpdate } from "./announce.server";
import type { AppUpdate } from "./app-update";

const update: AppUpdate = {
  id: "submission:7",
  kind: "version",
  appId: "app-7",
  appName: "Pollster",
  path: "/applications/pollster",
  version: "3.0.0",
  releaseNotes: `## New\n\n${"Long notes. ".repeat(100)}`,
  addedPermissions: ["spark:messages_read"],
  replacement: null,
  at: "2026-07-01T10:00:00.000Z",
};

/** A context whose queue keeps what is sent (or refuses), and whose D1 keeps the statements it is given. */
function contextWith(send: (body: unknown) => Promise<void>) {
  const statements: { sql: string; params: unknown[] }[] = [];
  const logs: string[] = [];
  const db = {
    prepare: (sql: string) => ({ bind: (...params: unknown[]) => ({ sql, params }) }),
    batch: async (list: { sql: string; params: unknown[] }[]) => {
      statements.push(...list);
      return [];
    },
  };
  const log = (level: string) => (message: string) => void logs.push(`${level}: ${message}`);
  const context = {
    env: { UPDATES_QUEUE: { send } },
    db,
    logger: { debug: log("debug"), info: log("info"), warn: log("warn"), error: log("error") },
  } as unknown as AppLoadContext;
  return { context, statements, logs };
}

describe("announceAppUpdate", () => {
  it("queues one announce message: the first page of followers, the notes cut to their summary", async () => {
    const sent: unknown[] = [];
    const { context } = contextWith(async (body) => void sent.push(body));
    await announceAppUpdate(context, update);
    expect(sent).toHaveLength(1);
    const message = sent[0] as { kind: string; after: number; before: string; notice: Record<string, unknown> };
    expect(message).toMatchObject({ kind: "announce", after: 0, notice: { id: "submission:7", appId: "app-7", version: "3.0.0", addedPermissions: ["spark:messages_read"] } });
    expect(message.notice).not.toHaveProperty("releaseNotes");
    expect((message.notice.notesSummary as string).startsWith("New Long notes. Long notes.")).toBe(true);
    expect([...(message.notice.notesSummary as string)].length).toBeLessThanOrEqual(281);
    expect(Date.parse(message.before)).not.toBeNaN();
  });

  it("throws for an update that is not one (a bug in the caller), and queues nothing", async () => {
    const sent: unknown[] = [];
    const { context } = contextWith(async (body) => void sent.push(body));
    await expect(announceAppUpdate(context, { ...update, path: "https://elsewhere.example/x" })).rejects.toBeInstanceOf(ZodError);
    await expect(announceAppUpdate(context, { ...update, addedPermissions: ["not:a_permission" as never] })).rejects.toBeInstanceOf(ZodError);
    expect(sent).toEqual([]);
  });

  it("does not fail the publish when the queue refuses: it logs an error and records the announcement as a dead letter", async () => {
    const { context, statements, logs } = contextWith(async () => {
      throw new Error("Queue send failed: 503");
    });
    await expect(announceAppUpdate(context, update)).resolves.toBeUndefined();
    expect(logs.some((l) => l.startsWith("error: Announcing an app update failed"))).toBe(true);
    const insert = statements.find((s) => s.sql.includes("INSERT OR IGNORE INTO follow_dead_letters"))!;
    expect(insert.params.slice(1, 3)).toEqual(["announce", "submission:7"]);
    expect(JSON.parse(insert.params[6] as string)).toMatchObject({ kind: "announce", notice: { id: "submission:7" } });
    expect(insert.params[5]).toContain("Queue send failed: 503");
  });
});
