// Builds the SQL that puts the emulator's D1 in its demo state. Shared by scripts/seed-platform.mjs
// (written to a .sql file for wrangler), the test harness and POST /_emulator/reset (run as a D1
// batch), so all three produce exactly the same world. Plain TypeScript with erasable syntax only:
// Node runs it directly.
import {
  HUB_APPLICATION_NAME,
  HUB_CLIENT_ID,
  HUB_CLIENT_SECRET,
  HUB_FIRST_PARTY_APPLICATION_NAME,
  HUB_FIRST_PARTY_CLIENT_ID,
  HUB_FIRST_PARTY_CLIENT_SECRET,
  HUB_FIRST_PARTY_SCOPES,
  HUB_REGISTERED_SCOPES,
  LEGACY_SYNC,
  MESSAGES,
  ORGS,
  ROOMS,
  SERVICE_BOTS,
  USERS,
  globexDisabledBotEmails,
  presentBotEmail,
  seededGrants,
  vendorRegistration,
} from "./demo-data.ts";
import type { DemoRoom, DemoUser, ReferenceApplication, ReferenceBot } from "./demo-data.ts";
import { DEVELOPER_SUPPORT_ROOM, SUPPORT_BOT } from "./demo-data.ts";
import { stableUuid } from "./ids.ts";

export type SqlValue = string | number | null;
export type SeedStatement = { sql: string; params: SqlValue[] };

/** Reference data from the catalogue: its bots and integrations. Reset leaves these alone. */
export type PlatformReference = { bots: ReferenceBot[]; applications: ReferenceApplication[] };

/** The reference data of a catalogue file (`CatalogueFile` from app/models/catalogue-record.ts). */
export function referenceFromCatalogue(catalogue: { apps: readonly { type: string; name: string; botEmail: string | null; clientId: string | null }[] }): PlatformReference {
  const bots = new Map<string, ReferenceBot>();
  const applications = new Map<string, ReferenceApplication>();
  for (const app of catalogue.apps) {
    if (app.type === "bot" && app.botEmail) bots.set(app.botEmail.toLowerCase(), { email: app.botEmail.toLowerCase(), name: app.name });
    if (app.type === "integration" && app.clientId) applications.set(app.clientId, { clientId: app.clientId, name: app.name });
  }
  return { bots: [...bots.values()], applications: [...applications.values()] };
}

/** The bot identity's person uuid: stable per email, so ids survive a re-seed. */
export function botUuid(email: string): string {
  return stableUuid(`bot:${email.toLowerCase()}`);
}

const REFERENCE_CREATED = "2025-01-01T00:00:00.000Z";

/** Upserts the catalogue's bot identities and integration applications. */
export function referenceStatements(reference: PlatformReference): SeedStatement[] {
  const out: SeedStatement[] = [];
  // The service bots exist even when the catalogue is too small to list their apps.
  const bots = new Map<string, ReferenceBot>(Object.values(SERVICE_BOTS).map((b) => [b.email, { email: b.email, name: b.name }]));
  for (const bot of reference.bots) bots.set(bot.email.toLowerCase(), bot);
  for (const bot of bots.values()) {
    out.push({
      sql:
        "INSERT OR REPLACE INTO people (uuid, email, display_name, nick_name, first_name, last_name, avatar, org_uuid, type, is_org_admin, created, last_modified) " +
        "VALUES (?, ?, ?, NULL, NULL, NULL, 'bot.svg', ?, 'bot', 0, ?, ?)",
      params: [botUuid(bot.email), bot.email.toLowerCase(), bot.name, ORGS.partners.uuid, REFERENCE_CREATED, REFERENCE_CREATED],
    });
  }
  // Each catalogue integration is registered like a vendor's client: its scopes, its secret (the
  // demo vendor knows it) and the demo vendor's callback on the emulator's origin as redirect URI.
  for (const app of reference.applications) {
    const registration = vendorRegistration(app.clientId);
    out.push({
      sql: "INSERT OR REPLACE INTO applications (client_id, name, kind, client_secret, scopes, redirect_uris, first_party, created) " + "VALUES (?, ?, 'catalogue', ?, ?, ?, 0, ?)",
      params: [app.clientId, app.name, registration.secret, registration.scopes.join(" "), registration.redirectPath, REFERENCE_CREATED],
    });
  }
  return out;
}

