// The emulator's demo world: organisations, users, spaces and starting authorizations. Exported so
// the app's tests and e2e can name them instead of repeating literals. Everything here is fixed;
// the parts that depend on the catalogue (bots, integrations) are chosen by the helpers below from
// whatever catalogue was seeded, with deterministic rules.

// --- The hub's own OAuth client (wrangler.toml vars HUB_CLIENT_ID / HUB_CLIENT_SECRET) ---------
export const HUB_CLIENT_ID = "Cc7e229d00fb7e3cda2ddd3f972ac84e3bfce2f94ad3b40cc8438907635cf582a";
export const HUB_CLIENT_SECRET = "app-hub-demo-client-secret";
export const HUB_APPLICATION_NAME = "App Hub";

/**
 * Scopes registered on the hub's ordinary (third-party) integration: what any integration may
 * register. Login asks for a subset; asking for anything else is `invalid_scope`.
 */
export const HUB_REGISTERED_SCOPES = [
  "spark:people_read",
  "spark:rooms_read",
  "spark:rooms_write",
  "spark:memberships_read",
  "spark:memberships_write",
  "spark:messages_read",
  "spark:messages_write",
  "spark:organizations_read",
  "identity:tokens_read",
  "identity:tokens_write",
] as const;

/** Scopes only the platform's own first-party clients can hold. */
export const FIRST_PARTY_ONLY_SCOPES = ["spark:bots_read", "spark:applications_read", "spark:applications_write", "spark:webhooks_read", "spark:webhooks_write"] as const;

// --- The hub as a first-party client (wrangler.toml HUB_FIRST_PARTY_CLIENT_ID / _SECRET) ------
export const HUB_FIRST_PARTY_CLIENT_ID = "C85cc2ff56ca0e4fe376be9e7b038c4a062453d5f1992decf0596e6a6c94c176d";
export const HUB_FIRST_PARTY_CLIENT_SECRET = "app-hub-first-party-demo-secret";
export const HUB_FIRST_PARTY_APPLICATION_NAME = "App Hub (first-party)";
export const HUB_FIRST_PARTY_SCOPES = [...HUB_REGISTERED_SCOPES, ...FIRST_PARTY_ONLY_SCOPES] as const;

/** An application that is not in the catalogue (My Integrations must still list it). */
export const LEGACY_SYNC = {
  clientId: "C07d5105b21d00a8e6fe4d7d06b26d1fd18bf161e3561cba584dc65efd71f0287",
  name: "Legacy Sync",
  secret: "legacy-sync-demo-secret",
  scopes: ["spark:people_read", "spark:messages_read"],
  redirectUri: "https://legacy-sync.example/oauth/callback",
} as const;

// --- The hub's own service bots (docs/decisions/010) ------------------------------------------
/**
 * Bot identities whose access tokens the hub holds as secrets (wrangler.toml vars
 * INCOMING_WEBHOOKS_BOT_TOKEN / OUTGOING_WEBHOOKS_BOT_TOKEN / UPDATES_BOT_TOKEN). The first two post
 * and listen for the hub's Incoming and Outgoing Webhooks apps, whose catalogue records carry the
 * same bot e-mails; the updates bot posts an app's published changes to its followers (issue 16) and
 * is no catalogue app.
 */
export const SERVICE_BOTS = {
  incoming: { email: "incoming-webhooks@lumen.bot", name: "Incoming Webhooks", token: "dev-only-incoming-webhooks-bot-token" },
  outgoing: { email: "outgoing-webhooks@lumen.bot", name: "Outgoing Webhooks", token: "dev-only-outgoing-webhooks-bot-token" },
  updates: { email: "apphub-updates@lumen.bot", name: "App Hub", token: "dev-only-updates-bot-token" },
} as const;

// --- Organisations -----------------------------------------------------------------------------
export const ORGS = {
  /** Allows every bot. */
  acme: { uuid: "8fad74f2-bc0d-4e10-bf5e-3382d45fa722", name: "Acme Corp" },
  /** Disables some catalogue bots: see globexDisabledBotEmails. */
  globex: { uuid: "e54031eb-ffb7-42df-a838-f2311d3519a7", name: "Globex" },
  /** Where the catalogue's bot identities live. */
  partners: { uuid: "ca1791bd-2bf0-4e8f-bc6d-106833fb8172", name: "Catalogue Partners" },
  /**
   * Two small organisations of an admin and a member each, whose app policies nobody else relies on:
   * the organisation-policy e2e story runs in one per project (JavaScript on, off) beside every other
   * spec, which use Acme's people as an open organisation (docs/decisions/048).
   */
  brightwater: { uuid: "9164773e-8c80-49c1-a8f2-fb989b69e428", name: "Brightwater Labs" },
  kestrel: { uuid: "4ab68ae5-e605-4009-b075-b083321800a5", name: "Kestrel Works" },
} as const;
export type OrgKey = keyof typeof ORGS;

