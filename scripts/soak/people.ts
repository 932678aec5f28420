// The logged-in people: each logs in once through the emulator's consent page, then acts as the
// pages let them: browses, adds bots to spaces with the no-JavaScript form, and creates and deletes
// incoming and outgoing webhooks (the page's form, or the §7 JSON API with the page's CSRF token).
import type { AppSummary } from "../../app/models/types.ts";
import type { WebhookKind } from "../../app/features/webhooks/webhook-form.ts";
import { blockedUntil, FORM, Jar, locationOf, NAVIGATE, navigate, noteUnexpected, request, respect, XHR } from "./http.ts";
import { settings } from "./options.ts";
import { addOutcome, createAnswer, errorMessage, flashOf, myWebhooksAnswer, WEBHOOK_NOTICE_TITLES } from "./product.ts";
import { appPath, type Site, WORDS } from "./site.ts";
import { chance, decodeEntities, pick, pickMaybe, weighted } from "./util.ts";
import { type Hook, type Person, roomById, roomFits, world } from "./world.ts";

const { app: APP, platform: PLATFORM, run: RUN } = settings;

export async function logIn(person: Pick<Person, "email">): Promise<Jar> {
  for (let attempt = 1; attempt <= 5; attempt++) {
    const jar = new Jar();
    const start = await request("login:start", `${APP}/auth?last=%2F`, { headers: NAVIGATE, jar, expect: [302] });
    const location = start.headers.get("Location");
    const authorize = start.status === 302 && location ? new URL(location) : null;
    if (!authorize || authorize.origin !== PLATFORM) {
      if (start.status === 429) {
        await respect("login:start", Date.now() + 60_000);
        continue;
      }
      throw new Error(`login of ${person.email}: /auth answered ${start.status} ${location ?? ""}`);
    }
    await request("login:consent-page", authorize.href, { headers: NAVIGATE });
    const form = new URLSearchParams(authorize.searchParams);
    form.set("decision", "accept");
    form.set("email", person.email);
    const consent = await request("login:consent", `${PLATFORM}/v1/authorize`, {
      method: "POST",
      headers: { ...NAVIGATE, "Content-Type": "application/x-www-form-urlencoded", Origin: PLATFORM },
      body: form.toString(),
      expect: [302],
    });
    if (consent.status !== 302) throw new Error(`login of ${person.email}: consent answered ${consent.status}: ${consent.text().slice(0, 200)}`);
    const back = new URL(consent.headers.get("Location") ?? "");
    const callback = await request("login:callback", `${APP}${back.pathname}${back.search}`, { headers: { ...NAVIGATE, "Sec-Fetch-Site": "cross-site" }, jar, expect: [302] });
    if (callback.status === 429) {
      await respect("login:callback", Date.now() + 60_000);
      continue;
    }
    if (callback.status !== 302) throw new Error(`login of ${person.email}: callback answered ${callback.status}`);
    const me = await request("person:api", `${APP}/api/people/me`, { headers: XHR, jar });
    if (!me.ok) throw new Error(`login of ${person.email}: still logged out (/api/people/me answered ${me.status})`);
    await request("person:page", `${APP}/`, { headers: NAVIGATE, jar });
    return jar;
  }
  throw new Error(`login of ${person.email}: rate limited five times`);
}

/** The page's CSRF field (as the form carries it), else the cookie's value. */
export const csrfOf = (html: string, jar: Jar) => /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? jar.get("csrf-token") ?? "";
/** For the JSON API: the token the person's last page carried (the header the API reads). */
export const csrfHeader = (person: Person) => ({ "X-CSRF-Token": person.csrf ?? person.jar.get("csrf-token") ?? "" });
type Option = { id: string; title: string };
/** The options of a form's `name` select (spaces, mostly). */
export function selectOptions(html: string, name = "roomId"): Option[] {
  const select = new RegExp(`<select[^>]*name="${name}"[^>]*>([\\s\\S]*?)</select>`).exec(html)?.[1] ?? "";
  return [...select.matchAll(/<option value="([^"]*)"[^>]*>([^<]*)<\/option>/g)].filter((m) => m[1]).map((m) => ({ id: m[1] ?? "", title: decodeEntities(m[2] ?? "") }));
}

