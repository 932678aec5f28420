// Following apps during the load (issue 16; docs/decisions/026): people follow apps with updates to
// a direct message from the App Hub bot or one of their spaces, move a follow, and unfollow, with
// the follow page's plain forms. The audit: My Integrations lists exactly the follows that stand,
// and every follow or move posted exactly one confirmation where it went (nothing lost, nothing twice).
import { FOLLOW_MESSAGES } from "../../app/features/followers/follow-view.ts";
import type { AppSummary } from "../../app/models/types.ts";
import { SERVICE_BOTS } from "../../workers/platform/demo-data.ts";
import { type Checks, tokenFor } from "./audit.ts";
import { FORM, locationOf, NAVIGATE, noteUnexpected, request } from "./http.ts";
import { settings } from "./options.ts";
import { csrfOf, type PersonAction } from "./people.ts";
import { allMessages, platformList } from "./platform.ts";
import { flashOf } from "./product.ts";
import { appPath, type Site } from "./site.ts";
import { chance, decodeEntities, pick, pickMaybe } from "./util.ts";
// A space's confirmation names its follower by the hub's display name, which is the platform's
// displayName when there is one (app/auth/user.ts portalDisplayName; every demo person has one).
import { demoUser, type Person, roomFits } from "./world.ts";

const { app: APP } = settings;
type Destination = "direct" | { roomId: string; title: string };
/** A follow or a move the hub confirmed: one confirmation message is owed in `destination`. */
type Confirmed = { person: Person; app: AppSummary; destination: Destination };
export const follows = {
  confirmed: [] as Confirmed[],
  /** person key → app id → where its follow stands now (absent: not following). */
  standing: new Map<string, Map<string, Destination>>(),
  refused: 0,
  unfollowed: 0,
};
/** Apps whose updates the publishing part ships: followed more often, so updates reach followers. */
export const favouredApps: AppSummary[] = [];

const followPage = (app: AppSummary) => `${APP}${appPath(app)}/follow`;
const mine = (person: Person) => {
  let map = follows.standing.get(person.key);
  if (!map) {
    map = new Map();
    follows.standing.set(person.key, map);
  }
  return map;
};

/** The spaces the follow page offers (radio buttons named destination, each with its label). */
function spacesOffered(html: string): Array<{ roomId: string; title: string }> {
  return [...html.matchAll(/<input[^>]*name="destination"[^>]*value="([^"]+)"[^>]*\/?>\s*(?:<[^>]+>\s*)*([^<]*)/g)]
    .filter((m) => m[1] !== "direct")
    .map((m) => ({ roomId: m[1] ?? "", title: decodeEntities((m[2] ?? "").trim()) }));
}

async function follow(person: Person, site: Site) {
  const app = favouredApps.length && chance(0.6) ? pick(favouredApps) : pick(site.bots);
  const page = await request("follow:page", followPage(app), { headers: NAVIGATE, jar: person.jar });
  if (!page.ok) return;
  const html = page.text();
  const current = mine(person).get(app.id);
  if (current && chance(0.25)) {
    const res = await request("follow:unfollow", followPage(app), {
      method: "POST",
      headers: { ...FORM, Referer: followPage(app) },
      body: new URLSearchParams({ csrf: csrfOf(html, person.jar), intent: "unfollow" }).toString(),
      jar: person.jar,
      expect: [302],
    });
    if (res.status === 302) {
      mine(person).delete(app.id);
      follows.unfollowed++;
      await request("follow:result", locationOf(res), { headers: NAVIGATE, jar: person.jar });
    }
    return;
  }
  const spaces = spacesOffered(html).filter((s) => roomFits(person, s.roomId));
  const space = chance(0.5) ? pickMaybe(spaces) : undefined;
  const destination: Destination = space ?? "direct";
  const res = await request("follow:post", followPage(app), {
    method: "POST",
    headers: { ...FORM, Referer: followPage(app) },
    body: new URLSearchParams({ csrf: csrfOf(html, person.jar), intent: "follow", destination: space ? space.roomId : "direct" }).toString(),
    jar: person.jar,
    // A refusal shows the page again with why (400, 403, 409; docs/decisions/026).
    expect: [302, 400, 403, 409],
  });
  if (res.status !== 302) {
    if (res.status >= 400 && res.status < 500 && res.status !== 429) follows.refused++;
    return;
  }
  const flash = await flashOf(person.jar);
  const message = flash?.notice.message ?? "";
  const view = destination === "direct" ? ({ kind: "direct" } as const) : ({ kind: "space", roomId: destination.roomId, title: destination.title } as const);
  if (message === FOLLOW_MESSAGES.followed(app.name, view)) {
    follows.confirmed.push({ person, app, destination });
    mine(person).set(app.id, destination);
  } else if (message === FOLLOW_MESSAGES.unchanged(app.name, view)) {
    mine(person).set(app.id, destination);
  } else noteUnexpected("follow:post", `following ${app.name} gave the notice ${JSON.stringify(flash?.notice ?? null)}`);
  await request("follow:result", locationOf(res), { headers: NAVIGATE, jar: person.jar });
}

