// People (and bot identities): lookups, the Person JSON shape, and GET /v1/people/me|{id}.
import { ApiError, notFound } from "./errors.ts";
import type { Ctx } from "./http.ts";
import { json } from "./http.ts";
import { decodeId, encodeId } from "./ids.ts";

export type PersonRow = {
  uuid: string;
  email: string;
  display_name: string | null;
  nick_name: string | null;
  first_name: string | null;
  last_name: string | null;
  avatar: string | null;
  org_uuid: string;
  type: "person" | "bot";
  is_org_admin: number;
  created: string;
  last_modified: string;
};

export function findPerson(db: D1Database, uuid: string): Promise<PersonRow | null> {
  return db.prepare("SELECT * FROM people WHERE uuid = ?").bind(uuid).first<PersonRow>();
}

export function findPersonByEmail(db: D1Database, email: string): Promise<PersonRow | null> {
  return db.prepare("SELECT * FROM people WHERE email = ? COLLATE NOCASE").bind(email.trim()).first<PersonRow>();
}

/** The name shown for a person: display name, else first and last name, else the email. */
export function nameOf(person: PersonRow): string {
  return person.display_name ?? ([person.first_name, person.last_name].filter(Boolean).join(" ") || person.email);
}

/** The platform's Person object. Optional fields are omitted (not null) when unset, as upstream. */
export function personJson(person: PersonRow, origin: string): Record<string, unknown> {
  return {
    id: encodeId("PEOPLE", person.uuid),
    emails: [person.email],
    ...(person.display_name !== null ? { displayName: person.display_name } : {}),
    ...(person.nick_name !== null ? { nickName: person.nick_name } : {}),
    ...(person.first_name !== null ? { firstName: person.first_name } : {}),
    ...(person.last_name !== null ? { lastName: person.last_name } : {}),
    ...(person.avatar !== null ? { avatar: `${origin}/avatars/${person.avatar}` } : {}),
    orgId: encodeId("ORGANIZATION", person.org_uuid),
    type: person.type,
    created: person.created,
    lastModified: person.last_modified,
    status: "active",
    // As upstream: an administrator's roles (the full administrator's role id).
    ...(person.is_org_admin === 1 ? { roles: [encodeId("ROLE", "id_full_admin")] } : {}),
  };
}

export async function getMe(c: Ctx, me: PersonRow): Promise<Response> {
  return json(personJson(me, c.url.origin));
}

export async function getPerson(c: Ctx): Promise<Response> {
  const uuid = decodeId("PEOPLE", c.params.id!);
  const person = uuid ? await findPerson(c.db, uuid) : null;
  if (!person) throw notFound();
  return json(personJson(person, c.url.origin));
}

const UNAUTHORIZED = "The request requires a valid access token set in the Authorization request header.";

/** What a bearer token stands for: its person, the client it was issued to and its scopes. */
export type TokenAuth = { person: PersonRow; clientId: string; scopes: string[] };

/** The token behind the request; 401 when missing, unknown, expired or revoked. */
export async function authenticateToken(c: Ctx): Promise<TokenAuth> {
  const header = c.request.headers.get("Authorization") ?? "";
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  if (!match) throw new ApiError(401, UNAUTHORIZED);
  // Revoking deletes the token rows, so "revoked" and "unknown" are the same lookup miss.
  const row = await c.db
    .prepare(
      "SELECT p.*, t.client_id AS token_client_id, t.scopes AS token_scopes FROM tokens t JOIN people p ON p.uuid = t.person_uuid WHERE t.token = ? AND t.kind = 'access' AND t.expires_at > ?",
    )
    .bind(match[1]!, Date.now())
    .first<PersonRow & { token_client_id: string; token_scopes: string }>();
  if (!row) throw new ApiError(401, UNAUTHORIZED);
  const { token_client_id: clientId, token_scopes: scopes, ...person } = row;
  return { person, clientId, scopes: scopes.split(/\s+/).filter(Boolean) };
}

/** The person behind the request's bearer token; 401 when missing, unknown, expired or revoked. */
export async function authenticate(c: Ctx): Promise<PersonRow> {
  return (await authenticateToken(c)).person;
}
