// Publishing during the load (issues 16 and 26): a hub admin makes a publisher token on the tokens
// page; the publisher's own system sends new versions through the publisher API, sometimes sending
// the same request again with its Idempotency-Key (a retry after a lost answer) and, rarely, reusing
// a key for another body. After the load the admin approves the pending versions in the review
// queue (follows no longer change then), and every follower of those apps must get each update once,
// where their follow stands. The audit: every accepted submission is listed once, retries replayed
// the same submission, and updates reached each follower exactly once.
import type { submissionJson } from "../../app/features/publisher-api/submit.server.ts";
import type { VersionSubmission } from "../../app/features/publisher-api/version-submission.server.ts";
import type { AppDetail, AppSummary } from "../../app/models/types.ts";
import { SERVICE_BOTS } from "../../workers/platform/demo-data.ts";
import { type Checks, tokenFor } from "./audit.ts";
import { follows, favouredApps } from "./follows.ts";
import { FORM, NAVIGATE, noteUnexpected, request, XHR } from "./http.ts";
import { settings } from "./options.ts";
import { csrfOf, selectOptions } from "./people.ts";
import { allMessages, platformList } from "./platform.ts";
import type { Site } from "./site.ts";
import { chance, decodeEntities, pick, sleep } from "./util.ts";
import type { Person } from "./world.ts";

const { app: APP, run: RUN } = settings;
type SubmissionAnswer = ReturnType<typeof submissionJson>;
type Sent = { key: string; app: AppSummary; version: string; id: SubmissionAnswer["id"]; replays: number; approved: boolean };

export type Publishing = { admin: Person | null; token: string | null; apps: AppSummary[]; summary: string; sent: Sent[]; refusedReuse: number };

/** The admin (a hub admin: sam by address in the demo world) makes a token for one publisher. */
export async function publishingSetup(people: Person[], site: Site): Promise<Publishing> {
  const admin = people.find((p) => p.key === "sam") ?? null;
  const none = (why: string): Publishing => ({ admin, token: null, apps: [], summary: `publishing: ${why}`, sent: [], refusedReuse: 0 });
  if (!admin) return none("off (sam, the hub admin, is not among --people)");
  // The publisher with the most of the first bots, so its updates have followers to reach.
  const byPublisher = new Map<string, AppSummary[]>();
  for (const bot of site.bots.slice(0, 24)) {
    const res = await request("setup:app", `${APP}/api/apps/${encodeURIComponent(bot.id)}`, { headers: XHR });
    if (!res.ok) continue;
    const slug = (res.json() as AppDetail).publisher.slug;
    byPublisher.set(slug, [...(byPublisher.get(slug) ?? []), bot]);
  }
  const [slug, apps] = [...byPublisher].sort((a, b) => b[1].length - a[1].length)[0] ?? [];
  if (!slug || !apps) return none("off (no publisher found)");
  const page = `${APP}/admin/publisher-tokens`;
  const html = (await request("setup:tokens-page", page, { headers: NAVIGATE, jar: admin.jar })).text();
  if (!selectOptions(html, "publisher").some((o) => o.id === slug)) return none(`off (the tokens page offers no ${slug})`);
  const made = await request("setup:token", page, {
    method: "POST",
    headers: { ...FORM, Referer: page },
    body: new URLSearchParams({ csrf: csrfOf(html, admin.jar), intent: "create", publisher: slug, name: `${RUN} soak` }).toString(),
    jar: admin.jar,
    expect: [200],
  });
  // Shown once, in the page that answers the form (app/features/publisher-api/TokensPage.tsx).
  const secret = /id="new-token"[^>]*value="([^"]+)"/.exec(made.text())?.[1];
  if (!secret) throw new Error(`publishing: the tokens page answered ${made.status} without the new token`);
  favouredApps.push(...apps.slice(0, 3));
  return {
    admin,
    token: decodeEntities(secret),
    apps: apps.slice(0, 3),
    summary: `publisher token for ${slug} (${apps
      .slice(0, 3)
      .map((a) => a.name)
      .join(", ")})`,
    sent: [],
    refusedReuse: 0,
  };
}

