// Portal config (spec §3) from the Worker's vars, validated once per isolate (portalConfigFor).
import { z } from "zod";
import { HUB_SESSION_CALLS, HUB_SESSION_SCOPES } from "~/platform/scopes";

const flag = z.enum(["true", "false"]);
const url = z.string().url();
/** A cookie name as config may set it (spec §9): letters, digits, `_` and `-`. */
const cookieName = z.string().regex(/^[A-Za-z0-9_-]+$/);
/** A session lifetime in seconds: at least a minute (KV cannot expire an entry sooner), at most 400 days. */
const sessionLifetimeSeconds = (fallback: number) =>
  z.coerce
    .number()
    .int()
    .min(60)
    .max(400 * 24 * 3600)
    .default(fallback);

/** An optional var: absent or empty means unset. */
const unsetWhenEmpty = <T extends z.ZodTypeAny>(schema: T) => z.preprocess((v) => (v === "" ? undefined : v), schema.optional());

const envSchema = z.object({
  SERVER_ENVIRONMENT: z.enum(["development", "test", "integration", "staging", "production"]),
  RENDER_ENVIRONMENT_WARNING: flag,
  EMBEDDED_APPS: z.string(),
  SERVICE_APPS: flag,
  APPS_PAGINATION_LIMIT: z.coerce.number().int().min(1).max(100),
  PRODUCT_NAME: z.string().min(1),
  PORTAL_URL: url,
  PRODUCTION_PORTAL_URL: url,
  DEVELOPER_SITE_URL: url,
  FREE_TRIAL_URL: url,
  IMAGE_PROXY_ALLOW_PRIVATE: flag.default("false"),
  // The messaging platform (spec §7): production's real API, the emulator (workers/platform/) locally.
  PLATFORM_API_BASE: url.refine((v) => !v.endsWith("/"), "must not end with /"),
  /** Spec §9: the API client gives the platform 45 s; tests shorten it to exercise the time-out page. */
  PLATFORM_TIMEOUT_MS: z.coerce.number().int().min(100).max(45_000).default(45_000),
  OAUTH_CLIENT_ID: z.string().min(1),
  OAUTH_CLIENT_SECRET: z.string().min(1),
  /**
   * Space-separated scopes asked for at login. Checked against DEPLOYMENT_MODE (scopeProblems):
   * an ordinary integration can only ask for what it can register (docs/decisions/016).
   */
  OAUTH_SCOPES: z.string().min(1),
  /**
   * "third-party" (the default): the hub's client is an ordinary integration. "first-party": it is
   * the platform's own client, registered with the privileged scopes (README "Deployment modes").
   */
  DEPLOYMENT_MODE: unsetWhenEmpty(z.enum(["third-party", "first-party"])).transform((v) => v ?? "third-party"),
  /**
   * "true" only in the platform operator's own deployment: outside development, first-party mode
   * is refused without it (issue 27; docs/decisions/016 "Only the platform's own deployment").
   */
  FIRST_PARTY_ACKNOWLEDGED: flag.default("false"),
  /**
   * The platform's own page where people manage (and revoke) the grants they gave integrations;
   * for the public platform (webexapis.com) the page its API reference sends regular users to,
   * https://idbroker.webex.com/idb/profile#/tokens.
   */
  PLATFORM_TOKENS_PAGE_URL: z
    .string({ required_error: "set the platform's page where people manage their integrations' access" })
    .min(1, "set the platform's page where people manage their integrations' access")
    .url(),
  /** Comma-separated; the first signs new cookies and CSRF tokens, all verify (rotation). */
  SESSION_SECRETS: z.string().min(1),
  // Session lifetimes (docs/decisions/012): a session ends this long after the login however active
  // it is (refreshing tokens never extends it), and after this long without a request. At least a
  // minute: KV cannot expire an entry sooner.
  SESSION_MAX_AGE_SECONDS: sessionLifetimeSeconds(30 * 24 * 3600),
  SESSION_IDLE_TIMEOUT_SECONDS: sessionLifetimeSeconds(7 * 24 * 3600),
  // Spec §9: session, auth and CSRF cookie and header names are set in config.
  SESSION_COOKIE_NAME: cookieName.default("__session"),
  AUTH_COOKIE_NAME: cookieName.default("__oauth"),
  CSRF_COOKIE_NAME: cookieName.default("csrf-token"),
  CSRF_HEADER_NAME: z
    .string()
    .regex(/^[A-Za-z0-9-]+$/)
    .default("X-CSRF-Token"),
  // The developer-support space people join from /support (spec §2.5, §6; docs/decisions/011): its
  // platform room id, and the access token of the support bot, a moderator of that space, which
  // adds them. The token is a secret (wrangler secret put) in production; the dev-only value is the
  // emulator's seeded bot token and is refused there. Without both, /support offers only e-mail.
  SUPPORT_SPACE_ID: unsetWhenEmpty(z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/, "must be the platform's room id")),
  SUPPORT_BOT_TOKEN: unsetWhenEmpty(z.string()),
  // Spec §3 "Analytics config: a key and an endpoint" (docs/decisions/009). The browser posts
  // events there, so both are public: the key labels the sender, it is not a secret. The endpoint
  // is a same-origin path or an absolute URL (an external one must also be allowed by the CSP's
  // connect-src in workers/security-headers.ts).
  ANALYTICS_ENDPOINT: z
    .string()
    .refine((v) => /^\/[^/\\]/.test(v) || /^https?:\/\/[^\s]+$/.test(v), "must be a path starting with / or an absolute URL")
    .default("/api/analytics"),
  ANALYTICS_KEY: z
    .string()
    .regex(/^[\x21-\x7e]{0,200}$/, "must be printable ASCII without spaces (at most 200)")
    .default(""),
  /** Spec §7 /fetch-vimeo: the video provider's oEmbed endpoint (the emulator's /oembed locally). */
  OEMBED_ENDPOINT: url.default("https://vimeo.com/api/oembed.json"),
  // The hub's own webhook apps (docs/decisions/010): the access tokens of the bots that post for
  // incoming webhooks and listen for outgoing ones. Secrets (wrangler secret put) in production.
  INCOMING_WEBHOOKS_BOT_TOKEN: z.string().min(1),
  OUTGOING_WEBHOOKS_BOT_TOKEN: z.string().min(1),
  /** How long an outgoing delivery waits for the person's server. */
  WEBHOOK_DELIVERY_TIMEOUT_MS: z.coerce.number().int().min(100).max(30_000).default(10_000),
  /** First retry delay of a failed outgoing delivery; doubles per attempt. Tests use 0. */
  WEBHOOK_RETRY_BASE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  // Following apps (issue 16; docs/decisions/026): the access token of the hub's updates bot, which
  // posts each published change to the app's followers. A secret (wrangler secret put) in production.
  UPDATES_BOT_TOKEN: z.string().min(1),
  /**
   * First retry delay of an update message the platform refused for now (5xx, 429, network); doubles
   * per attempt, at most an hour. A Retry-After from the platform wins. Tests use 0.
   */
  UPDATES_RETRY_BASE_SECONDS: z.coerce.number().int().min(0).max(3600).default(30),
  /** Hub admins (moderation, issue 15): these e-mail addresses, comma-separated. Unset: none by address. */
  HUB_ADMIN_EMAILS: unsetWhenEmpty(z.string()).transform((v, ctx) => {
    const emails = (v ?? "")
      .split(",")
      .map((e) => e.trim().toLowerCase())
      .filter(Boolean);
    const bad = emails.find((e) => !z.string().email().safeParse(e).success);
    if (bad) ctx.addIssue({ code: "custom", message: `"${bad}" is not an e-mail address` });
    return emails;
  }),
  /** ...and the platform's full administrators of this organisation (its id). Unset: none by role. */
  HUB_ADMIN_ORG_ID: unsetWhenEmpty(z.string().regex(/^[A-Za-z0-9_-]+={0,2}$/, "must be the platform's organisation id")),
});