/** Tables the API changes; reset empties them (and the demo rows) before re-inserting the demo. */
const MUTABLE_TABLES = ["vendor_states", "tokens", "auth_codes", "authorizations", "rooms", "memberships", "messages", "webhooks", "faults", "org_disabled_bots", "orgs"];

/**
 * The demo world on top of the reference data: orgs, users, the hub and Legacy Sync clients,
 * Globex's bot policy, spaces, memberships, messages and starting authorizations.
 */
export function demoStatements(reference: PlatformReference): SeedStatement[] {
  const out: SeedStatement[] = MUTABLE_TABLES.map((table) => ({ sql: `DELETE FROM ${table}`, params: [] }));
  out.push({ sql: "DELETE FROM people WHERE type = 'person'", params: [] });
  out.push({ sql: "DELETE FROM applications WHERE kind <> 'catalogue'", params: [] });

  for (const org of Object.values(ORGS)) {
    out.push({ sql: "INSERT INTO orgs (uuid, name, created) VALUES (?, ?, ?)", params: [org.uuid, org.name, REFERENCE_CREATED] });
  }
  for (const user of Object.values(USERS) as DemoUser[]) {
    out.push({
      sql:
        "INSERT OR REPLACE INTO people (uuid, email, display_name, nick_name, first_name, last_name, avatar, org_uuid, type, is_org_admin, created, last_modified) " +
        "VALUES (?, ?, ?, ?, ?, ?, ?, ?, 'person', ?, ?, ?)",
      params: [
        user.uuid,
        user.email,
        user.displayName ?? null,
        user.nickName ?? null,
        user.firstName,
        user.lastName,
        user.avatar ?? null,
        ORGS[user.org].uuid,
        user.isOrgAdmin ? 1 : 0,
        user.created,
        user.created,
      ],
    });
  }
  // The hub's two clients (their ids and secrets can also come from vars: oauth.ts) and Legacy Sync.
  // The hub's redirect URIs are not stored here: HUB_REDIRECT_URIS and registered_redirect_uris (oauth.ts).
  const insertApp = "INSERT OR REPLACE INTO applications (client_id, name, kind, client_secret, scopes, redirect_uris, first_party, created) VALUES (?, ?, ?, ?, ?, ?, ?, ?)";
  out.push({ sql: insertApp, params: [HUB_CLIENT_ID, HUB_APPLICATION_NAME, "hub", HUB_CLIENT_SECRET, HUB_REGISTERED_SCOPES.join(" "), "", 0, REFERENCE_CREATED] });
  out.push({
    sql: insertApp,
    params: [HUB_FIRST_PARTY_CLIENT_ID, HUB_FIRST_PARTY_APPLICATION_NAME, "hub", HUB_FIRST_PARTY_CLIENT_SECRET, HUB_FIRST_PARTY_SCOPES.join(" "), "", 1, REFERENCE_CREATED],
  });
  out.push({
    sql: insertApp,
    params: [LEGACY_SYNC.clientId, LEGACY_SYNC.name, "other", LEGACY_SYNC.secret, LEGACY_SYNC.scopes.join(" "), LEGACY_SYNC.redirectUri, 0, REFERENCE_CREATED],
  });

  // After a reset the reference is read back from every bot row, which includes the support and
  // updates bots: they are no catalogue bots, so the catalogue rules must not count them.
  const notCatalogue = new Set<string>([SUPPORT_BOT.email, SERVICE_BOTS.updates.email]);
  const botEmails = reference.bots.map((b) => b.email).filter((email) => !notCatalogue.has(email));
  for (const email of globexDisabledBotEmails(botEmails)) {
    out.push({ sql: "INSERT INTO org_disabled_bots (org_uuid, bot_email) VALUES (?, ?)", params: [ORGS.globex.uuid, email] });
  }

  const presentBot = presentBotEmail(botEmails);
  for (const room of Object.values(ROOMS) as DemoRoom[]) {
    out.push({
      sql:
        "INSERT INTO rooms (uuid, title, type, is_locked, is_restricted, is_announcement_only, team_uuid, creator_uuid, owner_org_uuid, description, created, last_activity) " +
        "VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?, ?, ?, ?)",
      params: [
        room.uuid,
        room.title,
        room.type,
        room.isLocked ? 1 : 0,
        room.isRestricted ? 1 : 0,
        room.teamUuid ?? null,
        USERS[room.creator].uuid,
        ORGS[room.ownerOrg].uuid,
        room.description ?? null,
        room.created,
        room.lastActivity,
      ],
    });
    for (const member of room.members) {
      out.push({
        sql: "INSERT INTO memberships (person_uuid, room_uuid, is_moderator, created) VALUES (?, ?, ?, ?)",
        params: [USERS[member.user].uuid, room.uuid, member.moderator ? 1 : 0, room.created],
      });
    }
    if (room.withPresentBot && presentBot) {
      out.push({
        sql: "INSERT INTO memberships (person_uuid, room_uuid, is_moderator, created) VALUES (?, ?, 0, ?)",
        params: [botUuid(presentBot), room.uuid, room.created],
      });
    }
  }
  out.push(...developerSupportStatements());
  for (const message of MESSAGES) {
    out.push({
      sql: "INSERT INTO messages (uuid, room_uuid, person_uuid, text, mentioned, created) VALUES (?, ?, ?, ?, '[]', ?)",
      params: [message.uuid, ROOMS[message.room].uuid, USERS[message.from].uuid, message.text, message.created],
    });
  }
  // The service bots' tokens never expire here (upstream, bot tokens are long-lived).
  for (const bot of Object.values(SERVICE_BOTS)) {
    out.push({
      sql: "INSERT INTO tokens (token, kind, person_uuid, client_id, scopes, from_code, expires_at, created) VALUES (?, 'access', ?, 'service-bot', 'spark:all', NULL, ?, ?)",
      params: [bot.token, botUuid(bot.email), 32503680000000, REFERENCE_CREATED],
    });
  }
  for (const grant of seededGrants(reference.applications)) {
    out.push({
      sql: "INSERT INTO authorizations (uuid, person_uuid, client_id, scopes, created) VALUES (?, ?, ?, ?, ?)",
      params: [stableUuid(`authorization:${grant.user}:${grant.clientId}`), USERS[grant.user].uuid, grant.clientId, grant.scopes.join(" "), grant.created],
    });
  }
  return out;
}

