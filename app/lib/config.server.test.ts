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
      isProduction: false,
      renderEnvironmentWarning: true,
      embeddedApps: true,
      serviceApps: true,
      appsPaginationLimit: 32,
      productName: "Lumen",
      productionPortalUrl: "https://apphub.lumen.example",
      developerSiteUrl: "https://developer.lumen.example",
      freeTrialUrl: "https://www.lumen.example/free-trial",
      imageProxyAllowPrivate: true,
    });
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

  it.each(["TRUE", "True", "1", "yes", "on", " true", "true ", "", "false"])(
    "embeddedApps is only true for the exact text \"true\", not %j",
    (value) => {
      expect(parsePortalConfig({ ...VALID, EMBEDDED_APPS: value }).embeddedApps).toBe(false);
    },
  );

  it("reads the page size from APPS_PAGINATION_LIMIT", () => {
    expect(parsePortalConfig({ ...VALID, APPS_PAGINATION_LIMIT: "12" }).appsPaginationLimit).toBe(12);
  });

  it("knows production", () => {
    const config = parsePortalConfig({ ...VALID, SERVER_ENVIRONMENT: "production", IMAGE_PROXY_ALLOW_PRIVATE: "false" });
    expect(config.isProduction).toBe(true);
    expect(config.serverEnvironment).toBe("production");
  });

  it.each<[string, unknown]>([
    ["SERVER_ENVIRONMENT", "staging"],
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
      ["developerSiteUrl", "embeddedApps", "freeTrialUrl", "productName", "productionPortalUrl", "renderEnvironmentWarning", "serverEnvironment", "serviceApps"].sort(),
    );
    expect(pub).not.toHaveProperty("imageProxyAllowPrivate");
  });
});
