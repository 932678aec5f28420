// Incoming webhook posters (curl-like: no cookies, no Origin) and the receiver of outgoing
// deliveries (127.0.0.1 only).
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { blockedUntil, isBlocked, request } from "./http.ts";
import { settings } from "./options.ts";
import { chance, pick, random, sleep, weighted } from "./util.ts";
import { world } from "./world.ts";

const { app: APP, run: RUN } = settings;
let postSeq = 0;
// Text posts reach the space escaped for markdown (issue 13: "\\[" for "["), so either spelling counts.
export const markerRe = new RegExp(`\\\\?\\[${RUN}:p(\\d+)\\\\?\\]`);

export async function posterLoop(until: number) {
  const interval = (60_000 / settings.postsPerMinute) * settings.posters;
  let next = Date.now();
  while (Date.now() < until) {
    next += interval * (0.5 + random()); // about the rate, not in lock step
    await sleep(Math.min(next - Date.now(), until - Date.now()));
    if (Date.now() >= until) break;
    const incoming = world.hooks.filter((h) => h.kind === "incoming" && h.id && !h.deletedAt);
    const alive = incoming.filter((h) => !isBlocked(`hook:${h.id}`));
    const deleted = world.hooks.filter((h) => h.kind === "incoming" && h.id && h.deletedAt);
    if (!alive.length) {
      // Every webhook is waiting out its Retry-After (or none exists yet): wait, do not skew the mix.
      const soonest = Math.min(...incoming.map((h) => blockedUntil.get(`hook:${h.id}`) ?? 0), Date.now() + 1000);
      await sleep(Math.min(soonest, until) - Date.now());
      next = Date.now();
      continue;
    }
    const what = weighted<"post" | "invalid" | "deleted">([
      ["post", 88],
      ["invalid", 5],
      ["deleted", deleted.length ? 7 : 0],
    ]);
    const hook = what === "deleted" ? pick(deleted) : pick(alive);
    const seq = ++postSeq;
    const marker = `[${RUN}:p${seq}]`;
    const outgoingHere = world.hooks.some((h) => h.kind === "outgoing" && h.roomId === hook.roomId && h.id);
    const mention = what === "post" && outgoingHere && chance(0.3);
    let body: string;
    let contentType = "application/json";
    let kind = "hook:post";
    let expect = [200];
    if (what === "invalid") {
      kind = "hook:post-invalid";
      expect = [400];
      body = pick([
        () => JSON.stringify({ txt: `misspelt field ${marker}` }),
        () => `{"text": "unterminated ${marker}`,
        () => {
          contentType = "text/plain";
          return JSON.stringify({ text: `wrong type ${marker}` });
        },
        () => JSON.stringify({ text: `${"é".repeat(3720)} ${marker}` }),
      ])();
    } else if (what === "deleted") {
      kind = "hook:post-deleted";
      expect = [404];
      body = JSON.stringify({ text: `to a deleted webhook ${marker}` });
    } else {
      const text = `Build ${seq} of ${hook.name} passed ${marker}`;
      // Markdown sometimes; a mention is markup, so it is always markdown (issue 13: plain
      // "@Outgoing Webhooks" text mentions nobody, and a text post is escaped to show as typed).
      body = mention
        ? JSON.stringify({ markdown: `<@personEmail:outgoing-webhooks@lumen.bot|Outgoing Webhooks> ${text}` })
        : chance(0.2)
          ? JSON.stringify({ markdown: `**${text}**` })
          : JSON.stringify({ text });
    }
    const sentAt = Date.now();
    const res = await request(kind, `${APP}${hook.path}`, {
      method: "POST",
      headers: { "Content-Type": contentType, "User-Agent": "soak-ci/1.0", Accept: "application/json" },
      body,
      limitKey: `hook:${hook.id}`,
      expect,
      // A post racing its webhook's deletion may find it gone.
      isExpected: (status) => expect.includes(status) || (status === 404 && what !== "deleted" && hook.deleteStartedAt !== null),
    });
    let messageId: string | null = null;
    if (res.status === 200) {
      try {
        // app/features/webhooks/incoming.server.ts hookReply: the platform message's id.
        messageId = (res.json() as { id?: string }).id ?? null;
      } catch {
        messageId = null;
      }
    }
    world.posts.push({
      seq,
      marker,
      hookId: hook.id,
      hookName: hook.name,
      roomId: hook.roomId,
      kind,
      status: res.status,
      accepted: res.status >= 200 && res.status < 300,
      messageId,
      mention,
      sentAt,
      answeredAt: Date.now(),
    });
  }
}

export function startReceiver(): Promise<{ server: Server; origin: string }> {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      world.deliveries.push({ path: req.url ?? "", headers: req.headers, body: Buffer.concat(chunks).toString("utf8"), at: Date.now() });
      res.statusCode = req.method === "POST" ? 200 : 405;
      res.end();
    });
  });
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve({ server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }));
  });
}