/** The demo values of wrangler.toml's [env.development], which only the local emulator accepts. */
const DEV_SECRET_PREFIX = "dev-only-";
/** The emulator's demo hub clients (workers/platform/demo-data.ts); a real platform has no such clients. */
const DEMO_CLIENT_IDS = new Set([
  "Cc7e229d00fb7e3cda2ddd3f972ac84e3bfce2f94ad3b40cc8438907635cf582a", // ordinary integration (third-party)
  "C85cc2ff56ca0e4fe376be9e7b038c4a062453d5f1992decf0596e6a6c94c176d", // first-party
]);
const DEMO_CLIENT_SECRETS = new Set(["app-hub-demo-client-secret", "app-hub-first-party-demo-secret"]);

export type DeploymentMode = z.output<typeof envSchema>["DEPLOYMENT_MODE"];

/**
 * Scopes any integration can register (docs/platform-api.md "Scopes and clients"). `spark-admin:*` are
 * registrable too (an admin must grant them); they are accepted by prefix.
 */
const REGISTRABLE_SCOPES = new Set([
  "spark:people_read",
  "spark:rooms_read",
  "spark:rooms_write",
  "spark:memberships_read",
  "spark:memberships_write",
  "spark:messages_read",
  "spark:messages_write",
  "spark:organizations_read",
  "spark:all",
  "spark:kms",
  "identity:tokens_read",
  "identity:tokens_write",
]);
/** Only the platform's own (first-party) clients hold these. */
const FIRST_PARTY_ONLY_SCOPES = new Set(["spark:bots_read", "spark:applications_read", "spark:applications_write", "spark:webhooks_read", "spark:webhooks_write"]);
/** What first-party buys: listing and revoking a person's own grants (My Integrations' Disconnect). */
export const TOKENS_SCOPES = ["identity:tokens_read", "identity:tokens_write"] as const;

