import { describe, expect, it } from "vitest";
import { validateCatalogue } from "../../app/models/catalogue-record.ts";
import { APP_TYPES, PRODUCT_TYPES } from "../../app/models/enums.ts";
import { freshnessOf } from "../../app/models/freshness.ts";
import {
  CatalogueGenerator,
  FIRST_PARTY_MIN_APPS,
  FIRST_PARTY_SEEDS,
  FEATURED_SLIDE_APP_NAMES,
  generateCatalogue,
  LogoSlots,
  logoInitials,
  mulberry32,
  slugifyName,
  withDemoVendorConnectUrls,
} from "./catalogue-generator.ts";

const catalogue = generateCatalogue({ apps: 400, seed: 1 });

describe("generateCatalogue", () => {
  it("gives integrations vendor connect URLs from the client id (some none), or the emulator's demo vendor; nothing else changes", () => {
    const plain = generateCatalogue({ apps: 400, seed: 1 });
    const local = generateCatalogue({ apps: 400, seed: 1, vendorOrigin: "http://127.0.0.1:8788" });
    const integrations = plain.apps.filter((a) => a.type === "integration");
    expect(integrations.filter((a) => a.connectUrl).length).toBeGreaterThan(integrations.length / 2);
    expect(integrations.some((a) => a.connectUrl === null)).toBe(true);
    expect(plain.apps.filter((a) => a.type !== "integration").every((a) => a.connectUrl === null)).toBe(true);
    for (const app of integrations) if (app.connectUrl) expect(app.connectUrl).toMatch(/^https:\/\/[a-z.]+\.example\//);
    local.apps.forEach((app, i) => {
      const other = plain.apps[i]!;
      expect({ ...app, connectUrl: null }).toEqual({ ...other, connectUrl: null });
      expect(app.connectUrl === null).toBe(other.connectUrl === null);
      if (app.connectUrl) expect(app.connectUrl).toBe(`http://127.0.0.1:8788/vendors/${app.clientId}/start?return_to={return_url}`);
    });
    expect(withDemoVendorConnectUrls(plain, "http://127.0.0.1:8788")).toEqual(local);
  });

  it("is deterministic: the same seed gives identical JSON, another seed differs", () => {
    const again = generateCatalogue({ apps: 400, seed: 1 });
    expect(JSON.stringify(again)).toBe(JSON.stringify(catalogue));
    expect(JSON.stringify(generateCatalogue({ apps: 400, seed: 2 }).apps)).not.toBe(JSON.stringify(catalogue.apps));
  });

  it("is prefix-stable: a smaller catalogue equals the start of a bigger one, but for its first-party tail", () => {
    const small = generateCatalogue({ apps: 50, seed: 1 }).apps;
    const generated = 50 - FIRST_PARTY_SEEDS.length;
    expect(small.slice(0, generated)).toEqual(catalogue.apps.slice(0, generated));
  });

  it("ends with the hub's own webhook apps: published bots, not admin-only, with fixed ids", () => {
    const tail = catalogue.apps.slice(-FIRST_PARTY_SEEDS.length);
    expect(tail.map((a) => [a.name, a.friendlyId, a.botEmail, a.status, a.requiresAdmin])).toEqual([
      ["Incoming Webhooks", "incoming-webhooks", "incoming-webhooks@lumen.bot", "published", false],
      ["Outgoing Webhooks", "outgoing-webhooks", "outgoing-webhooks@lumen.bot", "published", false],
    ]);
    expect(generateCatalogue({ apps: FIRST_PARTY_MIN_APPS - 1, seed: 1 }).apps.some((a) => a.name.endsWith("Webhooks"))).toBe(false);
  });

  it("passes validateCatalogue", () => {
    expect(() => validateCatalogue(catalogue)).not.toThrow();
    expect(catalogue.version).toBe("seed-1-400");
    expect(catalogue.apps).toHaveLength(400);
  });

  it("covers every app type and product type well", () => {
    for (const type of APP_TYPES) {
      expect(catalogue.apps.filter((a) => a.type === type).length, type).toBeGreaterThanOrEqual(15);
    }
    const count = (t: string) => catalogue.apps.filter((a) => a.type === t).length;
    expect(count("integration")).toBeGreaterThan(count("bot"));
    for (const pt of PRODUCT_TYPES) {
      expect(catalogue.apps.filter((a) => a.productTypes.includes(pt)).length, pt).toBeGreaterThanOrEqual(15);
    }
  });

  it("has at least 20 categories, including other, partner_solutions and appContext ones", () => {
    const { categories } = catalogue;
    const apiIds = new Set(categories.filter((c) => c.categoryType !== "appContext").map((c) => c.apiId));
    expect(apiIds.size).toBeGreaterThanOrEqual(20);
    expect(apiIds).toContain("other");
    expect(apiIds).toContain("partner_solutions");
    expect(categories.filter((c) => c.categoryType === "appContext").length).toBeGreaterThanOrEqual(2);
    for (const pt of PRODUCT_TYPES)
      expect(
        categories.some((c) => c.categoryType === pt),
        pt,
      ).toBe(true);
    // The same apiId for several product types, with distinct ids (the side nav de-dupes by apiId).
    const productivity = categories.filter((c) => c.apiId === "productivity");
    expect(productivity.length).toBe(5);
    expect(new Set(productivity.map((c) => c.id)).size).toBe(5);
    const sales = categories.find((c) => c.name === "Sales & Marketing")!;
    expect(sales.apiId).toBe("sales_&_marketing");
    expect(sales.slug).toBe("sales-and-marketing");
  });

  it("puts apps in categories of their product types (or appContext ones)", () => {
    const byId = new Map(catalogue.categories.map((c) => [c.id, c]));
    for (const app of catalogue.apps) {
      expect(app.categoryIds.length, app.name).toBeGreaterThanOrEqual(1);
      expect(app.categoryIds.length, app.name).toBeLessThanOrEqual(3);
      for (const id of app.categoryIds) {
        const type = byId.get(id)!.categoryType;
        expect(type === "appContext" || (app.productTypes as string[]).includes(type), `${app.name} ${id}`).toBe(true);
      }
    }
    const inCategory = (apiId: string) => catalogue.apps.filter((a) => a.categoryIds.some((id) => byId.get(id)!.apiId === apiId)).length;
    expect(inCategory("partner_solutions")).toBeGreaterThanOrEqual(15);
    expect(inCategory("other")).toBeGreaterThanOrEqual(5);
  });

  it("starts with the featured slide apps of spec §2.5, featured and published", () => {
    expect(FEATURED_SLIDE_APP_NAMES).toHaveLength(9);
    expect(catalogue.apps.slice(0, 9).map((a) => a.name)).toEqual(FEATURED_SLIDE_APP_NAMES);
    for (const app of catalogue.apps.slice(0, 9)) {
      expect(app.isFeatured).toBe(true);
      expect(app.status).toBe("published");
      expect(app.friendlyId).toBe(slugifyName(app.name));
    }
    const featured = catalogue.apps.filter((a) => a.isFeatured).length;
    expect(featured).toBeGreaterThanOrEqual(12);
    expect(featured).toBeLessThanOrEqual(40);
  });

  it("has exactly 6 http:// logos and distinct logo paths among the first 400 apps", () => {
    const http = catalogue.apps.filter((a) => a.logo.startsWith("http://"));
    expect(http).toHaveLength(6);
    for (const app of http) expect(app.logo).toMatch(/^http:\/\/127\.0\.0\.1:8787\/logos\/[a-z0-9]{1,2}-\d{1,3}-[0-5]\.svg$/);
    const paths = catalogue.apps.map((a) => a.logo.replace(/^http:\/\/[^/]+/, ""));
    for (const p of paths) expect(p).toMatch(/^\/logos\/[a-z0-9]{1,2}-(0|[1-9]\d{0,2})-[0-5]\.svg$/);
    expect(new Set(paths).size).toBe(400);
  });

  it("fills the other fields plausibly", () => {
    const { apps } = catalogue;
    expect(new Set(apps.map((a) => a.name.toLowerCase())).size).toBe(apps.length);
    expect(apps.some((a) => a.name === "Café Standup" && a.friendlyId === "cafe-standup")).toBe(true);
    expect(apps.some((a) => a.name === "Zürich Rooms")).toBe(true);
    const nullFriendly = apps.filter((a) => a.friendlyId === null).length;
    expect(nullFriendly).toBeGreaterThan(0);
    expect(nullFriendly).toBeLessThan(30);
    expect(new Set(apps.map((a) => a.companyName)).size).toBeGreaterThanOrEqual(60);
    for (const app of apps) {
      expect(atob(app.id.replace(/-/g, "+").replace(/_/g, "/"))).toMatch(/^ciscospark:\/\/us\/APPLICATION\/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      if (app.type === "bot") expect(app.botEmail).toMatch(/^[a-z0-9-]+@lumen\.bot$/);
      if (app.type === "integration") expect(app.clientId).toMatch(/^C[0-9a-f]{64}$/);
      expect(app.updatedAt >= app.submittedAt).toBe(true);
      expect(app.submittedAt >= "2019-01-01" && app.submittedAt < "2026-11-02").toBe(true);
      expect(app.description).toContain("**Key features**");
      expect(app.description.length).toBeGreaterThan(600);
      expect(app.description.length).toBeLessThan(1600);
      expect(app.productTypes).toContain(app.productType);
      expect(app.appContexts.length).toBeGreaterThanOrEqual(1);
      expect(app.appContexts.length).toBeLessThanOrEqual(3);
      for (const s of app.screenshots) expect(s).toMatch(/^\/screenshots\/\d{1,3}-[0-5]-[1-4]\.svg$/);
      if (app.collections.includes("contact_center")) expect(app.productTypes).toContain("contact_center");
    }
    const share = (f: (a: (typeof apps)[number]) => boolean) => apps.filter(f).length / apps.length;
    expect(share((a) => a.videoUrl !== null)).toBeGreaterThan(0.2);
    expect(share((a) => a.videoUrl !== null)).toBeLessThan(0.4);
    expect(share((a) => a.requiresAdmin)).toBeGreaterThan(0.08);
    expect(share((a) => a.status === "coming_soon")).toBeGreaterThan(0.01);
    for (const c of ["hybrid_work", "getting_started", "contact_center"] as const) {
      expect(
        share((a) => a.collections.includes(c)),
        c,
      ).toBeGreaterThan(0.03);
    }
  });

  // Speed is the benchmark's business (npm run bench), never a timed test: this checks only that the
  // bench's catalogue size keeps ids and names unique.
  it("gives issue 15's facts realistic variety: missing facts, stale and deprecated apps, publishers with several apps", () => {
    const { apps, publishers } = generateCatalogue({ apps: 400, seed: 1 });
    const now = new Date("2026-11-26T00:00:00Z");
    const noFacts = apps.filter((a) => Object.values(a.security).every((v) => v === null));
    const someFacts = apps.filter((a) => Object.values(a.security).some((v) => v === null) && Object.values(a.security).some((v) => v !== null));
    expect(noFacts.length).toBeGreaterThan(20);
    expect(someFacts.length).toBeGreaterThan(20);
    const latest = (a: (typeof apps)[number]) => a.versions[0]?.releasedAt ?? a.submittedAt;
    const freshness = apps.filter((a) => a.status === "published" && !a.deprecation).map((a) => freshnessOf({ lastReleaseAt: latest(a), deprecated: false }, now));
    for (const f of ["active", "maintained", "stale"] as const) expect(freshness.filter((x) => x === f).length, f).toBeGreaterThan(20);
    const deprecated = apps.filter((a) => a.deprecation);
    expect(deprecated.length).toBeGreaterThan(5);
    expect(deprecated.some((a) => a.deprecation?.replacement)).toBe(true);
    expect(deprecated.some((a) => a.deprecation?.replacement === null)).toBe(true);
    const byPublisher = new Map<string, number>();
    for (const a of apps) byPublisher.set(a.publisher!, (byPublisher.get(a.publisher!) ?? 0) + 1);
    expect([...byPublisher.values()].filter((n) => n >= 3).length).toBeGreaterThan(10);
    expect(publishers.filter((p) => p.verifiedAt).length).toBeGreaterThan(publishers.length / 3);
    expect(publishers.filter((p) => !p.verifiedAt).length).toBeGreaterThan(publishers.length / 5);
    // Every type declares permissions of its own kind; integrations what the emulator registered.
    for (const type of APP_TYPES) expect(apps.filter((a) => a.type === type).every((a) => a.permissions.length > 0 || type === "embeddedApp")).toBe(true);
    expect(apps.flatMap((a) => a.versions).every((v) => v.notes.length > 0)).toBe(true);
  });

  it("makes 50,000 apps with unique ids and names", () => {
    const big = generateCatalogue({ apps: 50_000, seed: 3 });
    expect(big.apps).toHaveLength(50_000);
    expect(new Set(big.apps.map((a) => a.id)).size).toBe(50_000);
    expect(new Set(big.apps.map((a) => a.name.toLowerCase())).size).toBe(50_000);
  }, 60_000);
});

describe("helpers", () => {
  it("mulberry32 is a deterministic stream in [0, 1)", () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    for (let i = 0; i < 100; i++) {
      const x = a();
      expect(x).toBe(b());
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThan(1);
    }
  });

  it("slugifyName and logoInitials strip diacritics and punctuation", () => {
    expect(slugifyName("Café Standup")).toBe("cafe-standup");
    expect(slugifyName("Q&A Live")).toBe("q-and-a-live");
    expect(slugifyName("Mia's Notes")).toBe("mias-notes");
    expect(logoInitials("Zürich Rooms")).toBe("zr");
    expect(logoInitials("Recall")).toBe("re");
    expect(logoInitials("Forge CI")).toBe("fc");
  });
});

// Issue 31: a catalogue of 1,000,000 apps is generated a slice at a time (bench/lib/catalogue.ts).
describe("CatalogueGenerator", () => {
  it("gives generateCatalogue's apps one by one, and the publishers it predicts early are the catalogue's", () => {
    const whole = generateCatalogue({ apps: 3_000, seed: 1 });
    const generator = new CatalogueGenerator({ apps: 3_000, seed: 1 });
    const apps = [];
    for (let i = 0; i < 1_000; i++) apps.push(generator.next());
    // Predicted after a third of the apps (the hub's own company comes last, with the first-party apps).
    const predicted = generator.publishers();
    for (let app = generator.next(); app; app = generator.next()) apps.push(app);
    expect(generator.next()).toBeNull();
    expect(() => generator.checkPrediction()).not.toThrow();
    expect(JSON.stringify(apps)).toBe(JSON.stringify(whole.apps));
    expect(JSON.stringify(predicted)).toBe(JSON.stringify(whole.publishers));
    expect(JSON.stringify(generator.publishers())).toBe(JSON.stringify(whole.publishers));
    expect(generator.categories).toEqual(whole.categories);
    expect(generator.version).toBe(whole.version);
  });

  it("refuses an app whose company the early prediction did not have", () => {
    const generator = new CatalogueGenerator({ apps: 2_000, seed: 1 });
    generator.next();
    // After one app most of the 120 companies are still to come.
    generator.publishers();
    expect(() => {
      for (let app = generator.next(); app; app = generator.next());
    }).toThrow(/predicted at app 1/);
  });
});

describe("LogoSlots", () => {
  // The probing the generator did before issue 31: one path at a time, hue +47°, the next variant every 360.
  function probe(used: Set<string>, initials: string, startHue: number, startVariant: number): string {
    let hue = startHue;
    let variant = startVariant;
    for (let n = 0; n < 360 * 6; n++) {
      const path = `/logos/${initials}-${hue}-${variant}.svg`;
      if (!used.has(path)) {
        used.add(path);
        return path;
      }
      hue = (hue + 47) % 360;
      if (n % 360 === 359) variant = (variant + 1) % 6;
    }
    return `/logos/${initials}-${hue}-${variant}.svg`;
  }

  it("hands out the logos the probing did, past the point where an initials' 2,160 logos are all taken", () => {
    const random = mulberry32(31);
    const slots = new LogoSlots();
    const used = new Set<string>();
    for (let i = 0; i < 6_000; i++) {
      const initials = ["ab", "c"][Math.floor(random() * 2)]!;
      const hue = Math.floor(random() * 360);
      const variant = Math.floor(random() * 6);
      expect(slots.take(initials, hue, variant)).toBe(probe(used, initials, hue, variant));
    }
  });
});
