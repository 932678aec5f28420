// Reviews during the load (issue 15): people rate and review the apps they added through the hub
// (which makes them eligible), edit their review, and sometimes delete it, with the app page's plain
// forms. The audit: each app's reviews show every standing review once, and none that was replaced
// or deleted.
import { REVIEW_MESSAGES } from "../../app/features/reviews/messages.ts";
import { REVIEW_PARAMS } from "../../app/features/reviews/reviews-view.ts";
import type { AppSummary } from "../../app/models/types.ts";
import type { Checks } from "./audit.ts";
import { FORM, Jar, locationOf, NAVIGATE, noteUnexpected, request } from "./http.ts";
import { settings } from "./options.ts";
import { csrfOf, type PersonAction } from "./people.ts";
import { flashOf } from "./product.ts";
import { appPath } from "./site.ts";
import { chance, pick } from "./util.ts";
import type { Person } from "./world.ts";

const { app: APP, run: RUN } = settings;
let seq = 0;
type Written = { person: Person; app: AppSummary; marker: string; state: "standing" | "replaced" | "deleted" };
const written: Written[] = [];

async function review(person: Person) {
  const app = pick([...person.used.values()]);
  const page = `${APP}${appPath(app)}`;
  const html = (await request("review:page", page, { headers: NAVIGATE, jar: person.jar })).text();
  const mine = written.find((w) => w.person === person && w.app.id === app.id && w.state === "standing");
  if (mine && chance(0.2)) {
    const res = await request("review:delete", page, {
      method: "POST",
      headers: { ...FORM, Referer: page },
      body: new URLSearchParams({ csrf: csrfOf(html, person.jar), intent: "delete-review" }).toString(),
      jar: person.jar,
      expect: [302],
    });
    const flash = res.status === 302 ? await flashOf(person.jar) : null;
    if (flash?.notice.title === REVIEW_MESSAGES.deleted.title) mine.state = "deleted";
    else if (res.status === 302) noteUnexpected("review:delete", `deleting a review of ${app.name} gave the notice ${JSON.stringify(flash?.notice ?? null)}`);
    if (res.status === 302) await request("review:result", locationOf(res), { headers: NAVIGATE, jar: person.jar });
    return;
  }
  const marker = `[${RUN}:r${++seq}]`;
  const res = await request("review:save", page, {
    method: "POST",
    headers: { ...FORM, Referer: page },
    body: new URLSearchParams({
      csrf: csrfOf(html, person.jar),
      intent: "save-review",
      rating: String(1 + (seq % 5)),
      title: `Soak review ${marker}`,
      // The marker is in the title only: the audit counts how often each title shows.
      body: chance(0.5) ? "Used it all week <b>bold?</b> [not a link](javascript:alert(1))" : "",
    }).toString(),
    jar: person.jar,
    expect: [302],
  });
  if (res.status !== 302) return;
  const flash = await flashOf(person.jar);
  const title = flash?.notice.title;
  if (title === REVIEW_MESSAGES.saved.title || title === REVIEW_MESSAGES.updated.title) {
    if (mine) mine.state = "replaced";
    if (title === REVIEW_MESSAGES.updated.title && !mine) noteUnexpected("review:save", `a first review of ${app.name} by ${person.key} was "updated"`);
    written.push({ person, app, marker, state: "standing" });
  } else noteUnexpected("review:save", `reviewing ${app.name} gave the notice ${JSON.stringify(flash?.notice ?? null)}`);
  await request("review:result", locationOf(res), { headers: NAVIGATE, jar: person.jar });
}

export const reviewAction = (): PersonAction => ({ weight: (person) => (person.used.size ? 5 : 0), act: review });

export async function reviewsAudit(checks: Checks) {
  const apps = new Map(written.map((w) => [w.app.id, w.app]));
  const problems: string[] = [];
  const visitor = new Jar(); // the page as anyone sees it (the edge cache's copy included)
  for (const app of apps.values()) {
    const html = (await request("audit:reviews", `${APP}${appPath(app)}?${REVIEW_PARAMS.sort}=newest`, { headers: NAVIGATE, jar: visitor })).text();
    const count = (marker: string) => html.split(marker).length - 1;
    const mineHere = written.filter((w) => w.app.id === app.id);
    const standing = mineHere.filter((w) => w.state === "standing");
    // Every standing review shows as often as the others (its title, once per rendering): a review
    // saved twice would show twice as often.
    const shown = standing.map((w) => count(w.marker));
    const once = Math.min(...shown);
    for (const [i, w] of standing.entries()) {
      if ((shown[i] ?? 0) === 0) problems.push(`${app.name}: ${w.person.key}'s review ${w.marker} is missing`);
      else if ((shown[i] ?? 0) !== once) problems.push(`${app.name}: ${w.person.key}'s review ${w.marker} shows ${shown[i]}× (others ${once}×)`);
    }
    for (const w of mineHere.filter((x) => x.state !== "standing")) if (count(w.marker)) problems.push(`${app.name}: a ${w.state} review ${w.marker} still shows`);
  }
  const standing = written.filter((w) => w.state === "standing").length;
  checks.add(
    `reviews: ${standing} standing reviews show once on ${apps.size} apps' pages; ${written.length - standing} replaced or deleted ones are gone`,
    problems.length === 0,
    problems.slice(0, 8).join("; "),
  );
}