/**
 * OAUTH_SCOPES against the mode, one line per problem, each saying what to do. A scope the
 * platform would refuse makes every login end in `error=invalid_scope`, so it fails at startup
 * instead (issue 13).
 */
export function scopeProblems(mode: DeploymentMode, scopes: readonly string[]): string[] {
  const problems: string[] = [];
  const firstPartyOnly = scopes.filter((scope) => FIRST_PARTY_ONLY_SCOPES.has(scope));
  const notLogin = scopes.filter((scope) => scope.toLowerCase() === "identity:one_time_password");
  const unknown = scopes.filter(
    (scope) => !REGISTRABLE_SCOPES.has(scope) && !FIRST_PARTY_ONLY_SCOPES.has(scope) && !notLogin.includes(scope) && !/^spark-admin:[a-z_]+$/.test(scope),
  );
  if (mode === "third-party" && firstPartyOnly.length) {
    problems.push(
      `OAUTH_SCOPES: ${firstPartyOnly.join(", ")} exist only for the platform's own clients and an ordinary integration cannot register them; remove them, or set DEPLOYMENT_MODE="first-party" if this hub's client is first-party`,
    );
  }
  if (notLogin.length) problems.push(`OAUTH_SCOPES: ${notLogin.join(", ")} is an admin scope for one-time passwords, not a login scope; remove it`);
  if (unknown.length) problems.push(`OAUTH_SCOPES: ${unknown.join(", ")} is not a scope the platform knows (the login would end in invalid_scope); remove it`);
  // Too few is as bad as unknown: the platform refuses each call whose scope the token lacks (issue 27).
  const needed = HUB_SESSION_SCOPES.filter((scope) => !scopes.includes(scope) && !scopes.includes("spark:all"));
  if (needed.length) {
    problems.push(
      `OAUTH_SCOPES: the hub needs ${needed.join(", ")} for what it does with a person's token (${needed.map((scope) => HUB_SESSION_CALLS[scope]).join("; ")}); add them`,
    );
  }
  if (mode === "first-party") {
    const missing = TOKENS_SCOPES.filter((scope) => !scopes.includes(scope));
    if (missing.length) {
      problems.push(`OAUTH_SCOPES: DEPLOYMENT_MODE="first-party" lists and revokes people's grants, so it needs ${missing.join(" and ")}; add them (registered on the client)`);
    }
  }
  return problems;
}

/**
 * Strict is the default (docs/decisions/015): every environment but an explicit local
 * "development" (wrangler.toml [env.development], `npm run dev`) must look like production — real
 * secrets, https everywhere, no private image targets. Staging, test and integration deployments
 * are checked exactly as production is. Returns what is wrong, one line per variable.
 */