// --- Users -------------------------------------------------------------------------------------
export type DemoUser = {
  uuid: string;
  email: string;
  /** Omitted for a user who only has first and last names (the display-name fallback rule). */
  displayName?: string;
  nickName?: string;
  firstName: string;
  lastName: string;
  /** File under /avatars/; absent means the person has no avatar. */
  avatar?: string;
  org: OrgKey;
  isOrgAdmin: boolean;
  created: string;
};

export const USERS = {
  ada: {
    uuid: "0645d2ca-01ab-4895-b4bf-bb6a8af8dd07",
    email: "ada@acme.example",
    displayName: "Ada Admin",
    nickName: "Ada",
    firstName: "Ada",
    lastName: "Admin",
    avatar: "ada.svg",
    org: "acme",
    isOrgAdmin: true,
    created: "2025-01-06T09:00:00.000Z",
  },
  riley: {
    uuid: "e68973e8-4219-4669-b567-666aca9b80fa",
    email: "riley@acme.example",
    displayName: "Riley Regular",
    firstName: "Riley",
    lastName: "Regular",
    avatar: "riley.svg",
    org: "acme",
    isOrgAdmin: false,
    created: "2025-02-03T09:00:00.000Z",
  },
  max: {
    uuid: "9bd218a9-fc39-41d4-b348-1b1aef2de383",
    email: "max@globex.example",
    displayName: "Maximiliana Josephine Featherstonehaugh-Worthington",
    firstName: "Maximiliana",
    lastName: "Featherstonehaugh-Worthington",
    org: "globex",
    isOrgAdmin: false,
    created: "2025-03-10T09:00:00.000Z",
  },
  sam: {
    uuid: "a2b91cd3-cd28-4085-9ca2-254232f42d4c",
    email: "sam@acme.example",
    firstName: "Sam",
    lastName: "Okafor",
    avatar: "sam.svg",
    org: "acme",
    isOrgAdmin: false,
    created: "2025-04-14T09:00:00.000Z",
  },
  nadia: {
    uuid: "89f10574-ce39-4d47-a90d-c7561737dafa",
    email: "nadia@brightwater.example",
    displayName: "Nadia North",
    firstName: "Nadia",
    lastName: "North",
    org: "brightwater",
    isOrgAdmin: true,
    created: "2025-05-05T09:00:00.000Z",
  },
  omar: {
    uuid: "8b99970d-1a08-46a5-a8a3-73d2f4fce809",
    email: "omar@brightwater.example",
    displayName: "Omar Osei",
    firstName: "Omar",
    lastName: "Osei",
    org: "brightwater",
    isOrgAdmin: false,
    created: "2025-05-06T09:00:00.000Z",
  },
  priya: {
    uuid: "637e4a02-c02e-451f-b7bf-b2de33e8f3b8",
    email: "priya@kestrel.example",
    displayName: "Priya Patel",
    firstName: "Priya",
    lastName: "Patel",
    org: "kestrel",
    isOrgAdmin: true,
    created: "2025-05-12T09:00:00.000Z",
  },
  quinn: {
    uuid: "1675827c-8255-4365-9da6-4b5f3489ce72",
    email: "quinn@kestrel.example",
    displayName: "Quinn Quarry",
    firstName: "Quinn",
    lastName: "Quarry",
    org: "kestrel",
    isOrgAdmin: false,
    created: "2025-05-13T09:00:00.000Z",
  },
} satisfies Record<string, DemoUser>;
export type UserKey = keyof typeof USERS;

// --- Spaces ------------------------------------------------------------------------------------
export type DemoRoom = {
  uuid: string;
  /** null for direct rooms (their title is the other member's name). */
  title: string | null;
  type: "direct" | "group";
  members: readonly { user: UserKey; moderator?: boolean }[];
  ownerOrg: OrgKey;
  creator: UserKey;
  created: string;
  lastActivity: string;
  isLocked?: boolean;
  /** The owning organisation refuses new memberships: POST /v1/memberships → 400. */
  isRestricted?: boolean;
  teamUuid?: string;
  description?: string;
  /** The catalogue bot chosen by presentBotEmail() is a member too. */
  withPresentBot?: boolean;
};