export const followAction = (_site: Site): PersonAction => ({ weight: () => 6, act: follow });

const favouredName = (appId: string) => follows.confirmed.find((c) => c.app.id === appId)?.app.name ?? appId;
const destinationKey = (d: Destination) => (d === "direct" ? "direct" : d.roomId);

/** Confirmations (./update-message.server.ts followConfirmation): the bot's message linking the app, not an update. */
const isConfirmation = (markdown: string) => /\*\*(You follow |.* asked App Hub to post updates about )/.test(markdown);

export async function followsAudit(checks: Checks, people: Person[]) {
  // 1. My Integrations lists exactly the follows that stand.
  const wrongList: string[] = [];
  let standing = 0;
  for (const person of people) {
    const expected = mine(person);
    standing += expected.size;
    const html = (await request("audit:my-integrations", `${APP}/my-integrations`, { headers: NAVIGATE, jar: person.jar })).text();
    // Each followed app's row has one unfollow form posting to its follow address, by id (./FollowedApps.tsx).
    const forms = [...html.matchAll(/action="\/applications\/([^"/]+)\/follow"/g)].map((m) => decodeURIComponent(m[1] ?? ""));
    for (const [appId] of expected) {
      const n = forms.filter((id) => id === appId).length;
      if (n !== 1) wrongList.push(`${person.key}: ${favouredName(appId)} listed ×${n}`);
    }
    for (const id of new Set(forms)) if (!expected.has(id)) wrongList.push(`${person.key}: ${favouredName(id)} listed but not followed`);
  }
  checks.add(
    `follows: My Integrations lists the ${standing} follows that stand (${follows.unfollowed} unfollowed, ${follows.refused} refused)`,
    wrongList.length === 0,
    wrongList.slice(0, 8).join("; "),
  );

  // 2. Every follow or move posted exactly one confirmation where it went.
  const owed = new Map<string, number>(); // person|destination|app path → confirmations owed
  for (const c of follows.confirmed) {
    const key = `${c.person.key}|${destinationKey(c.destination)}|${appPath(c.app)}`;
    owed.set(key, (owed.get(key) ?? 0) + 1);
  }
  const found = new Map<string, number>();
  for (const person of people) {
    const token = await tokenFor(person.key);
    const spaces = new Set(follows.confirmed.filter((c) => c.person === person && c.destination !== "direct").map((c) => destinationKey(c.destination)));
    const direct = (await platformList<{ id: string }>(token, "/v1/rooms?type=direct&max=100")).map((r) => r.id);
    const rooms: Array<[string, string]> = [...[...spaces].map((id): [string, string] => [id, id]), ...direct.map((id): [string, string] => [id, "direct"])];
    for (const [roomId, key] of rooms) {
      for (const m of await allMessages(token, roomId)) {
        if (m.personEmail !== SERVICE_BOTS.updates.email || !isConfirmation(m.markdown ?? "")) continue;
        // In a space, only this person's confirmations (others may follow into the same space).
        if (key !== "direct" && !(m.markdown ?? "").startsWith(`**${displayNameOf(person)} asked App Hub`)) continue;
        const path = /\]\(([^)]+)\)/.exec(m.markdown ?? "")?.[1]?.replace(APP, "") ?? "";
        const k = `${person.key}|${key}|${path}`;
        found.set(k, (found.get(k) ?? 0) + 1);
      }
    }
  }
  const lost: string[] = [];
  const twice: string[] = [];
  for (const [k, n] of owed) {
    const got = found.get(k) ?? 0;
    if (got < n) lost.push(`${k} ${got} of ${n}`);
    if (got > n) twice.push(`${k} ${got} for ${n}`);
  }
  for (const [k, n] of found) if (!owed.has(k)) twice.push(`${k} ${n} never asked for`);
  checks.add(
    `follows: ${follows.confirmed.length} follows and moves posted one confirmation each where they went`,
    lost.length === 0 && twice.length === 0,
    [...lost.map((l) => `missing: ${l}`), ...twice.map((t) => `extra: ${t}`)].slice(0, 8).join("; "),
  );
}

const displayNameOf = (person: Person) => {
  const user = demoUser(person.key);
  return "displayName" in user ? user.displayName : `${user.firstName} ${user.lastName}`;
};