export const webhookPage = (kind: WebhookKind) => `${APP}/applications/${kind}-webhooks`;

export async function myWebhooks(person: Person, kind?: WebhookKind) {
  const res = await request("webhook:list", `${APP}/api/my-webhooks${kind ? `?type=${kind}` : ""}`, { headers: XHR, jar: person.jar });
  return res.ok ? myWebhooksAnswer(res).items : null;
}

type CreateOptions = { stable?: boolean; roomId?: string; viaApi?: boolean; twice?: boolean };

/**
 * Creates a webhook as the person would: the page's form (no JavaScript; Post/Redirect/Get) or the
 * §7 JSON API (the page's CSRF token in the header). Sometimes submits twice.
 */
export async function createHook(
  person: Person,
  kind: WebhookKind,
  { stable = false, roomId, viaApi = chance(0.25), twice = chance(0.1) }: CreateOptions = {},
): Promise<Hook | null> {
  const page = await request("webhook:page", webhookPage(kind), { headers: NAVIGATE, jar: person.jar });
  if (!page.ok) return null;
  const html = page.text();
  person.csrf = csrfOf(html, person.jar);
  const options = selectOptions(html);
  const fitting = options.filter((o) => roomFits(person, o.id));
  const refusalProbe = !stable && !roomId && chance(0.05);
  const room = roomId
    ? options.find((o) => o.id === roomId)
    : refusalProbe
      ? (pickMaybe(options.filter((o) => roomById.get(o.id) && !roomFits(person, o.id))) ?? pickMaybe(fitting))
      : pickMaybe(fitting);
  if (!room) return null;
  const name = `${RUN}-${person.key}-${kind === "incoming" ? "i" : "o"}${++person.hookSeq}${stable ? "-stable" : ""}`;
  const webhookUrl = kind === "outgoing" ? `${world.receiverOrigin}/${stable ? "stable" : "churn"}/${name}` : undefined;
  let ok = false;
  let message: string | null = null;
  for (let i = 0; i < (twice ? 2 : 1); i++) {
    if (viaApi) {
      const res = await request("webhook:create-api", `${APP}/api/webhooks?type=${kind}`, {
        method: "POST",
        headers: { ...XHR, "Content-Type": "application/json", Origin: APP, ...csrfHeader(person) },
        body: JSON.stringify({ roomId: room.id, displayName: name, ...(webhookUrl ? { webhookUrl } : {}) }),
        jar: person.jar,
        expect: i === 0 ? [201, 400, 403] : [200, 400, 403],
      });
      if (res.status === 201 || res.status === 200) {
        const answer = createAnswer(res);
        if (answer.displayName === name && answer.roomId === room.id) ok = true;
        else noteUnexpected("webhook:create-api", `creating ${name} answered ${JSON.stringify(answer)}`);
      } else if (res.status !== 429 && res.status < 500) message = errorMessage(res);
    } else {
      const fields = { csrf: csrfOf(html, person.jar), intent: "create-webhook", displayName: name, roomId: room.id, ...(webhookUrl ? { webhookUrl } : {}) };
      const res = await request("webhook:create", webhookPage(kind), {
        method: "POST",
        headers: { ...FORM, Referer: webhookPage(kind) },
        body: new URLSearchParams(fields).toString(),
        jar: person.jar,
        expect: [302, 400],
      });
      if (res.status === 302) {
        // Post/Redirect/Get: the notice rides in the flash cookie; the page it lands on lists the webhook.
        const flash = await flashOf(person.jar);
        const after = await request("webhook:page", locationOf(res), { headers: NAVIGATE, jar: person.jar });
        if (flash?.notice.title === WEBHOOK_NOTICE_TITLES.added && flash.notice.message.includes(name)) ok = true;
        else noteUnexpected("webhook:create", `after creating ${name} the notice was ${JSON.stringify(flash?.notice ?? null)}`);
        if (after.ok && !after.text().includes(name)) noteUnexpected("webhook:create", `${name} not on the page after the redirect`);
      } else if (res.status === 400) {
        const alert = /role="alert"[^>]*>([^<]+)</.exec(res.text())?.[1];
        message = alert ? decodeEntities(alert) : "refused (400)";
      }
    }
  }
  if (!ok) {
    if (message) world.refusedHooks.push({ owner: person.key, kind, roomId: room.id, name, message });
    return null;
  }
  const listed = (await myWebhooks(person, kind)) ?? [];
  const view = listed.find((h) => h.displayName === name && h.roomId === room.id);
  const base = { kind, owner: person.key, roomId: room.id, name, stable, createdAt: Date.now(), deleteStartedAt: null, deletedAt: null };
  if (!view) {
    // Created (the form or API said so) but not listed: the audit reports it.
    world.hooks.push({ ...base, id: null, roomTitle: room.title, url: null, path: null, target: null, signingSecret: null, lost: true });
    return null;
  }
  const hook: Hook = {
    ...base,
    id: view.id,
    roomTitle: view.roomTitle,
    url: kind === "incoming" ? view.webhookUrl : null,
    path: kind === "incoming" ? new URL(view.webhookUrl).pathname : null,
    target: webhookUrl ?? null,
    signingSecret: view.signingSecret,
  };
  world.hooks.push(hook);
  return hook;
}

