import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { experimental_readRawConfig } from "wrangler";
import { BACK_OFFICE_BINDING, frontConfig } from "./front-config.ts";

const root = fileURLToPath(new URL("../..", import.meta.url));
type Section = Parameters<typeof frontConfig>[0];
const raw = experimental_readRawConfig({ config: path.join(root, "wrangler.toml") }).rawConfig as Section;
const front = frontConfig(raw, { rebase: (p) => path.posix.join("../..", p) });
const sections = (c: Section): [string, Section][] => [["(top level)", c], ...Object.entries(c.env ?? {})];

describe("the front Worker's config, from wrangler.toml", () => {
  it("binds the back-office Worker of the same environment, and has its own name", () => {
    expect(front.name).toBe("app-hub-front");
    expect(front.services).toEqual([{ binding: BACK_OFFICE_BINDING, service: "app-hub" }]);
    for (const env of ["development", "staging", "production"]) {
      expect(front.env?.[env]?.services, env).toEqual([{ binding: BACK_OFFICE_BINDING, service: `app-hub-${env}` }]);
    }
  });

  it("runs no Cron Trigger and consumes no queue, but produces to every queue the app does", () => {
    for (const [name, section] of sections(front)) {
      expect(section.triggers, name).toBeUndefined();
      expect(section.queues?.consumers, name).toBeUndefined();
    }
    for (const [name, section] of sections(raw)) {
      const frontSection = name === "(top level)" ? front : front.env?.[name];
      expect(frontSection?.queues?.producers, name).toEqual(section.queues?.producers);
    }
  });

  it("has every var, database, namespace and abuse limit of the app, in every environment", () => {
    for (const [name, section] of sections(raw)) {
      const frontSection = (name === "(top level)" ? front : front.env?.[name]) as Record<string, unknown>;
      for (const key of ["vars", "kv_namespaces", "ratelimits", "compatibility_date", "no_bundle", "minify", "keep_names"]) {
        expect(frontSection[key], `${name} ${key}`).toEqual((section as Record<string, unknown>)[key]);
      }
      expect(
        (frontSection.d1_databases as { database_id: string }[] | undefined)?.map((d) => d.database_id),
        name,
      ).toEqual(section.d1_databases?.map((d) => (d as { database_id: string }).database_id));
    }
  });

  it("refuses routes in wrangler.toml: the public hostname is the front's, and the back office has none", () => {
    const withRoutes = { ...raw, env: { ...raw.env, production: { ...raw.env?.production, routes: [{ pattern: "apphub.example", custom_domain: true }] } } };
    expect(() => frontConfig(withRoutes, { rebase: (p) => p, frontMain: "a", frontDist: "b" })).toThrow(/public hostname belongs to the front/);
    expect(raw.env?.production?.workers_dev).toBe(false);
    expect(front.env?.production?.workers_dev).toBeUndefined();
  });

  it("starts from the front build, or from the minified front bundle where the app uploads dist/app.js", () => {
    expect(front.main).toBe("../../build/front/index.js");
    expect(front.env?.development?.main).toBeUndefined();
    expect(front.env?.production?.main).toBe("../../dist/front.js");
    expect(front.env?.staging?.main).toBe("../../dist/front.js");
    expect(front.assets?.directory).toBe("../../public");
  });
});