export const TEAM_UUID = "bccab592-99d4-49f7-a574-6ff7b4bcc04d";

export const ROOMS = {
  marketingLaunch: {
    uuid: "9661f5a6-d2d6-43a6-89e0-1579bb95f084",
    title: "Marketing Launch",
    type: "group",
    members: [{ user: "riley", moderator: true }, { user: "sam" }],
    ownerOrg: "acme",
    creator: "riley",
    created: "2026-03-02T10:00:00.000Z",
    lastActivity: "2026-06-25T16:30:00.000Z",
  },
  directRileyAda: {
    uuid: "0edd0704-9281-4bfa-93f7-797e6c000c93",
    title: null,
    type: "direct",
    members: [{ user: "riley" }, { user: "ada" }],
    ownerOrg: "acme",
    creator: "ada",
    created: "2026-02-11T08:00:00.000Z",
    lastActivity: "2026-06-22T11:15:00.000Z",
  },
  designTeam: {
    uuid: "128da647-f5af-4c98-9bec-5b2d28545940",
    title: "Design Team",
    type: "group",
    members: [{ user: "ada", moderator: true }, { user: "riley" }],
    ownerOrg: "acme",
    creator: "ada",
    created: "2026-01-20T10:00:00.000Z",
    lastActivity: "2026-06-20T09:45:00.000Z",
    description: "Mock-ups, reviews and the design system.",
  },
  botPlayground: {
    uuid: "b60efb06-044b-4378-a70b-408103ddb0a6",
    title: "Bot Playground",
    type: "group",
    members: [{ user: "riley" }, { user: "ada", moderator: true }],
    ownerOrg: "acme",
    creator: "ada",
    created: "2026-04-01T10:00:00.000Z",
    lastActivity: "2026-06-18T14:00:00.000Z",
    withPresentBot: true,
  },
  companyAnnouncements: {
    uuid: "e3acf5e4-710e-47d3-92b3-de4a019b9fdc",
    title: "Company Announcements",
    type: "group",
    members: [{ user: "ada", moderator: true }, { user: "riley" }, { user: "sam" }],
    ownerOrg: "acme",
    creator: "ada",
    created: "2025-12-01T10:00:00.000Z",
    lastActivity: "2026-06-15T08:00:00.000Z",
    isLocked: true,
    description: "Locked: only moderators add people and apps.",
  },
  partnerBridge: {
    uuid: "fb52ca0c-786d-4621-b696-dfd8a853d873",
    title: "Globex Partner Bridge",
    type: "group",
    members: [{ user: "max", moderator: true }, { user: "riley" }, { user: "ada" }],
    ownerOrg: "globex",
    creator: "max",
    created: "2026-02-20T10:00:00.000Z",
    lastActivity: "2026-06-12T13:00:00.000Z",
    isRestricted: true,
    description: "Owned by Globex, whose policy refuses new members from outside.",
  },
  weeklyStandup: {
    uuid: "4d3c2b1a-5e6f-4a8b-9c0d-1e2f3a4b5c6d",
    title: "Weekly Standup",
    type: "group",
    members: [{ user: "riley" }, { user: "sam", moderator: true }],
    ownerOrg: "acme",
    creator: "sam",
    created: "2026-01-05T10:00:00.000Z",
    lastActivity: "2026-06-10T09:00:00.000Z",
  },
  platformGuild: {
    uuid: "5a6b7c8d-9e0f-4a1b-8c2d-3e4f5a6b7c8d",
    title: "Platform Guild",
    type: "group",
    members: [{ user: "ada", moderator: true }, { user: "riley" }],
    ownerOrg: "acme",
    creator: "ada",
    created: "2025-11-03T10:00:00.000Z",
    lastActivity: "2026-06-05T17:20:00.000Z",
    teamUuid: TEAM_UUID,
    description: "A team space of the Platform team.",
  },
  adminCouncil: {
    uuid: "6b7c8d9e-0f1a-4b2c-8d3e-4f5a6b7c8d9e",
    title: "Admin Council",
    type: "group",
    members: [{ user: "ada", moderator: true }],
    ownerOrg: "acme",
    creator: "ada",
    created: "2026-05-01T10:00:00.000Z",
    lastActivity: "2026-06-08T10:00:00.000Z",
  },
  globexResearch: {
    uuid: "7c8d9e0f-1a2b-4c3d-8e4f-5a6b7c8d9e0f",
    title: "Globex Research",
    type: "group",
    members: [{ user: "max", moderator: true }],
    ownerOrg: "globex",
    creator: "max",
    created: "2026-03-15T10:00:00.000Z",
    lastActivity: "2026-06-21T12:00:00.000Z",
  },
  globexLunchClub: {
    uuid: "8d9e0f1a-2b3c-4d4e-8f5a-6b7c8d9e0f1a",
    title: "Globex Lunch Club",
    type: "group",
    members: [{ user: "max" }],
    ownerOrg: "globex",
    creator: "max",
    created: "2026-04-10T10:00:00.000Z",
    lastActivity: "2026-06-03T12:30:00.000Z",
  },
} satisfies Record<string, DemoRoom>;
export type RoomKey = keyof typeof ROOMS;