export async function deleteHook(person: Person, hook: Hook, viaApi = chance(0.25)) {
  hook.deleteStartedAt = Date.now();
  let done = false;
  if (viaApi) {
    const res = await request("webhook:delete-api", `${APP}/api/webhooks?webhookId=${hook.id}&type=${hook.kind}`, {
      method: "DELETE",
      headers: { ...XHR, Origin: APP, ...csrfHeader(person) },
      jar: person.jar,
      expect: [204],
    });
    done = res.status === 204;
  } else {
    const page = await request("webhook:page", webhookPage(hook.kind), { headers: NAVIGATE, jar: person.jar });
    if (!page.ok) {
      hook.deleteStartedAt = null;
      return;
    }
    const res = await request("webhook:delete", webhookPage(hook.kind), {
      method: "POST",
      headers: { ...FORM, Referer: webhookPage(hook.kind) },
      body: new URLSearchParams({ csrf: csrfOf(page.text(), person.jar), intent: "delete-webhook", webhookId: hook.id ?? "" }).toString(),
      jar: person.jar,
      expect: [302],
    });
    if (res.status === 302) {
      const flash = await flashOf(person.jar);
      done = flash?.notice.title === WEBHOOK_NOTICE_TITLES.deleted;
      if (!done) noteUnexpected("webhook:delete", `after deleting ${hook.name} the notice was ${JSON.stringify(flash?.notice ?? null)}`);
      await request("webhook:page", locationOf(res), { headers: NAVIGATE, jar: person.jar });
    }
  }
  if (done) hook.deletedAt = Date.now();
  else hook.deleteStartedAt = null; // not deleted: still expected in the list
}

