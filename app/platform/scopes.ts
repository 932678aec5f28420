// What the hub does with a person's own token, and so which scopes its login must ask for. The
// platform refuses a call whose token lacks the scope (docs/platform-api.md "Scopes per call"; the
// emulator enforces the same table, workers/platform/scopes.ts), so a login without one of these
// would break that call for everybody. The startup check (app/lib/config.server.ts) refuses an
// OAUTH_SCOPES without them, and test/platform/strict.test.ts proves each is needed.
export const HUB_SESSION_CALLS = {
  "spark:people_read": "GET /people/me at login (who the person is)",
  "spark:rooms_read": "GET /rooms (the spaces to add a bot or a webhook to)",
  "spark:memberships_read": "GET /memberships (locked spaces the person moderates; whether a bot is in a space, for reviews)",
  "spark:memberships_write": "POST /memberships (adding a bot, or a webhook's bot, to a space)",
  "spark:messages_write": "POST /messages (the first direct message to a bot, sent as the person)",
} as const;

export const HUB_SESSION_SCOPES = Object.keys(HUB_SESSION_CALLS) as (keyof typeof HUB_SESSION_CALLS)[];