/** A few starting messages so spaces are not empty (oldest first). */
export const MESSAGES: { uuid: string; room: RoomKey; from: UserKey; text: string; created: string }[] = [
  { uuid: "1f2e3d4c-5b6a-4978-8a6b-5c4d3e2f1a01", room: "designTeam", from: "ada", text: "Welcome to the design team space!", created: "2026-06-20T09:40:00.000Z" },
  { uuid: "1f2e3d4c-5b6a-4978-8a6b-5c4d3e2f1a02", room: "designTeam", from: "riley", text: "Thanks! Mock-ups coming this week.", created: "2026-06-20T09:45:00.000Z" },
  { uuid: "1f2e3d4c-5b6a-4978-8a6b-5c4d3e2f1a03", room: "directRileyAda", from: "ada", text: "Hi Riley, have you tried App Hub yet?", created: "2026-06-22T11:15:00.000Z" },
  { uuid: "1f2e3d4c-5b6a-4978-8a6b-5c4d3e2f1a04", room: "marketingLaunch", from: "riley", text: "Launch checklist is in the files tab.", created: "2026-06-25T16:30:00.000Z" },
];

// --- The developer-support space (App Hub's /support; docs/decisions/011) ----------------------
/**
 * The bot that adds people to the developer-support space. The hub holds its access token as a
 * secret (wrangler.toml SUPPORT_BOT_TOKEN; this dev-only value is refused in production). It is not
 * a catalogue bot, so the catalogue-dependent rules below never count it.
 */
export const SUPPORT_BOT = {
  uuid: "5e1f0c2a-8d3b-4f6e-9a7c-1b2d3e4f5a6b",
  email: "apphub-support@lumen.bot",
  name: "App Hub Support",
  token: "dev-only-support-bot-token-0123456789",
} as const;

/** The space itself: the support bot moderates it; Ada is already a member (the 409 case). */
export const DEVELOPER_SUPPORT_ROOM = {
  uuid: "3f9a2c1e-7b4d-4e8a-9c6f-2d1b0a9e8f7c",
  /** encodeId("ROOM", uuid): wrangler.toml SUPPORT_SPACE_ID. */
  id: "Y2lzY29zcGFyazovL3VzL1JPT00vM2Y5YTJjMWUtN2I0ZC00ZThhLTljNmYtMmQxYjBhOWU4Zjdj",
  title: "App Hub Developer Support",
  members: ["ada"] as readonly UserKey[],
  ownerOrg: "partners" as OrgKey,
  created: "2025-10-01T10:00:00.000Z",
  lastActivity: "2026-06-01T10:00:00.000Z",
  description: "Ask the App Hub team and other developers about building apps.",
} as const;

// --- Rules that depend on the seeded catalogue -------------------------------------------------
export type ReferenceBot = { email: string; name: string };
export type ReferenceApplication = { clientId: string; name: string };

/** Globex disables every bot whose email starts with this letter... */
export const GLOBEX_DISABLED_BOT_LETTER = "g";
/** ...and the first this-many bots by email. */
export const GLOBEX_DISABLED_FIRST_BOTS = 3;

function byEmail(emails: readonly string[]): string[] {
  return [...emails].map((e) => e.toLowerCase()).sort();
}

/** The catalogue bots that Globex's policy disables (add or DM → 403), sorted by email. */
export function globexDisabledBotEmails(botEmails: readonly string[]): string[] {
  const sorted = byEmail(botEmails);
  return sorted.filter((email, i) => i < GLOBEX_DISABLED_FIRST_BOTS || email.startsWith(GLOBEX_DISABLED_BOT_LETTER));
}

/** The bot already in ROOMS.botPlayground: the first bot by email that Globex does not disable. */
export function presentBotEmail(botEmails: readonly string[]): string | undefined {
  const disabled = new Set(globexDisabledBotEmails(botEmails));
  return byEmail(botEmails).find((email) => !disabled.has(email));
}