function strictProblems(e: z.infer<typeof envSchema>, sessionSecrets: string[]): string[] {
  const problems: string[] = [];
  const where = `in ${e.SERVER_ENVIRONMENT} (only SERVER_ENVIRONMENT="development" relaxes this)`;
  if (e.IMAGE_PROXY_ALLOW_PRIVATE === "true") problems.push(`IMAGE_PROXY_ALLOW_PRIVATE: must be "false" ${where}`);
  if (sessionSecrets.some((v) => v.startsWith(DEV_SECRET_PREFIX) || v.length < 32)) {
    problems.push("SESSION_SECRETS: set real secrets of at least 32 characters (wrangler secret put)");
  }
  if (DEMO_CLIENT_SECRETS.has(e.OAUTH_CLIENT_SECRET)) problems.push("OAUTH_CLIENT_SECRET: set the real client secret (wrangler secret put)");
  if (DEMO_CLIENT_IDS.has(e.OAUTH_CLIENT_ID)) problems.push("OAUTH_CLIENT_ID: set your integration's client id (this is the emulator's demo client)");
  if (!e.PLATFORM_TOKENS_PAGE_URL.startsWith("https://")) problems.push(`PLATFORM_TOKENS_PAGE_URL: must be https ${where}`);
  // First-party mode calls /authorizations for everyone, which on the public platform is an admin
  // API whose deletes need the client that made the token: only the operator's own hub can use it.
  if (e.DEPLOYMENT_MODE === "first-party" && e.FIRST_PARTY_ACKNOWLEDGED !== "true") {
    problems.push(
      `DEPLOYMENT_MODE: "first-party" is only for the platform operator's own deployment (its client is the platform's own); use "third-party", or, if this is that deployment, set FIRST_PARTY_ACKNOWLEDGED="true" ${where}`,
    );
  }
  if (e.SUPPORT_BOT_TOKEN?.startsWith(DEV_SECRET_PREFIX)) problems.push("SUPPORT_BOT_TOKEN: set the real support bot token (wrangler secret put)");
  for (const key of ["INCOMING_WEBHOOKS_BOT_TOKEN", "OUTGOING_WEBHOOKS_BOT_TOKEN", "UPDATES_BOT_TOKEN"] as const) {
    if (e[key].startsWith(DEV_SECRET_PREFIX)) problems.push(`${key}: set the real bot token (wrangler secret put)`);
  }
  if (!e.PORTAL_URL.startsWith("https://")) problems.push(`PORTAL_URL: must be https ${where}`);
  if (!e.PLATFORM_API_BASE.startsWith("https://")) problems.push(`PLATFORM_API_BASE: must be https ${where}`);
  if (!e.OEMBED_ENDPOINT.startsWith("https://")) problems.push(`OEMBED_ENDPOINT: must be https ${where}`);
  if (e.ANALYTICS_ENDPOINT.startsWith("http://")) problems.push(`ANALYTICS_ENDPOINT: must be a path or https ${where}`);
  return problems;
}

export class ConfigError extends Error {
  override name = "ConfigError";
}

/**
 * The vars, checked (shape, then the scope and strict rules), turned into the config the app reads.
 * `PortalConfig` is this schema's output type: one definition, no hand-kept copy.
 */