let seq = 0;
async function submit(p: Publishing, token: string) {
  const app = pick(p.apps);
  const version = `77.${++seq}.0`;
  const body: VersionSubmission = { version, releasedAt: new Date().toISOString(), releaseNotes: `Soak release ${version} [${RUN}:v${seq}]` };
  const key = `${RUN}-v${seq}`;
  const url = `${APP}/api/publisher/v1/apps/${encodeURIComponent(app.id)}/versions`;
  const send = (kind: string, b: VersionSubmission, expect: number[]) =>
    request(kind, url, {
      method: "POST",
      headers: { Accept: "application/json", "Content-Type": "application/json", Authorization: `Bearer ${token}`, "Idempotency-Key": key, "User-Agent": "soak-publisher/1.0" },
      body: JSON.stringify(b),
      expect,
    });
  const res = await send("publish:version", body, [202]);
  if (res.status !== 202) return;
  const answer = res.json() as SubmissionAnswer;
  const sent: Sent = { key, app, version, id: answer.id, replays: 0, approved: false };
  p.sent.push(sent);
  if (chance(0.3)) {
    // The same request again (its answer was lost): the same submission, replayed.
    const again = await send("publish:retry", body, [202]);
    if (again.status === 202) {
      const replay = again.json() as SubmissionAnswer;
      if (replay.id !== answer.id || again.headers.get("Idempotent-Replayed") !== "true")
        noteUnexpected("publish:retry", `a retry of ${key} answered ${JSON.stringify(replay)} (first ${answer.id})`);
      else sent.replays++;
    }
  } else if (chance(0.1)) {
    const other = await send("publish:reuse", { ...body, releaseNotes: `another body [${RUN}:v${seq}x]` }, [422]);
    if (other.status === 422) p.refusedReuse++;
  }
}

export async function publishingLoop(p: Publishing, until: number) {
  const { token } = p;
  if (!token) return;
  while (Date.now() < until) {
    await submit(p, token);
    await sleep(Math.min(6000 + Math.random() * 6000, until - Date.now()));
  }
}

/** After the load: the admin approves every pending version in the review queue. */
async function approveAll(p: Publishing) {
  const { admin } = p;
  if (!admin) return;
  for (const s of p.sent) {
    const page = `${APP}/admin/review/${encodeURIComponent(String(s.id))}`;
    const html = (await request("audit:review-page", page, { headers: NAVIGATE, jar: admin.jar })).text();
    const res = await request("audit:approve", page, {
      method: "POST",
      headers: { ...FORM, Referer: page },
      body: new URLSearchParams({ csrf: csrfOf(html, admin.jar), intent: "approve" }).toString(),
      jar: admin.jar,
      expect: [302],
    });
    s.approved = res.status === 302;
  }
}