// --- Catalogue integrations as registered clients (the demo vendor, workers/platform/vendors.ts) --

/** FNV-1a, 32 bits: a deterministic spread for per-client choices. */
function hash32(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}

const VENDOR_OPTIONAL_SCOPES = ["spark:rooms_read", "spark:messages_read", "spark:messages_write", "spark:memberships_read"] as const;

/**
 * What a catalogue integration registered with the platform, chosen deterministically from its
 * client id: always `spark:people_read`, a varied subset of four more, and `spark:all` for about
 * one in four. Its only redirect URI is the demo vendor's callback on the emulator's own origin
 * (`vendorRedirectUri`), and its secret is known to the demo vendor.
 */
export function vendorRegistration(clientId: string): { scopes: string[]; secret: string; redirectPath: string } {
  const bits = hash32(`vendor:${clientId}`);
  const scopes = ["spark:people_read", ...VENDOR_OPTIONAL_SCOPES.filter((_, i) => bits & (1 << i))];
  if ((bits >>> 8) % 4 === 0) scopes.push("spark:all");
  return { scopes, secret: `vendor-demo-secret-${hash32(`secret:${clientId}`).toString(16).padStart(8, "0")}`, redirectPath: vendorCallbackPath(clientId) };
}

export function vendorCallbackPath(clientId: string): string {
  return `/vendors/${encodeURIComponent(clientId)}/callback`;
}

/** The demo vendor's registered redirect URI on an emulator origin (e.g. http://127.0.0.1:8788). */
export function vendorRedirectUri(origin: string, clientId: string): string {
  return `${origin}${vendorCallbackPath(clientId)}`;
}

export type SeededGrant = { user: UserKey; clientId: string; name: string; scopes: string[]; created: string };

/**
 * Starting authorizations, standing for grants whose codes the vendors have already exchanged:
 * Riley has three catalogue integrations (the first three by clientId) and Legacy Sync; Ada has
 * the fourth. Each grant holds the scopes its client registered.
 */
export function seededGrants(applications: readonly ReferenceApplication[]): SeededGrant[] {
  const sorted = [...applications].sort((a, b) => (a.clientId < b.clientId ? -1 : a.clientId > b.clientId ? 1 : 0));
  const plan: UserKey[] = ["riley", "riley", "riley", "ada"];
  const grants: SeededGrant[] = plan.flatMap((user, i) => {
    const app = sorted[i];
    return app ? [{ user, clientId: app.clientId, name: app.name, scopes: vendorRegistration(app.clientId).scopes, created: `2026-05-0${i + 1}T12:00:00.000Z` }] : [];
  });
  grants.push({ user: "riley", clientId: LEGACY_SYNC.clientId, name: LEGACY_SYNC.name, scopes: [...LEGACY_SYNC.scopes], created: "2025-09-01T12:00:00.000Z" });
  return grants;
}

/** Human-readable scope labels for the consent page (unknown scopes are shown as they are). */
export const SCOPE_LABELS: Record<string, string> = {
  "spark:all": "Full access to your account",
  "spark:kms": "Use your encryption keys to read and write content",
  "spark:people_read": "Read your profile and look up people in your organization",
  "spark:people_write": "Update people's profiles",
  "spark:rooms_read": "List the titles of your spaces",
  "spark:rooms_write": "Create and manage your spaces",
  "spark:memberships_read": "List the people and bots in your spaces",
  "spark:memberships_write": "Add and remove people and bots in your spaces",
  "spark:messages_read": "Read the messages in your spaces",
  "spark:messages_write": "Post and delete messages on your behalf",
  "spark:teams_read": "List your teams",
  "spark:teams_write": "Create and manage your teams",
  "spark:applications_read": "See the applications you have authorized",
  "spark:applications_write": "Remove applications you have authorized",
  "spark:webhooks_read": "List the event subscriptions (webhooks) you created",
  "spark:webhooks_write": "Create and delete event subscriptions (webhooks)",
  "spark:bots_read": "List bots",
  "spark:organizations_read": "Read your organization's details",
  "spark-admin:organizations_read": "Read your organization's details (administrator)",
  "spark-admin:people_read": "Read every person in your organization (administrator)",
  "spark-admin:applications_read": "Read your organization's application policies (administrator)",
  "identity:tokens_read": "See the applications authorized in your organization (administrator)",
  "identity:tokens_write": "Revoke applications authorized in your organization (administrator)",
};