const portalConfigSchema = envSchema.transform((e, ctx) => {
  const localDevelopment = e.SERVER_ENVIRONMENT === "development";
  const sessionSecrets = e.SESSION_SECRETS.split(",")
    .map((v) => v.trim())
    .filter(Boolean);
  const scopes = e.OAUTH_SCOPES.split(/\s+/).filter(Boolean);
  // The scope check holds everywhere, development included: the emulator refuses the same scopes.
  const problems = [...scopeProblems(e.DEPLOYMENT_MODE, scopes), ...(localDevelopment ? [] : strictProblems(e, sessionSecrets))];
  if (problems.length === 0 && sessionSecrets.length === 0) problems.push("SESSION_SECRETS: empty");
  if (problems.length) {
    for (const message of problems) ctx.addIssue({ code: z.ZodIssueCode.custom, message });
    return z.NEVER;
  }
  return {
    url: e.PORTAL_URL,
    serverEnvironment: e.SERVER_ENVIRONMENT,
    /**
     * True only for an explicit SERVER_ENVIRONMENT="development": the one setting that relaxes
     * anything (demo secrets, private image and webhook targets, http upstreams, 1 s cache ages).
     * The Worker also refuses to serve it on any host but loopback (workers/app.ts).
     */
    localDevelopment,
    renderEnvironmentWarning: e.RENDER_ENVIRONMENT_WARNING === "true",
    /** Spec: embedded apps show only when the setting is the text "true". */
    embeddedApps: e.EMBEDDED_APPS === "true",
    serviceApps: e.SERVICE_APPS === "true",
    appsPaginationLimit: e.APPS_PAGINATION_LIMIT,
    productName: e.PRODUCT_NAME,
    productionPortalUrl: e.PRODUCTION_PORTAL_URL,
    developerSiteUrl: e.DEVELOPER_SITE_URL,
    freeTrialUrl: e.FREE_TRIAL_URL,
    imageProxyAllowPrivate: e.IMAGE_PROXY_ALLOW_PRIVATE === "true",
    platform: { apiBase: e.PLATFORM_API_BASE, timeoutMs: e.PLATFORM_TIMEOUT_MS },
    /** README "Deployment modes": what My Integrations and Connect can do depends on it. */
    deploymentMode: e.DEPLOYMENT_MODE,
    /** The platform's own page where people manage and revoke their grants. */
    platformTokensPageUrl: e.PLATFORM_TOKENS_PAGE_URL,
    oauth: { clientId: e.OAUTH_CLIENT_ID, clientSecret: e.OAUTH_CLIENT_SECRET, scopes },
    /** First entry signs; every entry verifies. */
    sessionSecrets,
    /** Absolute and idle session lifetimes, in seconds. */
    sessions: { maxAgeSeconds: e.SESSION_MAX_AGE_SECONDS, idleTimeoutSeconds: e.SESSION_IDLE_TIMEOUT_SECONDS },
    cookies: { session: e.SESSION_COOKIE_NAME, auth: e.AUTH_COOKIE_NAME, csrf: e.CSRF_COOKIE_NAME },
    csrfHeader: e.CSRF_HEADER_NAME,
    /** The developer-support space and the bot token that adds people to it (server only); null when unset. */
    supportSpace: e.SUPPORT_SPACE_ID && e.SUPPORT_BOT_TOKEN ? { roomId: e.SUPPORT_SPACE_ID, botToken: e.SUPPORT_BOT_TOKEN } : null,
    analytics: { endpoint: e.ANALYTICS_ENDPOINT, key: e.ANALYTICS_KEY },
    oembedEndpoint: e.OEMBED_ENDPOINT,
    webhooks: {
      incomingBotToken: e.INCOMING_WEBHOOKS_BOT_TOKEN,
      outgoingBotToken: e.OUTGOING_WEBHOOKS_BOT_TOKEN,
      deliveryTimeoutMs: e.WEBHOOK_DELIVERY_TIMEOUT_MS,
      retryBaseSeconds: e.WEBHOOK_RETRY_BASE_SECONDS,
      /** Outgoing deliveries may reach private and loopback addresses only in local development. */
      allowPrivateTargets: localDevelopment,
    },
    /** The updates bot that tells an app's followers what changed (app/features/followers). */
    updates: { botToken: e.UPDATES_BOT_TOKEN, retryBaseSeconds: e.UPDATES_RETRY_BASE_SECONDS },
    /** Who moderates reviews and reported apps (app/features/moderation/hub-admin.ts). */
    hubAdmins: { emails: e.HUB_ADMIN_EMAILS, orgId: e.HUB_ADMIN_ORG_ID ?? null },
  };
});

export type PortalConfig = z.output<typeof portalConfigSchema>;

export function parsePortalConfig(env: Record<string, unknown>): PortalConfig {
  const parsed = portalConfigSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message));
    throw new ConfigError(`Invalid portal config in wrangler.toml vars: ${problems.join("; ")}`);
  }
  return parsed.data;
}

/**
 * The config for the Worker's `env`, parsed once per isolate: the vars cannot change while an
 * isolate lives (a deploy starts new ones), so every request after the first, cache hits included,
 * skips the zod pass. Keyed by the env object, so a test's Worker with other vars parses its own. A
 * config that fails is not remembered: each request answers the 500 that names the problem.
 */
const parsedConfigs = new WeakMap<object, PortalConfig>();
export function portalConfigFor(env: object): PortalConfig {
  let config = parsedConfigs.get(env);
  if (!config) {
    config = parsePortalConfig(env as Record<string, unknown>);
    parsedConfigs.set(env, config);
  }
  return config;
}

/** The part of the config the browser may see (no secrets, nothing server-only). */
export function publicConfig(config: PortalConfig) {
  return {
    serverEnvironment: config.serverEnvironment,
    renderEnvironmentWarning: config.renderEnvironmentWarning,
    embeddedApps: config.embeddedApps,
    serviceApps: config.serviceApps,
    productName: config.productName,
    productionPortalUrl: config.productionPortalUrl,
    developerSiteUrl: config.developerSiteUrl,
    freeTrialUrl: config.freeTrialUrl,
    /** The bare name: browser code reads it with browserCookies() (__Host- prefixed on https). */
    csrfCookie: config.cookies.csrf,
    csrfHeader: config.csrfHeader,
    /** Where the browser sends analytics events, and the key it labels them with (both public). */
    analytics: config.analytics,
  };
}
export type PublicConfig = ReturnType<typeof publicConfig>;