export async function publishingAudit(checks: Checks, p: Publishing) {
  const { token } = p;
  if (!token) return;
  // 1. The publisher's list holds every accepted submission once.
  const listed = (
    await request("audit:submissions", `${APP}/api/publisher/v1/submissions`, { headers: { Accept: "application/json", Authorization: `Bearer ${token}` } })
  ).json() as {
    submissions: SubmissionAnswer[];
  };
  const counts = new Map<SubmissionAnswer["id"], number>();
  for (const s of listed.submissions) counts.set(s.id, (counts.get(s.id) ?? 0) + 1);
  const wrong = p.sent.filter((s) => counts.get(s.id) !== 1).map((s) => `${s.version} ×${counts.get(s.id) ?? 0}`);
  const strangers = listed.submissions.filter((s) => !p.sent.some((x) => x.id === s.id)).map((s) => s.id);
  checks.add(
    `publishing: ${p.sent.length} versions submitted (${p.sent.reduce((a, s) => a + s.replays, 0)} retries replayed, ${p.refusedReuse} reused keys refused) are listed once each`,
    wrong.length === 0 && strangers.length === 0,
    [...wrong, ...strangers.map((id) => `unknown submission ${id}`)].slice(0, 8).join("; "),
  );

  // 2. Approved, each update reaches every follower of its app once, where the follow stands.
  await approveAll(p);
  const approved = p.sent.filter((s) => s.approved);
  const owed: Array<{ person: string; roomKey: string; version: string }> = [];
  for (const [personKey, map] of follows.standing) {
    for (const s of approved) {
      const destination = map.get(s.app.id);
      if (destination) owed.push({ person: personKey, roomKey: destination === "direct" ? "direct" : destination.roomId, version: s.version });
    }
  }
  // What is owed, by where it shows: a direct message per person, and in a space one message per
  // follow into it (two people who follow an app into one space each get their own, with their own
  // unfollow link), counted once per space however many of its followers read it.
  const keyOf = (person: string, roomKey: string, version: string) => (roomKey === "direct" ? `${person}|direct|${version}` : `space ${roomKey}|${version}`);
  const owedCount = new Map<string, number>();
  for (const o of owed) owedCount.set(keyOf(o.person, o.roomKey, o.version), (owedCount.get(keyOf(o.person, o.roomKey, o.version)) ?? 0) + 1);
  const people = [...new Set(owed.map((o) => o.person))];
  const count = async () => {
    const found = new Map<string, number>();
    const spacesRead = new Set<string>();
    for (const key of people) {
      const person = follows.confirmed.find((c) => c.person.key === key)?.person;
      if (!person) continue;
      const t = await tokenFor(person.key);
      const direct = (await platformList<{ id: string }>(t, "/v1/rooms?type=direct&max=100")).map((r) => r.id);
      const spaces = [...new Set(owed.filter((o) => o.person === key && o.roomKey !== "direct" && !spacesRead.has(o.roomKey)).map((o) => o.roomKey))];
      for (const space of spaces) spacesRead.add(space);
      for (const [roomId, roomKey] of [...spaces.map((s) => [s, s] as const), ...direct.map((d) => [d, "direct"] as const)]) {
        for (const m of await allMessages(t, roomId)) {
          if (m.personEmail !== SERVICE_BOTS.updates.email) continue;
          const version = /\b(77\.\d+\.0) is out\b/.exec(m.markdown ?? "")?.[1];
          if (version) found.set(keyOf(key, roomKey, version), (found.get(keyOf(key, roomKey, version)) ?? 0) + 1);
        }
      }
    }
    return found;
  };
  const short = (found: Map<string, number>) => [...owedCount].filter(([k, n]) => (found.get(k) ?? 0) < n);
  // The fan-out runs on the update queue: wait for it (up to --settle).
  let found = await count();
  for (const until = Date.now() + settings.settleMs; Date.now() < until && short(found).length > 0; ) {
    await sleep(3000);
    found = await count();
  }
  const lost = short(found).map(([k, n]) => `${k} (${found.get(k) ?? 0} of ${n})`);
  // Nobody gets more than they are owed: a direct message once, a space one per follow into it.
  const twice = [...found].filter(([k, n]) => n > (owedCount.get(k) ?? 0)).map(([k, n]) => `${k} ×${n}`);
  checks.add(
    `publishing: ${approved.length} approved versions reached their apps' followers once each (${owed.length} updates owed)`,
    approved.length === p.sent.length && lost.length === 0 && twice.length === 0,
    [
      approved.length !== p.sent.length ? `${p.sent.length - approved.length} could not be approved` : "",
      ...lost.slice(0, 5).map((l) => `missing: ${l}`),
      ...twice.slice(0, 5).map((t) => `extra: ${t}`),
    ]
      .filter(Boolean)
      .join("; "),
  );
}
