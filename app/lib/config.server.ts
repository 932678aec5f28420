// Portal config (spec §3) from the Worker's vars, validated once per request.
import { z } from "zod";

const flag = z.enum(["true", "false"]);
const url = z.string().url();

const envSchema = z.object({
  SERVER_ENVIRONMENT: z.enum(["development", "test", "integration", "production"]),
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
});

export type PortalConfig = {
  url: string;
  serverEnvironment: z.infer<typeof envSchema>["SERVER_ENVIRONMENT"];
  isProduction: boolean;
  renderEnvironmentWarning: boolean;
  /** Spec: embedded apps show only when the setting is the text "true". */
  embeddedApps: boolean;
  serviceApps: boolean;
  appsPaginationLimit: number;
  productName: string;
  productionPortalUrl: string;
  developerSiteUrl: string;
  freeTrialUrl: string;
  imageProxyAllowPrivate: boolean;
};

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function parsePortalConfig(env: Record<string, unknown>): PortalConfig {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid portal config in wrangler.toml vars: ${problems.join("; ")}`);
  }
  const e = parsed.data;
  const isProduction = e.SERVER_ENVIRONMENT === "production";
  if (isProduction && e.IMAGE_PROXY_ALLOW_PRIVATE === "true") {
    throw new ConfigError(
      "Invalid portal config in wrangler.toml vars: IMAGE_PROXY_ALLOW_PRIVATE: must be \"false\" in production",
    );
  }
  return {
    url: e.PORTAL_URL,
    serverEnvironment: e.SERVER_ENVIRONMENT,
    isProduction,
    renderEnvironmentWarning: e.RENDER_ENVIRONMENT_WARNING === "true",
    embeddedApps: e.EMBEDDED_APPS === "true",
    serviceApps: e.SERVICE_APPS === "true",
    appsPaginationLimit: e.APPS_PAGINATION_LIMIT,
    productName: e.PRODUCT_NAME,
    productionPortalUrl: e.PRODUCTION_PORTAL_URL,
    developerSiteUrl: e.DEVELOPER_SITE_URL,
    freeTrialUrl: e.FREE_TRIAL_URL,
    imageProxyAllowPrivate: e.IMAGE_PROXY_ALLOW_PRIVATE === "true",
  };
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
  };
}
export type PublicConfig = ReturnType<typeof publicConfig>;
