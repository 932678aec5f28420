import { describe, expect, it } from "vitest";
import { ConfigError, parsePortalConfig, publicConfig } from "./config.server.ts";

const VALID = {
  SERVER_ENVIRONMENT: "development",
  RENDER_ENVIRONMENT_WARNING: "true",
  EMBEDDED_APPS: "true",
  SERVICE_APPS: "true",
  APPS_PAGINATION_LIMIT: "32",
  PRODUCT_NAME: "Lumen",
  PORTAL_URL: "http://127.0.0.1:8787",
  PRODUCTION_PORTAL_URL: "https://apphub.lumen.example",
  DEVELOPER_SITE_URL: "https://developer.lumen.example",
  FREE_TRIAL_URL: "https://www.lumen.example/free-trial",
  IMAGE_PROXY_ALLOW_PRIVATE: "true",
  PLATFORM_API_BASE: "http://127.0.0.1:8788/v1",
  OAUTH_CLIENT_ID: "C0123",
  OAUTH_CLIENT_SECRET: "app-hub-demo-client-secret",
  OAUTH_SCOPES: "spark:people_read  spark:rooms_read spark:memberships_read spark:memberships_write  spark:messages_write",
  PLATFORM_TOKENS_PAGE_URL: "http://127.0.0.1:8788/account/authorized-apps",
  SESSION_SECRETS: "dev-only-new-secret-0123456789, dev-only-old-secret-0123456789",
  INCOMING_WEBHOOKS_BOT_TOKEN: "dev-only-incoming-webhooks-bot-token",
  OUTGOING_WEBHOOKS_BOT_TOKEN: "dev-only-outgoing-webhooks-bot-token",
  UPDATES_BOT_TOKEN: "dev-only-updates-bot-token",
};

/** What production must set (with `wrangler secret put` for the secrets). */
const PRODUCTION = {
  ...VALID,
  SERVER_ENVIRONMENT: "production",
  IMAGE_PROXY_ALLOW_PRIVATE: "false",
  PORTAL_URL: "https://apphub.lumen.example",
  OEMBED_ENDPOINT: "https://vimeo.com/api/oembed.json",
  PLATFORM_API_BASE: "https://webexapis.com/v1",
  PLATFORM_TOKENS_PAGE_URL: "https://settings.lumen.example/account/authorized-apps",
  OAUTH_CLIENT_SECRET: "a-real-client-secret",
  SESSION_SECRETS: "k7D1c9vQ2mX8pL4zR6tY0wN3bF5hJ2sA",
  INCOMING_WEBHOOKS_BOT_TOKEN: "a-real-incoming-bot-token",
  OUTGOING_WEBHOOKS_BOT_TOKEN: "a-real-outgoing-bot-token",
  UPDATES_BOT_TOKEN: "a-real-updates-bot-token",
};

