// Authorizations (connected applications): GET /v1/authorizations and the two DELETE forms, which
// revoke the application's tokens for the person. Each item carries `scopes`, an emulator
// extension (see docs/decisions/005) the hub uses to tell full from partial access.
import { z } from "zod";
import { ApiError, notFound } from "./errors.ts";
import type { Ctx } from "./http.ts";
import { json, noContent, parseQuery } from "./http.ts";
import { decodeId, encodeId } from "./ids.ts";
import type { PersonRow } from "./people.ts";
import { findPerson } from "./people.ts";

type AuthorizationRow = { uuid: string; person_uuid: string; client_id: string; scopes: string; created: string; application_name: string | null };

function authorizationJson(row: AuthorizationRow): Record<string, unknown> {
  return {
    id: encodeId("AUTHORIZATION", row.uuid),
    applicationId: encodeId("APPLICATION", row.client_id),
    applicationName: row.application_name ?? row.client_id,
    personId: encodeId("PEOPLE", row.person_uuid),
    clientId: row.client_id,
    created: row.created,
    // One item per grant; upstream lists one per token kind. A grant outlives its access tokens
    // through the refresh token, hence "refresh".
    type: "refresh",
    scopes: row.scopes.split(" ").filter(Boolean),
  };
}

/** The caller, or a person in the caller's org when the caller is that org's admin; else 403/404. */
async function visiblePerson(c: Ctx, me: PersonRow, personUuid: string): Promise<PersonRow> {
  if (personUuid === me.uuid) return me;
  const person = await findPerson(c.db, personUuid);
  if (!person) throw notFound();
  if (!(me.is_org_admin === 1 && person.org_uuid === me.org_uuid)) {
    throw new ApiError(403, "Only an administrator of the person's organization can see their authorizations.");
  }
  return person;
}

/** Deletes a person's grant of a client and every token it issued. Returns whether anything went. */
export async function revokeGrant(db: D1Database, personUuid: string, clientId: string): Promise<boolean> {
  const results = await db.batch([
    db.prepare("DELETE FROM authorizations WHERE person_uuid = ? AND client_id = ?").bind(personUuid, clientId),
    db.prepare("DELETE FROM tokens WHERE person_uuid = ? AND client_id = ?").bind(personUuid, clientId),
    db.prepare("DELETE FROM auth_codes WHERE person_uuid = ? AND client_id = ?").bind(personUuid, clientId),
  ]);
  return results.some((r) => r.meta.changes > 0);
}

export async function listAuthorizations(c: Ctx, me: PersonRow): Promise<Response> {
  const q = parseQuery(c.url, z.object({ personId: z.string().optional() }));
  const personUuid = q.personId ? decodeId("PEOPLE", q.personId) : me.uuid;
  if (!personUuid) throw notFound();
  const person = await visiblePerson(c, me, personUuid);
  const { results } = await c.db
    .prepare(
      `SELECT a.*, app.name AS application_name FROM authorizations a LEFT JOIN applications app ON app.client_id = a.client_id
       WHERE a.person_uuid = ? ORDER BY a.created, a.uuid`,
    )
    .bind(person.uuid)
    .all<AuthorizationRow>();
  return json({ items: results.map(authorizationJson) });
}

export async function deleteAuthorizationsByClient(c: Ctx, me: PersonRow): Promise<Response> {
  const q = parseQuery(c.url, z.object({ clientId: z.string().min(1) }));
  if (!(await revokeGrant(c.db, me.uuid, q.clientId))) throw notFound();
  return noContent();
}

export async function deleteAuthorization(c: Ctx, me: PersonRow): Promise<Response> {
  const uuid = decodeId("AUTHORIZATION", c.params.id!);
  const row = uuid ? await c.db.prepare("SELECT person_uuid, client_id FROM authorizations WHERE uuid = ?").bind(uuid).first<{ person_uuid: string; client_id: string }>() : null;
  if (!row) throw notFound();
  await visiblePerson(c, me, row.person_uuid);
  await revokeGrant(c.db, row.person_uuid, row.client_id);
  return noContent();
}
