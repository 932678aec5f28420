// The platform's own token page, where regular users see and revoke the apps they authorized
// (upstream: the account settings' "authorized apps"). No login here: a demo user is picked, as on
// the consent page, or named with ?email=. Also the test control POST /_emulator/revoke.
import { z } from "zod";
import { revokeGrant, grantsOf } from "./authorizations.ts";
import { notFound } from "./errors.ts";
import { escapeHtml, page } from "./html.ts";
import type { Ctx } from "./http.ts";
import { json, parseJsonBody } from "./http.ts";
import type { PersonRow } from "./people.ts";
import { findPersonByEmail, nameOf } from "./people.ts";

export const TOKENS_PAGE_PATH = "/account/authorized-apps";

async function pickerPage(c: Ctx, error?: string): Promise<Response> {
  const { results: users } = await c.db.prepare("SELECT * FROM people WHERE type = 'person' ORDER BY is_org_admin, created").all<PersonRow>();
  const links = users
    .map((u) => `<li><a href="${TOKENS_PAGE_PATH}?email=${encodeURIComponent(u.email)}">${escapeHtml(nameOf(u))}</a> <small>(${escapeHtml(u.email)})</small></li>`)
    .join("");
  const body = `<h1>Authorized apps</h1>
${error ? `<p class="error" role="alert">${escapeHtml(error)}</p>` : ""}
<p>This is the platform emulator: pick a demo user instead of signing in.</p>
<h2>Continue as</h2><ul>${links}</ul>
<form method="get" action="${TOKENS_PAGE_PATH}"><label for="email">Or type a demo user's email</label>
<input type="email" id="email" name="email" autocomplete="off" placeholder="name@acme.example">
<div class="actions"><button type="submit">Show my apps</button></div></form>`;
  return page("Authorized apps", body, error ? 404 : 200);
}

async function grantsPage(c: Ctx, person: PersonRow, notice?: string): Promise<Response> {
  const grants = await grantsOf(c.db, person.uuid);
  const items = grants
    .map((g) => {
      const name = g.application_name ?? g.client_id;
      return `<li><span><strong>${escapeHtml(name)}</strong><br><small>Authorized ${escapeHtml(g.created.slice(0, 10))}</small></span>
<form method="post" action="${TOKENS_PAGE_PATH}"><input type="hidden" name="email" value="${escapeHtml(person.email)}"><input type="hidden" name="clientId" value="${escapeHtml(g.client_id)}">
<button type="submit" class="revoke" aria-label="Revoke ${escapeHtml(name)}">Revoke</button></form></li>`;
    })
    .join("");
  const body = `<h1>Apps ${escapeHtml(nameOf(person))} has authorized</h1>
${notice ? `<p class="ok" role="status">${escapeHtml(notice)}</p>` : ""}
<p>These apps can use your account. Revoking one ends its access at once; it would have to ask you again.</p>
${grants.length ? `<ul class="grants">${items}</ul>` : "<p>You have not authorized any apps.</p>"}
<p><a href="${TOKENS_PAGE_PATH}">Not ${escapeHtml(nameOf(person))}? Pick another demo user</a></p>`;
  return page("Authorized apps", body);
}

export async function tokensPage(c: Ctx): Promise<Response> {
  const email = c.url.searchParams.get("email")?.trim();
  if (!email) return pickerPage(c);
  const person = await findPersonByEmail(c.db, email);
  if (person?.type !== "person") return pickerPage(c, `There is no demo user with the email ${email}.`);
  const revoked = c.url.searchParams.get("revoked");
  return grantsPage(c, person, revoked ? `${revoked} can no longer access your account.` : undefined);
}

/** The Revoke button: revokes the grant (and its tokens), then shows the page again (303). */
export async function tokensPageRevoke(c: Ctx): Promise<Response> {
  const form = Object.fromEntries(new URLSearchParams(await c.request.text()));
  const person = form.email ? await findPersonByEmail(c.db, form.email) : null;
  if (person?.type !== "person") return pickerPage(c, "Choose a demo user first.");
  const clientId = form.clientId ?? "";
  const app = await c.db.prepare("SELECT name FROM applications WHERE client_id = ?").bind(clientId).first<{ name: string }>();
  const revoked = await revokeGrant(c.db, person.uuid, clientId);
  const query = new URLSearchParams({ email: person.email, ...(revoked ? { revoked: app?.name ?? clientId } : {}) });
  return new Response(null, { status: 303, headers: { Location: `${TOKENS_PAGE_PATH}?${query}`, "Cache-Control": "no-store" } });
}

/** POST /_emulator/revoke {email, clientId}: what the page's Revoke button does. */
export async function revokeControl(c: Ctx): Promise<Response> {
  const body = await parseJsonBody(c, z.object({ email: z.string().email(), clientId: z.string().min(1) }));
  const person = await findPersonByEmail(c.db, body.email);
  if (!person) throw notFound("No person has this email.");
  return json({ revoked: await revokeGrant(c.db, person.uuid, body.clientId) });
}