function configError(env: Record<string, unknown>): ConfigError {
  try {
    parsePortalConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error("expected a ConfigError");
}

describe("parsePortalConfig", () => {
  it("parses a valid config (the wrangler.toml vars)", () => {
    expect(parsePortalConfig(VALID)).toEqual({
      url: "http://127.0.0.1:8787",
      serverEnvironment: "development",
      localDevelopment: true,
      renderEnvironmentWarning: true,
      embeddedApps: true,
      serviceApps: true,
      appsPaginationLimit: 32,
      productName: "Lumen",
      productionPortalUrl: "https://apphub.lumen.example",
      developerSiteUrl: "https://developer.lumen.example",
      freeTrialUrl: "https://www.lumen.example/free-trial",
      imageProxyAllowPrivate: true,
      platform: { apiBase: "http://127.0.0.1:8788/v1", timeoutMs: 45_000 },
      deploymentMode: "third-party",
      platformTokensPageUrl: "http://127.0.0.1:8788/account/authorized-apps",
      oauth: {
        clientId: "C0123",
        clientSecret: "app-hub-demo-client-secret",
        scopes: ["spark:people_read", "spark:rooms_read", "spark:memberships_read", "spark:memberships_write", "spark:messages_write"],
      },
      sessionSecrets: ["dev-only-new-secret-0123456789", "dev-only-old-secret-0123456789"],
      sessions: { maxAgeSeconds: 2_592_000, idleTimeoutSeconds: 604_800 },
      cookies: { session: "__session", auth: "__oauth", csrf: "csrf-token" },
      csrfHeader: "X-CSRF-Token",
      supportSpace: null,
      analytics: { endpoint: "/api/analytics", key: "" },
      oembedEndpoint: "https://vimeo.com/api/oembed.json",
      webhooks: {
        incomingBotToken: "dev-only-incoming-webhooks-bot-token",
        outgoingBotToken: "dev-only-outgoing-webhooks-bot-token",
        deliveryTimeoutMs: 10_000,
        retryBaseSeconds: 30,
        allowPrivateTargets: true,
      },
      updates: { botToken: "dev-only-updates-bot-token", retryBaseSeconds: 30 },
      hubAdmins: { emails: [], orgId: null },
    });
  });

  it("reads hub admins: e-mail addresses (lower-cased, comma-separated) and the organisation; refuses a bad address", () => {
    const env = { ...VALID, HUB_ADMIN_EMAILS: " Sam@Acme.example, lee@acme.example ", HUB_ADMIN_ORG_ID: "" };
    expect(parsePortalConfig(env).hubAdmins).toEqual({ emails: ["sam@acme.example", "lee@acme.example"], orgId: null });
    expect(() => parsePortalConfig({ ...env, HUB_ADMIN_EMAILS: "sam@acme.example, not-an-address" })).toThrow(/HUB_ADMIN_EMAILS: "not-an-address" is not an e-mail address/);
  });

  it("reads the analytics endpoint and key and the oEmbed endpoint", () => {
    const config = parsePortalConfig({
      ...VALID,
      ANALYTICS_ENDPOINT: "https://metrics.lumen.example/collect",
      ANALYTICS_KEY: "apphub-web",
      OEMBED_ENDPOINT: "http://127.0.0.1:8788/oembed",
    });
    expect(config.analytics).toEqual({ endpoint: "https://metrics.lumen.example/collect", key: "apphub-web" });
    expect(config.oembedEndpoint).toBe("http://127.0.0.1:8788/oembed");
  });

  it("turns the flags off for the text false", () => {
    const config = parsePortalConfig({
      ...VALID,
      RENDER_ENVIRONMENT_WARNING: "false",
      EMBEDDED_APPS: "false",
      SERVICE_APPS: "false",
      IMAGE_PROXY_ALLOW_PRIVATE: "false",
    });
    expect(config).toMatchObject({
      renderEnvironmentWarning: false,
      embeddedApps: false,
      serviceApps: false,
      imageProxyAllowPrivate: false,
    });
  });

  it("refuses private image-proxy targets by default", () => {
    const { IMAGE_PROXY_ALLOW_PRIVATE: _omit, ...rest } = VALID;
    expect(parsePortalConfig(rest).imageProxyAllowPrivate).toBe(false);
  });

  it("ignores unknown vars (bindings, LOG_LEVEL)", () => {
    expect(() => parsePortalConfig({ ...VALID, LOG_LEVEL: "warn", DB: {}, KV: {} })).not.toThrow();
  });

  it.each(["TRUE", "True", "1", "yes", "on", " true", "true ", "", "false"])('embeddedApps is only true for the exact text "true", not %j', (value) => {
    expect(parsePortalConfig({ ...VALID, EMBEDDED_APPS: value }).embeddedApps).toBe(false);
  });

  it("reads the page size from APPS_PAGINATION_LIMIT", () => {
    expect(parsePortalConfig({ ...VALID, APPS_PAGINATION_LIMIT: "12" }).appsPaginationLimit).toBe(12);
  });

  it("reads the session lifetimes (defaults: 30 days absolute, 7 days idle) and refuses nonsense", () => {
    expect(parsePortalConfig({ ...VALID, SESSION_MAX_AGE_SECONDS: "3600", SESSION_IDLE_TIMEOUT_SECONDS: "600" }).sessions).toEqual({
      maxAgeSeconds: 3600,
      idleTimeoutSeconds: 600,
    });
    for (const [key, value] of [
      ["SESSION_MAX_AGE_SECONDS", "0"],
      ["SESSION_MAX_AGE_SECONDS", "ten days"],
      ["SESSION_IDLE_TIMEOUT_SECONDS", "59"],
      ["SESSION_IDLE_TIMEOUT_SECONDS", "1.5"],
    ]) {
      expect(configError({ ...VALID, [key!]: value }).message).toContain(key);
    }
  });

  it("knows production", () => {
    const config = parsePortalConfig(PRODUCTION);
    expect(config.localDevelopment).toBe(false);
    expect(config.serverEnvironment).toBe("production");
  });

  // Issue 12 item 8: strict is the default; only an explicit "development" relaxes anything.
  it.each(["staging", "test", "integration", "production"])("%s is as strict as production", (environment) => {
    const error = configError({ ...VALID, SERVER_ENVIRONMENT: environment });
    for (const name of ["IMAGE_PROXY_ALLOW_PRIVATE", "SESSION_SECRETS", "OAUTH_CLIENT_SECRET", "PORTAL_URL", "PLATFORM_API_BASE", "INCOMING_WEBHOOKS_BOT_TOKEN"]) {
      expect(error.message).toContain(`${name}:`);
    }
    const config = parsePortalConfig({ ...PRODUCTION, SERVER_ENVIRONMENT: environment });
    expect(config).toMatchObject({ localDevelopment: false, imageProxyAllowPrivate: false, webhooks: { allowPrivateTargets: false } });
  });

  it("refuses the emulator's demo client id outside development", () => {
    expect(configError({ ...PRODUCTION, OAUTH_CLIENT_ID: "Cc7e229d00fb7e3cda2ddd3f972ac84e3bfce2f94ad3b40cc8438907635cf582a" }).message).toContain("OAUTH_CLIENT_ID");
  });

  it.each<[string, unknown]>([
    ["SERVER_ENVIRONMENT", "local"],
    ["SERVER_ENVIRONMENT", undefined],
    ["RENDER_ENVIRONMENT_WARNING", "yes"],
    ["SERVICE_APPS", "TRUE"],
    ["SERVICE_APPS", undefined],
    ["APPS_PAGINATION_LIMIT", "zero"],
    ["APPS_PAGINATION_LIMIT", "0"],
    ["APPS_PAGINATION_LIMIT", "-1"],
    ["APPS_PAGINATION_LIMIT", "2.5"],
    ["APPS_PAGINATION_LIMIT", "1000"],
    ["PRODUCT_NAME", ""],
    ["PORTAL_URL", "not a url"],
    ["PRODUCTION_PORTAL_URL", "apphub.example"],
    ["DEVELOPER_SITE_URL", undefined],
    ["FREE_TRIAL_URL", "free trial"],
    ["IMAGE_PROXY_ALLOW_PRIVATE", "maybe"],
    ["ANALYTICS_ENDPOINT", "api/analytics"],
    ["ANALYTICS_ENDPOINT", "//evil.example/collect"],
    ["ANALYTICS_KEY", "has spaces"],
    ["OEMBED_ENDPOINT", "vimeo oembed"],
  ])("fails with an error naming %s when it is %j", (name, value) => {
    const env: Record<string, unknown> = { ...VALID, [name]: value };
    if (value === undefined) delete env[name];
    const error = configError(env);
    expect(error.message).toContain(name);
    // Only the bad variable is named.
    for (const other of Object.keys(VALID)) {
      if (other !== name) expect(error.message).not.toMatch(new RegExp(`(?<![A-Z_])${other}:`));
    }
  });

  it("names every bad variable when several are wrong", () => {
    const error = configError({ ...VALID, APPS_PAGINATION_LIMIT: "zero", PORTAL_URL: "nope" });
    expect(error.message).toContain("APPS_PAGINATION_LIMIT");
    expect(error.message).toContain("PORTAL_URL");
  });

  it("accepts real secrets in production", () => {
    expect(parsePortalConfig(PRODUCTION).localDevelopment).toBe(false);
  });

  it("lets outgoing webhooks call private addresses only outside production", () => {
    expect(parsePortalConfig(VALID).webhooks).toMatchObject({ allowPrivateTargets: true, retryBaseSeconds: 30 });
    expect(parsePortalConfig(PRODUCTION).webhooks.allowPrivateTargets).toBe(false);
  });

  it.each([
    ["SESSION_SECRETS", "dev-only-session-secret-change-me-0123456789"],
    ["SESSION_SECRETS", "short"],
    ["OAUTH_CLIENT_SECRET", "app-hub-demo-client-secret"],
    ["PLATFORM_API_BASE", "http://platform.example/v1"],
    ["OEMBED_ENDPOINT", "http://127.0.0.1:8788/oembed"],
    ["PORTAL_URL", "http://apphub.lumen.example"],
    ["ANALYTICS_ENDPOINT", "http://metrics.example/collect"],
    ["INCOMING_WEBHOOKS_BOT_TOKEN", "dev-only-incoming-webhooks-bot-token"],
    ["OUTGOING_WEBHOOKS_BOT_TOKEN", "dev-only-outgoing-webhooks-bot-token"],
    ["UPDATES_BOT_TOKEN", "dev-only-updates-bot-token"],
  ])("refuses %s=%j in production", (name, value) => {
    expect(configError({ ...PRODUCTION, [name]: value }).message).toContain(name);
  });

  it("refuses IMAGE_PROXY_ALLOW_PRIVATE=true in production", () => {
    const error = configError({ ...VALID, SERVER_ENVIRONMENT: "production", IMAGE_PROXY_ALLOW_PRIVATE: "true" });
    expect(error.message).toContain("IMAGE_PROXY_ALLOW_PRIVATE");
    expect(error.message).toMatch(/production/);
  });
});

describe("publicConfig", () => {
  it("exposes only what the browser may see", () => {
    const pub = publicConfig(parsePortalConfig(VALID));
    expect(Object.keys(pub).sort()).toEqual(
      [
        "analytics",
        "csrfCookie",
        "csrfHeader",
        "developerSiteUrl",
        "embeddedApps",
        "freeTrialUrl",
        "productName",
        "productionPortalUrl",
        "renderEnvironmentWarning",
        "serverEnvironment",
        "serviceApps",
      ].sort(),
    );
    expect(pub).not.toHaveProperty("imageProxyAllowPrivate");
    expect(JSON.stringify(pub)).not.toContain("secret");
    expect(pub.analytics).toEqual({ endpoint: "/api/analytics", key: "" });
  });
});

describe("the developer-support space (SUPPORT_SPACE_ID, SUPPORT_BOT_TOKEN)", () => {
  const SUPPORT = { SUPPORT_SPACE_ID: "Y2lzY29zcGFyazovL3VzL1JPT00vMTIz", SUPPORT_BOT_TOKEN: "dev-only-support-bot-token-0123456789" };

  it("is set from both vars, and unset when either is missing or empty", () => {
    expect(parsePortalConfig({ ...VALID, ...SUPPORT }).supportSpace).toEqual({ roomId: SUPPORT.SUPPORT_SPACE_ID, botToken: SUPPORT.SUPPORT_BOT_TOKEN });
    expect(parsePortalConfig(VALID).supportSpace).toBeNull();
    expect(parsePortalConfig({ ...VALID, ...SUPPORT, SUPPORT_BOT_TOKEN: "" }).supportSpace).toBeNull();
    expect(parsePortalConfig({ ...VALID, SUPPORT_BOT_TOKEN: SUPPORT.SUPPORT_BOT_TOKEN }).supportSpace).toBeNull();
  });

  it("refuses a room id that is not a platform id", () => {
    expect(configError({ ...VALID, ...SUPPORT, SUPPORT_SPACE_ID: "not a room" }).message).toContain("SUPPORT_SPACE_ID");
  });

  it("refuses the dev-only bot token in production, and never shows the token to the browser", () => {
    expect(configError({ ...PRODUCTION, ...SUPPORT }).message).toContain("SUPPORT_BOT_TOKEN");
    expect(parsePortalConfig({ ...PRODUCTION, ...SUPPORT, SUPPORT_BOT_TOKEN: "a-real-bot-token" }).supportSpace?.botToken).toBe("a-real-bot-token");
    expect(JSON.stringify(publicConfig(parsePortalConfig({ ...VALID, ...SUPPORT })))).not.toContain(SUPPORT.SUPPORT_BOT_TOKEN);
  });
});

// Issue 13: an ordinary integration (third-party, the default) can only ask for registrable scopes;
// the first-party mode needs the tokens scopes that list and revoke a person's own grants.
describe("deployment modes (DEPLOYMENT_MODE, OAUTH_SCOPES, PLATFORM_TOKENS_PAGE_URL)", () => {
  const SESSION = "spark:people_read spark:rooms_read spark:memberships_read spark:memberships_write spark:messages_write";
  const FIRST_PARTY = { ...VALID, DEPLOYMENT_MODE: "first-party", OAUTH_SCOPES: `${SESSION} identity:tokens_read identity:tokens_write spark:bots_read` };
  /** The spec's §6 list as wrangler.toml used to carry it: a first-party marketplace's. */
  const OLD_SECTION_6 =
    "spark:bots_read spark:people_read spark:people_write spark:rooms_read spark:rooms_write spark:applications_read spark:applications_write spark:messages_read spark:messages_write spark:webhooks_read spark:webhooks_write spark:organizations_read spark:memberships_read spark:memberships_write Identity:one_time_password";

  it("is third-party by default, and reads first-party", () => {
    expect(parsePortalConfig(VALID).deploymentMode).toBe("third-party");
    expect(parsePortalConfig(FIRST_PARTY).deploymentMode).toBe("first-party");
    expect(configError({ ...VALID, DEPLOYMENT_MODE: "marketplace" }).message).toContain("DEPLOYMENT_MODE");
  });

  it("third-party refuses the scopes an ordinary integration cannot register, each named with what to do", () => {
    const message = configError({ ...VALID, OAUTH_SCOPES: OLD_SECTION_6 }).message;
    for (const scope of [
      "spark:bots_read",
      "spark:applications_read",
      "spark:applications_write",
      "spark:webhooks_read",
      "spark:webhooks_write",
      "Identity:one_time_password",
      "spark:people_write",
    ]) {
      expect(message).toContain(scope);
    }
    expect(message).toContain("OAUTH_SCOPES:");
    expect(message).toContain("DEPLOYMENT_MODE");
    // What is registrable passes.
    expect(message).not.toMatch(/spark:rooms_read[ ,;]/);
    expect(configError({ ...VALID, OAUTH_SCOPES: "spark:people_read spark:made_up" }).message).toMatch(/OAUTH_SCOPES:.*spark:made_up/);
  });

  it("third-party accepts the registrable set, with or without the tokens scopes", () => {
    expect(
      parsePortalConfig({ ...VALID, OAUTH_SCOPES: "spark:people_read spark:rooms_read spark:memberships_read spark:memberships_write spark:messages_write" }).oauth.scopes,
    ).toHaveLength(5);
    expect(parsePortalConfig({ ...VALID, OAUTH_SCOPES: `${SESSION} identity:tokens_read` }).oauth.scopes).toContain("identity:tokens_read");
  });

  // Issue 27: the platform refuses each call whose scope the token lacks, so too few scopes is
  // refused at startup as too many are (test/platform/strict.test.ts: each is really needed).
  it("refuses an OAUTH_SCOPES without a scope the hub's calls need, naming the scope and the call, in both modes", () => {
    for (const mode of ["third-party", "first-party"]) {
      for (const dropped of SESSION.split(" ")) {
        const scopes = `${SESSION} identity:tokens_read identity:tokens_write`.replace(dropped, "");
        const message = configError({ ...VALID, DEPLOYMENT_MODE: mode, OAUTH_SCOPES: scopes }).message;
        expect(message, `${mode} without ${dropped}`).toMatch(new RegExp(`OAUTH_SCOPES: the hub needs ${dropped} for .*; add them`));
      }
    }
    expect(configError({ ...VALID, OAUTH_SCOPES: "spark:people_read" }).message).toContain(
      "spark:rooms_read, spark:memberships_read, spark:memberships_write, spark:messages_write",
    );
    // spark:all covers every spark: scope.
    expect(parsePortalConfig({ ...VALID, OAUTH_SCOPES: "spark:all" }).oauth.scopes).toEqual(["spark:all"]);
  });

  it("first-party needs identity:tokens_read and identity:tokens_write, and may ask for the first-party scopes", () => {
    expect(parsePortalConfig(FIRST_PARTY).oauth.scopes).toContain("spark:bots_read");
    const missing = configError({ ...FIRST_PARTY, OAUTH_SCOPES: `${SESSION} identity:tokens_read` }).message;
    expect(missing).toContain("identity:tokens_write");
    expect(missing).toContain("OAUTH_SCOPES:");
    expect(configError({ ...FIRST_PARTY, OAUTH_SCOPES: `${FIRST_PARTY.OAUTH_SCOPES} Identity:one_time_password` }).message).toContain("Identity:one_time_password");
  });

  it("needs the platform's own page for managing grants: a URL, https outside development", () => {
    expect(configError({ ...VALID, PLATFORM_TOKENS_PAGE_URL: "" }).message).toContain("PLATFORM_TOKENS_PAGE_URL");
    expect(configError({ ...PRODUCTION, PLATFORM_TOKENS_PAGE_URL: "http://127.0.0.1:8788/account/authorized-apps" }).message).toContain("PLATFORM_TOKENS_PAGE_URL");
    expect(parsePortalConfig(PRODUCTION).platformTokensPageUrl).toBe("https://settings.lumen.example/account/authorized-apps");
  });

  it("production refuses first-party mode unless it is acknowledged as the platform operator's own deployment", () => {
    const firstParty = { ...PRODUCTION, DEPLOYMENT_MODE: "first-party", OAUTH_SCOPES: FIRST_PARTY.OAUTH_SCOPES, OAUTH_CLIENT_ID: "C0123real" };
    const message = configError(firstParty).message;
    expect(message).toContain("DEPLOYMENT_MODE:");
    expect(message).toContain("platform operator's own deployment");
    expect(message).toContain('FIRST_PARTY_ACKNOWLEDGED="true"');
    expect(configError({ ...firstParty, FIRST_PARTY_ACKNOWLEDGED: "false" }).message).toContain("DEPLOYMENT_MODE:");
    expect(parsePortalConfig({ ...firstParty, FIRST_PARTY_ACKNOWLEDGED: "true" }).deploymentMode).toBe("first-party");
    // Third-party needs no acknowledgement; local development tries first-party against the emulator freely.
    expect(parsePortalConfig(PRODUCTION).deploymentMode).toBe("third-party");
    expect(parsePortalConfig(FIRST_PARTY).deploymentMode).toBe("first-party");
  });

  it("production refuses the emulator's first-party demo client id and secret", () => {
    const error = configError({
      ...PRODUCTION,
      DEPLOYMENT_MODE: "first-party",
      OAUTH_SCOPES: FIRST_PARTY.OAUTH_SCOPES,
      OAUTH_CLIENT_ID: "C85cc2ff56ca0e4fe376be9e7b038c4a062453d5f1992decf0596e6a6c94c176d",
      OAUTH_CLIENT_SECRET: "app-hub-first-party-demo-secret",
    });
    expect(error.message).toContain("OAUTH_CLIENT_ID:");
    expect(error.message).toContain("OAUTH_CLIENT_SECRET:");
  });
});
