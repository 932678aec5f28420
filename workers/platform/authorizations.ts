// Authorizations (connected applications), an ADMIN API as on the platform: GET /v1/authorizations,
// DELETE /v1/authorizations/{id} and the org-wide DELETE /v1/authorizations?clientId=.
//
// - Listing needs a token with identity:tokens_read from an administrator of the person's org;
//   deleting needs identity:tokens_write, likewise.
// - First-party exception: a token of one of the platform's own first-party clients may list, and
//   delete one by one, the grants of the token's OWN person with those scopes, admin or not.
// - `DELETE ?clientId=` revokes that client for EVERY person of the organisation.
// Answers carry no `scopes` (the platform does not say which scopes were granted).
import { z } from "zod";
import { ApiError, badRequest, notFound } from "./errors.ts";
import type { Ctx } from "./http.ts";
import { json, noContent, parseQuery } from "./http.ts";
import { decodeId, encodeId } from "./ids.ts";
import { findClient } from "./oauth.ts";
import type { PersonRow } from "./people.ts";
import { findPerson, findPersonByEmail } from "./people.ts";

type AuthorizationRow = { uuid: string; person_uuid: string; client_id: string; created: string; org_uuid: string; application_name: string | null };

const AUTHORIZATION_SELECT = `SELECT a.uuid, a.person_uuid, a.client_id, a.created, p.org_uuid, app.name AS application_name
  FROM authorizations a JOIN people p ON p.uuid = a.person_uuid LEFT JOIN applications app ON app.client_id = a.client_id`;

function authorizationJson(row: AuthorizationRow): Record<string, unknown> {
  return {
    id: encodeId("AUTHORIZATION", row.uuid),
    applicationId: encodeId("APPLICATION", row.client_id),
    applicationName: row.application_name ?? row.client_id,
    orgId: encodeId("ORGANIZATION", row.org_uuid),
    personId: encodeId("PEOPLE", row.person_uuid),
    clientId: row.client_id,
    created: row.created,
    // One item per grant; upstream lists one per token kind. A grant outlives its access tokens
    // through the refresh token, hence "refresh".
    type: "refresh",
  };
}

export const NOT_ADMIN_MESSAGE = "Only a Full, User or Device administrator of the person's organization can manage authorizations.";

/**
 * Whether the caller may read or change the grants of `person` (the token's identity:tokens_read
 * or _write scope is checked before, from scopes.ts's table); a 403 otherwise.
 */
async function requireAccess(c: Ctx, me: PersonRow, person: PersonRow): Promise<void> {
  if (me.is_org_admin === 1 && me.org_uuid === person.org_uuid) return;
  if (person.uuid === me.uuid && c.auth && (await findClient(c, c.auth.clientId))?.firstParty) return;
  throw new ApiError(403, NOT_ADMIN_MESSAGE);
}

/** Deletes a person's grant of a client and every token and code it issued. Returns whether anything went. */
export async function revokeGrant(db: D1Database, personUuid: string, clientId: string): Promise<boolean> {
  const results = await db.batch([
    db.prepare("DELETE FROM authorizations WHERE person_uuid = ? AND client_id = ?").bind(personUuid, clientId),
    db.prepare("DELETE FROM tokens WHERE person_uuid = ? AND client_id = ?").bind(personUuid, clientId),
    db.prepare("DELETE FROM auth_codes WHERE person_uuid = ? AND client_id = ?").bind(personUuid, clientId),
  ]);
  return results.some((r) => r.meta.changes > 0);
}

/** A person's grants, oldest first (also the platform's own token page). */
export async function grantsOf(db: D1Database, personUuid: string): Promise<AuthorizationRow[]> {
  const { results } = await db.prepare(`${AUTHORIZATION_SELECT} WHERE a.person_uuid = ? ORDER BY a.created, a.uuid`).bind(personUuid).all<AuthorizationRow>();
  return results;
}

export async function listAuthorizations(c: Ctx, me: PersonRow): Promise<Response> {
  const q = parseQuery(c.url, z.object({ personId: z.string().optional(), personEmail: z.string().optional() }));
  // Upstream requires personId or personEmail; without either the emulator answers for the caller.
  let person: PersonRow | null = me;
  if (q.personId) {
    const uuid = decodeId("PEOPLE", q.personId);
    person = uuid ? await findPerson(c.db, uuid) : null;
  } else if (q.personEmail) {
    person = await findPersonByEmail(c.db, q.personEmail);
  }
  if (!person) throw notFound();
  await requireAccess(c, me, person);
  return json({ items: (await grantsOf(c.db, person.uuid)).map(authorizationJson) });
}

/** Org-wide: the client loses every grant (and token) of every person in the organisation. */
export async function deleteAuthorizationsByClient(c: Ctx, me: PersonRow): Promise<Response> {
  const q = parseQuery(c.url, z.object({ clientId: z.string().min(1), orgId: z.string().optional() }));
  const orgUuid = q.orgId ? decodeId("ORGANIZATION", q.orgId) : me.org_uuid;
  if (!orgUuid) throw badRequest("orgId is not an organization id.");
  if (!(me.is_org_admin === 1 && me.org_uuid === orgUuid)) throw new ApiError(403, NOT_ADMIN_MESSAGE);
  const inOrg = "person_uuid IN (SELECT uuid FROM people WHERE org_uuid = ?)";
  const results = await c.db.batch([
    c.db.prepare(`DELETE FROM authorizations WHERE client_id = ? AND ${inOrg}`).bind(q.clientId, orgUuid),
    c.db.prepare(`DELETE FROM tokens WHERE client_id = ? AND ${inOrg}`).bind(q.clientId, orgUuid),
    c.db.prepare(`DELETE FROM auth_codes WHERE client_id = ? AND ${inOrg}`).bind(q.clientId, orgUuid),
  ]);
  if (results[0]!.meta.changes === 0) throw notFound("No authorization of this client in the organization.");
  return noContent();
}

export async function deleteAuthorization(c: Ctx, me: PersonRow): Promise<Response> {
  const uuid = decodeId("AUTHORIZATION", c.params.id!);
  const row = uuid ? await c.db.prepare("SELECT person_uuid, client_id FROM authorizations WHERE uuid = ?").bind(uuid).first<{ person_uuid: string; client_id: string }>() : null;
  if (!row) throw notFound();
  const person = await findPerson(c.db, row.person_uuid);
  if (!person) throw notFound();
  await requireAccess(c, me, person);
  await revokeGrant(c.db, row.person_uuid, row.client_id);
  return noContent();
}