/**
 * The developer-support space of App Hub's /support: the support bot (moderator), its long-lived
 * access token (bot tokens do not expire upstream either), the space, and Ada as a member.
 */
function developerSupportStatements(): SeedStatement[] {
  const room = DEVELOPER_SUPPORT_ROOM;
  return [
    {
      sql:
        "INSERT OR REPLACE INTO people (uuid, email, display_name, nick_name, first_name, last_name, avatar, org_uuid, type, is_org_admin, created, last_modified) " +
        "VALUES (?, ?, ?, NULL, NULL, NULL, 'bot.svg', ?, 'bot', 0, ?, ?)",
      params: [SUPPORT_BOT.uuid, SUPPORT_BOT.email, SUPPORT_BOT.name, ORGS.partners.uuid, REFERENCE_CREATED, REFERENCE_CREATED],
    },
    {
      sql: "INSERT INTO tokens (token, kind, person_uuid, client_id, scopes, from_code, expires_at, created) VALUES (?, 'access', ?, 'support-bot', 'spark:all', NULL, ?, ?)",
      params: [SUPPORT_BOT.token, SUPPORT_BOT.uuid, Date.UTC(3000, 0, 1), REFERENCE_CREATED],
    },
    {
      sql:
        "INSERT INTO rooms (uuid, title, type, is_locked, is_restricted, is_announcement_only, team_uuid, creator_uuid, owner_org_uuid, description, created, last_activity) " +
        "VALUES (?, ?, 'group', 0, 0, 0, NULL, ?, ?, ?, ?, ?)",
      params: [room.uuid, room.title, SUPPORT_BOT.uuid, ORGS[room.ownerOrg].uuid, room.description, room.created, room.lastActivity],
    },
    {
      sql: "INSERT INTO memberships (person_uuid, room_uuid, is_moderator, created) VALUES (?, ?, 1, ?)",
      params: [SUPPORT_BOT.uuid, room.uuid, room.created],
    },
    ...room.members.map((user) => ({
      sql: "INSERT INTO memberships (person_uuid, room_uuid, is_moderator, created) VALUES (?, ?, 0, ?)",
      params: [USERS[user].uuid, room.uuid, room.created],
    })),
  ];
}

/** Everything: reference data, then the demo world. */
export function seedStatements(reference: PlatformReference): SeedStatement[] {
  return [...referenceStatements(reference), ...demoStatements(reference)];
}
