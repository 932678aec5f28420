// The audit, after the load: read back through the app (the people's own sessions) and the
// platform's API (docs/decisions/014). Exact where it can be exact: nothing lost, nothing twice.
import { createHmac } from "node:crypto";
import { SERVICE_BOTS } from "../../workers/platform/demo-data.ts";
import { limitedWithoutRetryAfter, NAVIGATE, request, runCron, samples, stats, unexpectedCounts } from "./http.ts";
import { type DemoUser, settings } from "./options.ts";
import { myWebhooks, webhookPage } from "./people.ts";
import { allMessages, platformList, platformToken, type PlatformMessage } from "./platform.ts";
import { markerRe } from "./posters.ts";
import { analyticsTotal } from "./site.ts";
import { messageOf, sleep } from "./util.ts";
import { demoUser, type Person, type Post, world } from "./world.ts";

const { app: APP, run: RUN } = settings;

export type Check = { name: string; ok: boolean; detail: string };
export type Checks = { add(name: string, ok: boolean, detail?: string): void; list: Check[] };
export function newChecks(): Checks {
  const list: Check[] = [];
  return { list, add: (name, ok, detail = "") => list.push({ name, ok, detail }) };
}
/** Runs one part of the audit; a part that cannot read what it needs fails as such. */
export async function part(checks: Checks, label: string, body: () => Promise<void>) {
  try {
    await body();
  } catch (error) {
    checks.add(`${label}: the audit could not read it`, false, messageOf(error));
  }
}
const joined = (parts: Array<string | false>) => parts.filter(Boolean).join("; ");

// Read tokens for the people, from the hub's own OAuth client (docs/decisions/014).
const tokens = new Map<DemoUser, Promise<string>>();
export function tokenFor(key: DemoUser): Promise<string> {
  let token = tokens.get(key);
  if (!token) {
    token = platformToken(demoUser(key).email);
    tokens.set(key, token);
  }
  return token;
}