export async function addBot(person: Person, bots: AppSummary[]) {
  const bot = pick(bots);
  const detail = `${APP}${appPath(bot)}`;
  const page = await request("bot:add-form", `${detail}?add=group-space`, { headers: NAVIGATE, jar: person.jar });
  if (!page.ok) return;
  const html = page.text();
  const options = selectOptions(html);
  // Mostly a space where it can work; sometimes a locked or restricted one (refused).
  const fitting = options.filter((o) => roomFits(person, o.id));
  const room = chance(0.1) ? pickMaybe(options) : pickMaybe(fitting.length ? fitting : options);
  if (!room) return;
  const res = await request("bot:add", detail, {
    method: "POST",
    headers: { ...FORM, Referer: `${detail}?add=group-space` },
    body: new URLSearchParams({ csrf: csrfOf(html, person.jar), intent: "add-to-space", roomId: room.id }).toString(),
    jar: person.jar,
    expect: [302],
  });
  if (res.status !== 302) return;
  const flash = await flashOf(person.jar);
  const outcome = addOutcome(flash);
  if (outcome === "other") noteUnexpected("bot:add", `adding ${bot.name} to ${room.title} gave the notice ${JSON.stringify(flash?.notice ?? null)}`);
  world.botAdds.push({
    owner: person.key,
    roomId: room.id,
    roomTitle: room.title.replace(/ \(locked\)$/, ""),
    bot: bot.name,
    outcome,
    title: flash?.notice.title ?? "",
    at: Date.now(),
  });
  // Only an add made here records a use (an app already in the space was added by someone else).
  if (outcome === "added") person.used.set(bot.id, bot);
  await request("bot:add-result", locationOf(res), { headers: NAVIGATE, jar: person.jar });
}

async function personBrowse(person: Person, site: Site) {
  const bot = pick(site.bots);
  const [kind, url, headers] = weighted<[string, string, Record<string, string>]>([
    [["person:page", `${APP}/`, NAVIGATE], 2],
    [["person:page", `${APP}${appPath(bot)}`, NAVIGATE], 3],
    [["person:page", webhookPage(chance(0.5) ? "incoming" : "outgoing"), NAVIGATE], 2],
    [["person:page", `${APP}/my-integrations`, NAVIGATE], 1],
    [["person:page", `${APP}/${pick(site.listPages)}`, NAVIGATE], 2],
    [["person:search", `${APP}/search?q=${encodeURIComponent(pick(WORDS))}`, NAVIGATE], 1],
    [["person:api", `${APP}/api/my-webhooks`, XHR], 1],
    [["person:api", `${APP}/api/rooms`, XHR], 1],
    [["person:api", `${APP}/api/people/me`, XHR], 1],
  ]);
  if (kind === "person:search") await navigate(kind, url, { headers, jar: person.jar, to: /^\/search$/ });
  else await request(kind, url, { headers, jar: person.jar });
}

/** Extra things a person does besides webhooks and bots (follows, reviews), with their weights. */
export type PersonAction = { weight: (person: Person) => number; act: (person: Person, site: Site) => Promise<void> };

export async function personLoop(person: Person, site: Site, until: number, extra: PersonAction[] = []) {
  const churnCap = 6;
  while (Date.now() < until) {
    const mine = world.hooks.filter((h) => h.owner === person.key && !h.stable && h.id && !h.deletedAt && !h.deleteStartedAt);
    const action = weighted<() => Promise<unknown>>([
      [() => personBrowse(person, site), 40],
      [() => addBot(person, site.bots), 20],
      [() => createHook(person, chance(0.6) ? "incoming" : "outgoing"), mine.length < churnCap ? 20 : 0],
      [() => deleteHook(person, pick(mine)), mine.length ? (mine.length >= churnCap ? 35 : 15) : 0],
      ...extra.map((e) => [() => e.act(person, site), e.weight(person)] as const),
    ]);
    const key = `person:${person.key}`;
    await respect(key, until);
    if (Date.now() >= until) break;
    await action();
    // A 429 on any of the person's requests: wait it out before their next step.
    const blocked = [...blockedUntil.entries()].filter(([k, t]) => t > Date.now() && /^(person|bot|webhook|login|follow|review):/.test(k));
    if (blocked.length) blockedUntil.set(key, Math.max(...blocked.map(([, t]) => t)));
  }
}
