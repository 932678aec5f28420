// Bindings and vars of the platform emulator Worker (workers/platform/wrangler.toml). Named
// PlatformEnv so it never merges with the marketplace's global `Env`.
interface PlatformEnv {
  DB: D1Database;
  HUB_CLIENT_ID: string;
  HUB_CLIENT_SECRET: string;
  HUB_FIRST_PARTY_CLIENT_ID?: string;
  HUB_FIRST_PARTY_CLIENT_SECRET?: string;
  HUB_REDIRECT_URIS?: string;
  WEBHOOK_FAILURE_LIMIT?: string;
  ACCESS_TOKEN_TTL_SECONDS?: string;
  REFRESH_TOKEN_TTL_SECONDS?: string;
  AUTH_CODE_TTL_SECONDS?: string;
  EMULATOR_CONTROLS?: string;
}