/** 1. Webhooks on My Webhooks (the app's own view, read first, with the people's sessions). */
async function webhooksListed(checks: Checks, people: Person[]) {
  const { hooks, refusedHooks } = world;
  const created = hooks.filter((h) => h.id);
  const alive = created.filter((h) => !h.deletedAt);
  const gone = created.filter((h) => h.deletedAt);
  const lostOnCreate = hooks.filter((h) => h.lost);
  const missing: string[] = [];
  const stillListed: string[] = [];
  const duplicates: string[] = [];
  const notOnPage: string[] = [];
  const strangers: string[] = [];
  for (const person of people) {
    const items = await myWebhooks(person);
    if (!items) {
      missing.push(`${person.key}: /api/my-webhooks failed`);
      continue;
    }
    const counts = new Map<string, number>();
    for (const item of items) counts.set(item.id, (counts.get(item.id) ?? 0) + 1);
    const names = new Map<string, number>();
    for (const item of items) names.set(`${item.roomId} ${item.displayName}`, (names.get(`${item.roomId} ${item.displayName}`) ?? 0) + 1);
    for (const [key, n] of names) if (n > 1) duplicates.push(`${person.key}: ${key.split(" ")[1]} ×${n}`);
    const known = new Set(hooks.filter((h) => h.owner === person.key).map((h) => h.id));
    for (const item of items) if (item.displayName.startsWith(RUN) && !known.has(item.id)) strangers.push(`${person.key}: ${item.displayName}`);
    for (const h of alive.filter((x) => x.owner === person.key)) if (!counts.has(h.id ?? "")) missing.push(`${person.key}: ${h.name}`);
    for (const h of gone.filter((x) => x.owner === person.key)) if (counts.has(h.id ?? "")) stillListed.push(`${person.key}: ${h.name}`);
    for (const kind of ["incoming", "outgoing"] as const) {
      const mine = alive.filter((h) => h.owner === person.key && h.kind === kind);
      if (!mine.length) continue;
      const html = (await request("audit:page", webhookPage(kind), { headers: NAVIGATE, jar: person.jar })).text();
      for (const h of mine) if (!html.includes(h.name)) notOnPage.push(`${person.key}: ${h.name}`);
    }
  }
  checks.add(
    `webhooks: ${alive.length} created and not deleted are listed on My Webhooks`,
    missing.length === 0 && lostOnCreate.length === 0,
    [...missing.slice(0, 10), ...lostOnCreate.map((h) => `created but never listed: ${h.owner} ${h.name}`)].join("; "),
  );
  checks.add("webhooks: they are on the My Webhooks pages too", notOnPage.length === 0, notOnPage.slice(0, 10).join("; "));
  checks.add(`webhooks: ${gone.length} deleted ones are no longer listed`, stillListed.length === 0, stillListed.slice(0, 10).join("; "));
  checks.add(
    `webhooks: no duplicates (${hooks.length} creates, some submitted twice) and none unknown`,
    duplicates.length === 0 && strangers.length === 0,
    [...duplicates, ...strangers].slice(0, 10).join("; "),
  );
  const refusedListed: string[] = [];
  for (const r of refusedHooks) {
    const p = people.find((x) => x.key === r.owner);
    const items = (p && (await myWebhooks(p))) ?? [];
    if (items.some((i) => i.displayName === r.name)) refusedListed.push(`${r.owner}: ${r.name}`);
  }
  checks.add(`webhooks: ${refusedHooks.length} refused creates left nothing behind`, refusedListed.length === 0, refusedListed.join("; "));

  // Deleted incoming URLs answer 404 (and so post nothing).
  const probes = gone.filter((h) => h.kind === "incoming").slice(0, 20);
  let probeBad = 0;
  for (const [i, h] of probes.entries()) {
    const res = await request("audit:probe", `${APP}${h.path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ text: `after deletion [${RUN}:probe${i}]` }),
      expect: [404],
    });
    if (res.status !== 404) probeBad++;
  }
  checks.add(`webhooks: ${probes.length} deleted incoming URLs answer 404`, probeBad === 0, probeBad ? `${probeBad} did not` : "");
}

/** 2. Upstream: the platform webhooks of outgoing ones (as the Outgoing Webhooks bot sees them). */
async function outgoingRegistered(checks: Checks) {
  const created = world.hooks.filter((h) => h.id);
  const platformHooks = await platformList<{ name?: string }>(SERVICE_BOTS.outgoing.token, "/v1/webhooks?max=100");
  const registered = new Map<string, number>();
  for (const w of platformHooks) {
    const id = /App Hub outgoing webhook (\S+)/.exec(w.name ?? "")?.[1];
    if (id) registered.set(id, (registered.get(id) ?? 0) + 1);
  }
  const outAlive = created.filter((h) => h.kind === "outgoing" && !h.deletedAt);
  const outGone = created.filter((h) => h.kind === "outgoing" && h.deletedAt);
  const unregistered = outAlive.filter((h) => registered.get(h.id ?? "") !== 1).map((h) => `${h.name} ×${registered.get(h.id ?? "") ?? 0}`);
  const leftOver = outGone.filter((h) => registered.has(h.id ?? "")).map((h) => h.name);
  checks.add(
    `platform: ${outAlive.length} outgoing webhooks registered once each, ${outGone.length} deleted ones unregistered`,
    unregistered.length === 0 && leftOver.length === 0,
    [...unregistered, ...leftOver.map((n) => `left over: ${n}`)].slice(0, 10).join("; "),
  );
}

/** 3 and 4. Messages: every accepted post exactly once in its space; outgoing deliveries. */
async function messagesAndDeliveries(checks: Checks) {
  const { hooks, posts, deliveries } = world;
  const roomsToRead = new Map<string, DemoUser>(); // roomId → owner key (a member)
  for (const h of hooks.filter((x) => x.kind === "incoming" && x.id)) if (!roomsToRead.has(h.roomId)) roomsToRead.set(h.roomId, h.owner);
  const found = new Map<number, Array<{ roomId: string; message: PlatformMessage }>>();
  const probeSeen: string[] = [];
  let scanned = 0;
  for (const [roomId, owner] of roomsToRead) {
    const messages = await allMessages(await tokenFor(owner), roomId);
    scanned += messages.length;
    for (const m of messages) {
      const body = `${m.text ?? ""} ${m.markdown ?? ""}`;
      const seq = markerRe.exec(body)?.[1];
      if (seq) found.set(Number(seq), [...(found.get(Number(seq)) ?? []), { roomId, message: m }]);
      if (body.includes(`[${RUN}:probe`) || body.includes(`\\[${RUN}:probe`)) probeSeen.push(m.id);
    }
  }
  const accepted = posts.filter((p) => p.accepted);
  const refused = posts.filter((p) => !p.accepted && p.status !== 0 && p.status < 500);
  const unknown = posts.filter((p) => p.status === 0 || p.status >= 500);
  const lost: Post[] = [];
  const doubled: Post[] = [];
  const misplaced: Post[] = [];
  const misnamed: Post[] = [];
  for (const p of accepted) {
    const seen = found.get(p.seq) ?? [];
    const [first] = seen;
    if (!first) lost.push(p);
    else if (seen.length > 1) doubled.push(p);
    else if (first.roomId !== p.roomId || (p.messageId && first.message.id !== p.messageId)) misplaced.push(p);
    // The webhook's name leads the message's markdown (docs/decisions/010).
    else if (!String(first.message.markdown ?? "").startsWith(`**${p.hookName}**\n\n`)) misnamed.push(p);
  }
  const leaked = refused.filter((p) => (found.get(p.seq) ?? []).length > 0);
  const sentSeqs = new Set(posts.map((p) => p.seq));
  const phantom = [...found.keys()].filter((seq) => !sentSeqs.has(seq));
  const show = (list: Post[]) =>
    list
      .slice(0, 5)
      .map((p) => `p${p.seq} (${p.hookName}, HTTP ${p.status})`)
      .join(", ");
  checks.add(
    `incoming: ${accepted.length} accepted posts appear exactly once in their space (${scanned} messages read in ${roomsToRead.size} spaces)`,
    lost.length === 0 && doubled.length === 0 && misplaced.length === 0,
    joined([
      lost.length > 0 && `${lost.length} missing: ${show(lost)}`,
      doubled.length > 0 && `${doubled.length} more than once: ${show(doubled)}`,
      misplaced.length > 0 && `${misplaced.length} in the wrong space or under another id: ${show(misplaced)}`,
    ]),
  );
  checks.add("incoming: posted under the webhook's name", misnamed.length === 0, misnamed.length ? `${misnamed.length}: ${show(misnamed)}` : "");
  const refusedBy: Record<number, number> = {};
  for (const p of refused) refusedBy[p.status] = (refusedBy[p.status] ?? 0) + 1;
  const refusedText =
    Object.entries(refusedBy)
      .map(([s, n]) => `${n}× ${s}`)
      .join(", ") || "none";
  checks.add(
    `incoming: ${refused.length} refused posts (${refusedText}) do not appear`,
    leaked.length === 0 && probeSeen.length === 0,
    joined([leaked.length > 0 && `${leaked.length} appeared: ${show(leaked)}`, probeSeen.length > 0 && `${probeSeen.length} posts to deleted URLs after the load appeared`]),
  );
  checks.add("incoming: no message the soak did not send", phantom.length === 0, phantom.length ? `${phantom.length} markers never sent: ${phantom.slice(0, 5).join(", ")}` : "");
  if (unknown.length) checks.add(`incoming: ${unknown.length} posts ended in 5xx or a network error (outcome unknown; counted as errors)`, false, show(unknown));

  // Outgoing deliveries: mentions in spaces with a long-lived outgoing webhook, once each, signed.
  const stableOut = hooks.filter((h) => h.kind === "outgoing" && h.stable && h.id && !h.deletedAt);
  const expected = accepted
    .filter((p) => p.mention && p.messageId)
    .flatMap((p) => stableOut.filter((h) => h.roomId === p.roomId).map((w) => ({ post: p, hook: w, id: `${p.messageId}:${w.id}` })));
  const settleUntil = Date.now() + settings.settleMs;
  const header = (d: (typeof deliveries)[number], name: string) => String(d.headers[name] ?? "");
  const deliveredIds = () => new Set(deliveries.map((d) => header(d, "x-apphub-delivery")));
  // A failed first attempt is retried by the Cron Trigger after WEBHOOK_RETRY_BASE_SECONDS (30).
  for (let lastCron = Date.now(); Date.now() < settleUntil && expected.some((e) => !deliveredIds().has(e.id)); await sleep(500)) {
    if (Date.now() - lastCron >= 10_000) {
      await runCron();
      lastCron = Date.now();
    }
  }
  const byDelivery = new Map<string, typeof deliveries>();
  for (const d of deliveries) byDelivery.set(header(d, "x-apphub-delivery"), [...(byDelivery.get(header(d, "x-apphub-delivery")) ?? []), d]);
  const secrets = new Map(hooks.filter((h) => h.signingSecret).map((h) => [h.id, h.signingSecret ?? ""]));
  const badSignature: string[] = [];
  for (const d of deliveries) {
    const secret = secrets.get(header(d, "x-apphub-webhook"));
    const sig = header(d, "x-apphub-signature");
    const mac = (payload: string) =>
      `sha256=${createHmac("sha256", secret ?? "")
        .update(payload)
        .digest("hex")}`;
    // A receiver checks HMAC-SHA256 of the body, or of "timestamp.body" when a timestamp is sent.
    const stamp = Object.entries(d.headers).find(([k]) => /timestamp/i.test(k))?.[1];
    if (!secret || (sig !== mac(d.body) && !(stamp && sig === mac(`${String(stamp)}.${d.body}`)))) badSignature.push(header(d, "x-apphub-delivery"));
  }
  const undelivered = expected.filter((e) => !byDelivery.has(e.id));
  const redelivered = [...byDelivery].filter(([, list]) => list.length > 1).map(([id]) => id);
  const wrongBody = expected.filter((e) => {
    const d = byDelivery.get(e.id)?.[0];
    if (!d) return false;
    try {
      // The delivery's envelope (app/features/webhooks/outgoing.server.ts).
      const body = JSON.parse(d.body) as { data?: { text?: string }; webhook?: { id?: string } };
      return !String(body.data?.text ?? "").includes(e.post.marker) || body.webhook?.id !== e.hook.id;
    } catch {
      return true;
    }
  });
  checks.add(
    `outgoing: ${expected.length} mentions to ${stableOut.length} long-lived outgoing webhooks delivered once each (${deliveries.length} deliveries received in all)`,
    undelivered.length === 0 && redelivered.length === 0 && wrongBody.length === 0,
    joined([
      undelivered.length > 0 &&
        `${undelivered.length} never arrived: ${undelivered
          .slice(0, 5)
          .map((e) => `p${e.post.seq}→${e.hook.name}`)
          .join(", ")}`,
      redelivered.length > 0 && `${redelivered.length} arrived more than once`,
      wrongBody.length > 0 && `${wrongBody.length} with the wrong message or webhook`,
    ]),
  );
  checks.add(
    "outgoing: every delivery signed with its webhook's secret",
    badSignature.length === 0,
    badSignature.length ? `${badSignature.length} bad: ${badSignature.slice(0, 3).join(", ")}` : "",
  );
}

/** 5. Bots added to spaces are members; refused ones are not (unless added another time). */
async function botsAreMembers(checks: Checks) {
  const pairs = new Map<string, typeof world.botAdds>();
  for (const a of world.botAdds) {
    const key = `${a.roomId}\u0000${a.bot}`;
    pairs.set(key, [...(pairs.get(key) ?? []), a]);
  }
  const members = new Map<string, Set<string> | null>();
  const notMember: string[] = [];
  const refusedButMember: string[] = [];
  const addedTwice: string[] = [];
  let unverified = 0;
  for (const [key, list] of pairs) {
    const [roomId = "", bot = ""] = key.split("\u0000");
    const first = list[0];
    if (!first) continue;
    if (!members.has(roomId)) {
      const reader = list.find((a) => a.outcome !== "refused")?.owner ?? first.owner;
      try {
        const items = await platformList<{ personDisplayName: string }>(await tokenFor(reader), `/v1/memberships?roomId=${encodeURIComponent(roomId)}&max=100`);
        members.set(roomId, new Set(items.map((m) => m.personDisplayName)));
      } catch {
        members.set(roomId, null); // not readable by that person (e.g. a space they cannot see)
      }
    }
    const set = members.get(roomId);
    const inRoom = set ? set.has(bot) : null;
    if (inRoom === null) unverified++;
    const good = list.filter((a) => a.outcome === "added" || a.outcome === "already");
    if (list.filter((a) => a.outcome === "added").length > 1) addedTwice.push(`${bot} → ${first.roomTitle}`);
    if (good.length && inRoom === false) notMember.push(`${bot} → ${first.roomTitle}`);
    if (!good.length && list.some((a) => a.outcome === "refused") && inRoom === true) refusedButMember.push(`${bot} → ${first.roomTitle}`);
  }
  const outcomes: Record<string, number> = {};
  for (const a of world.botAdds) outcomes[a.outcome] = (outcomes[a.outcome] ?? 0) + 1;
  const outcomeText =
    Object.entries(outcomes)
      .map(([k, n]) => `${n} ${k}`)
      .join(", ") || "none";
  checks.add(
    `bots: ${world.botAdds.length} add-to-space posts (${outcomeText}); added ones are members, refused ones are not`,
    notMember.length === 0 && refusedButMember.length === 0 && !outcomes.other,
    joined([
      notMember.length > 0 && `not members: ${notMember.slice(0, 5).join(", ")}`,
      refusedButMember.length > 0 && `refused but members: ${refusedButMember.slice(0, 5).join(", ")}`,
      Boolean(outcomes.other) && `${outcomes.other} with an unknown notice`,
      unverified > 0 && `${unverified} pairs in spaces the audit could not read`,
    ]),
  );
  checks.add("bots: no bot was added twice to the same space", addedTwice.length === 0, addedTwice.slice(0, 5).join(", "));
}

/** 6. Analytics: every accepted event was counted (exact on own servers; others may add on reused ones). */
async function analyticsCounted(checks: Checks, analyticsBefore: [number, number]) {
  const { beacons } = world;
  // The summary floors small counts (a day's total may be a range), so the count is a range too.
  const after = await analyticsTotal();
  const [least, most] = [after[0] - analyticsBefore[1], after[1] - analyticsBefore[0]];
  const sent = beacons.acceptedEvents;
  const counted = least === most ? String(least) : `${least}–${most}`;
  checks.add(
    `analytics: ${beacons.accepted} beacons accepted with ${sent} events; the sink counted ${counted}`,
    settings.reuse ? most >= sent : least <= sent && sent <= most,
    most < sent ? `${sent - most} events lost` : least > sent ? `${least - sent} more than sent${settings.reuse ? " (others use these servers)" : ""}` : "",
  );
}

/** 7. Statuses over the whole run. */
function statuses(checks: Checks) {
  const all = [...stats.setup.values(), ...stats.load.values(), ...stats.audit.values()];
  const count = (pred: (status: number) => boolean) => all.reduce((sum, s) => sum + [...s.statuses].filter(([st]) => pred(st)).reduce((a, [, n]) => a + n, 0), 0);
  const fiveXX = count((s) => s >= 500);
  const netErr = count((s) => s === 0);
  checks.add(
    "no 5xx and no network errors",
    fiveXX === 0 && netErr === 0,
    fiveXX || netErr
      ? `${fiveXX} 5xx, ${netErr} network errors; first: ${samples.errors
          .slice(0, 3)
          .map((e) => `${e.method} ${(e.url ?? "").replace(APP, "")} → ${e.status || e.error}`)
          .join(" | ")}`
      : "",
  );
  const unexpectedTotal = [...unexpectedCounts.values()].reduce((a, b) => a + b, 0);
  checks.add(
    "no unexpected statuses",
    unexpectedTotal === 0 && !samples.unexpected.some((u) => u.note),
    [...[...unexpectedCounts].map(([k, n]) => `${k} ×${n}`), ...samples.unexpected.filter((u) => u.note).map((u) => u.note ?? "")].slice(0, 10).join("; "),
  );
  const noRetry = [...limitedWithoutRetryAfter.values()].reduce((a, b) => a + b, 0);
  checks.add("every 429 carried Retry-After", noRetry === 0, noRetry ? [...limitedWithoutRetryAfter].map(([k, n]) => `${k} ×${n}`).join(", ") : "");
}

/** More parts of the audit, from the features that run during the load (follows, reviews, publishing). */
export type AuditPart = { label: string; audit: (checks: Checks, people: Person[]) => Promise<void> };

export async function audit(people: Person[], analyticsBefore: [number, number], more: AuditPart[]): Promise<Check[]> {
  const checks = newChecks();
  await part(checks, "webhooks", () => webhooksListed(checks, people));
  await part(checks, "platform webhooks", () => outgoingRegistered(checks));
  await part(checks, "messages and deliveries", () => messagesAndDeliveries(checks));
  await part(checks, "bot memberships", () => botsAreMembers(checks));
  await part(checks, "analytics", () => analyticsCounted(checks, analyticsBefore));
  for (const extra of more) await part(checks, extra.label, () => extra.audit(checks, people));
  // Last: the statuses of everything, the audit's own requests included.
  statuses(checks);
  return checks.list;
}
