// The issue-15 parts of a generated catalogue: publishers, permissions, security facts, versions and
// deprecations, with realistic, varied values per app type, including apps whose publisher gave
// few or no facts, stale and deprecated apps, and publishers with several apps. A random stream of
// its own (seeded from the catalogue's seed), so adding these left every older field of a generated
// catalogue exactly as it was: tests and screenshots that name generated apps keep working.
import type { AppRecord, PublisherRecord } from "../../app/models/catalogue-record.ts";
import { publisherSlugFromName } from "../../app/models/catalogue-record.ts";
import type { AppType, ProductType } from "../../app/models/enums.ts";
import type { PermissionKey } from "../../app/models/permissions.ts";
import { NO_SECURITY_FACTS, type Certification, type DataRegion, type SecurityFacts, type SubProcessor } from "../../app/models/security-facts.ts";
import { vendorRegistration } from "../../workers/platform/demo-data.ts";

const DAY_MS = 86_400_000;

type Random = {
  next: () => number;
  int(n: number): number;
  chance(p: number): boolean;
  pick<T>(list: readonly T[]): T;
  sample<T>(list: readonly T[], k: number): T[];
};

const iso = (ms: number) => new Date(Math.floor(ms / 1000) * 1000).toISOString().replace(".000Z", "Z");

// --- Publishers -------------------------------------------------------------------------------

const LOCATIONS = [
  "Austin, Texas",
  "Berlin, Germany",
  "Toronto, Canada",
  "London, United Kingdom",
  "Sydney, Australia",
  "Bengaluru, India",
  "Amsterdam, Netherlands",
  "Tokyo, Japan",
  "São Paulo, Brazil",
  "Dublin, Ireland",
  "Oslo, Norway",
  "Singapore",
];
const ABOUT_OPENERS = [
  "builds tools that help teams spend less time in meetings and more time on the work",
  "makes software for people who run customer conversations at scale",
  "has been building workplace integrations since 2012",
  "is a small team of engineers who care about fast, quiet software",
  "helps IT teams keep devices, rooms and people in sync",
  "turns the data a company already has into answers in the places people talk",
];

/** A publisher for every company that has apps; `firstParty` names the hub's own company. */
export function buildPublishers(rng: Random, companies: ReadonlyMap<string, { name: string; domain: string }>, firstParty: string): PublisherRecord[] {
  return [...companies.values()].map((company) => {
    const slug = publisherSlugFromName(company.name);
    if (company.name === firstParty) {
      return {
        slug,
        name: company.name,
        domain: "lumen.example",
        verifiedAt: "2019-01-01T00:00:00Z",
        about: `${company.name} makes the messaging and meetings platform these apps work with. Its own apps are built and supported by the same team.`,
        websiteUrl: "https://www.lumen.example",
        supportUrl: "https://help.lumen.example",
        privacyUrl: "https://www.lumen.example/privacy",
        securityContact: "security@lumen.example",
        location: "San Jose, California",
      };
    }
    const verified = rng.chance(0.6);
    const sparse = rng.chance(0.2);
    return {
      slug,
      name: company.name,
      domain: company.domain,
      verifiedAt: verified ? iso(Date.UTC(2021, 0, 1) + rng.int(1700) * DAY_MS) : null,
      about: sparse ? null : `${company.name} ${rng.pick(ABOUT_OPENERS)}.`,
      websiteUrl: `https://www.${company.domain}`,
      supportUrl: sparse ? null : `https://support.${company.domain}`,
      privacyUrl: rng.chance(0.9) ? `https://www.${company.domain}/privacy` : null,
      securityContact: sparse ? null : rng.chance(0.8) ? `security@${company.domain}` : `https://www.${company.domain}/security`,
      location: sparse ? null : rng.pick(LOCATIONS),
    };
  });
}

// --- Permissions ------------------------------------------------------------------------------

const SERVICE_APP_SCOPES: readonly PermissionKey[] = [
  "spark-admin:people_read",
  "spark-admin:organizations_read",
  "spark-admin:licenses_read",
  "spark-admin:devices_read",
  "spark-admin:devices_write",
  "spark-admin:people_write",
  "meeting:schedules_read",
  "meeting:recordings_read",
  "spark-compliance:messages_read",
];

function permissionsFor(rng: Random, type: AppType, productTypes: readonly ProductType[], clientId: string | null): PermissionKey[] {
  switch (type) {
    case "integration":
      // What the demo vendor registered on the platform emulator: the consent page shows the same.
      return clientId ? (vendorRegistration(clientId).scopes as PermissionKey[]) : ["spark:people_read"];
    case "serviceApp":
      return ["spark:people_read", ...rng.sample(SERVICE_APP_SCOPES, 1 + rng.int(3))];
    case "bot": {
      const out: PermissionKey[] = ["bot:mentions_read"];
      if (rng.chance(0.8)) out.push("bot:direct_read");
      if (rng.chance(0.3)) out.push("bot:files_read");
      if (rng.chance(0.4)) out.push("bot:memberships_read");
      out.push("bot:messages_write");
      if (rng.chance(0.15)) out.push("bot:rooms_write");
      if (rng.chance(0.05)) out.push("bot:memberships_write");
      return out;
    }
    case "embeddedApp": {
      const out: PermissionKey[] = [];
      if (rng.chance(0.7)) out.push("embedded:user_read");
      if (productTypes.includes("meetings") || productTypes.includes("rooms")) out.push("embedded:meeting_read");
      if (productTypes.includes("teams")) out.push("embedded:space_read");
      if (rng.chance(0.5)) out.push("embedded:share");
      return out;
    }
    case "skill":
      return rng.chance(0.6) ? ["skill:voice_read", "skill:device_write"] : ["skill:voice_read"];
  }
}

// --- Security facts ---------------------------------------------------------------------------

const REGION_CHANCES: readonly [DataRegion, number][] = [
  ["us", 0.85],
  ["eu", 0.5],
  ["uk", 0.2],
  ["ca", 0.12],
  ["au", 0.12],
  ["jp", 0.08],
  ["sg", 0.06],
  ["in", 0.05],
  ["br", 0.04],
];
const CERTIFICATION_CHANCES: readonly [Certification, number][] = [
  ["soc2-type-ii", 0.55],
  ["iso-27001", 0.4],
  ["hipaa", 0.12],
  ["gdpr-dpa", 0.5],
  ["fedramp", 0.05],
];
const RETENTIONS = [
  "30 days after you disconnect the app",
  "90 days, then deleted",
  "Until you delete it; backups are kept for 35 days",
  "Not stored: messages are processed in memory only",
  "12 months, or sooner on request",
  "7 days for logs; content is not stored",
  "As long as your subscription lasts, then 30 days",
];
const HOSTS: readonly SubProcessor[] = [
  { name: "Amazon Web Services", purpose: "Hosting", country: "United States" },
  { name: "Google Cloud", purpose: "Hosting", country: "United States" },
  { name: "Microsoft Azure", purpose: "Hosting", country: "Ireland" },
];
const SERVICES: readonly SubProcessor[] = [
  { name: "Datadog", purpose: "Monitoring", country: "United States" },
  { name: "Sentry", purpose: "Error reporting", country: "United States" },
  { name: "Stripe", purpose: "Billing", country: "United States" },
  { name: "Zendesk", purpose: "Customer support", country: null },
  { name: "Twilio SendGrid", purpose: "E-mail delivery", country: "United States" },
];
const AI_PROCESSORS: readonly SubProcessor[] = [
  { name: "OpenAI", purpose: "AI model provider", country: "United States" },
  { name: "Anthropic", purpose: "AI model provider", country: "United States" },
  { name: "Mistral AI", purpose: "AI model provider", country: "France" },
];

/** How complete the publisher's facts are: full, partly given, or none at all. */
type Completeness = "full" | "partial" | "none";

function securityFor(rng: Random, type: AppType, domain: string, completeness: Completeness, endMs: number): SecurityFacts {
  if (completeness === "none") return { ...NO_SECURITY_FACTS };
  const given = (p: number) => completeness === "full" || rng.chance(p);
  const regions = REGION_CHANCES.filter(([, p]) => rng.chance(p)).map(([r]) => r);
  const aiLikely = type === "bot" || type === "integration" ? 0.35 : 0.15;
  const usesAi = rng.chance(aiLikely);
  const trains = usesAi ? rng.chance(0.25) : false;
  const processors = [rng.pick(HOSTS), ...rng.sample(SERVICES, rng.int(3)), ...(usesAi ? [rng.pick(AI_PROCESSORS)] : [])];
  return {
    dataRegions: given(0.7) ? (regions.length ? regions : ["us"]) : null,
    certifications: given(0.6) ? CERTIFICATION_CHANCES.filter(([, p]) => rng.chance(p)).map(([c]) => c) : null,
    dataRetention: given(0.6) ? rng.pick(RETENTIONS) : null,
    aiUsesMessageContent: given(0.7) ? usesAi : null,
    aiTrainsModels: given(0.7) || !usesAi ? trains : null,
    subProcessors: given(0.5) ? processors : null,
    securityContact: given(0.6) ? (rng.chance(0.85) ? `security@${domain}` : `https://www.${domain}/security`) : null,
    confirmedAt: given(0.8) ? iso(endMs - rng.int(400) * DAY_MS - rng.int(DAY_MS / 1000) * 1000) : null,
  };
}

// --- Versions ---------------------------------------------------------------------------------

const NOTE_LINES: Record<AppType, readonly string[]> = {
  integration: [
    "Sync runs twice as fast for organisations with many spaces",
    "Reconnecting after a password change no longer asks for every permission again",
    "New setting: choose which spaces receive notifications",
    "Fixed a time-zone bug in daily summaries",
    "Fewer duplicate notifications when several people edit the same item",
  ],
  bot: [
    "Answers in threads when mentioned in a thread",
    "New `help` command lists everything the bot can do",
    "Cards render correctly on the mobile apps",
    "Fixed: the bot sometimes answered twice in busy spaces",
    "Daily digests can now be paused for a week",
  ],
  embeddedApp: [
    "Opens 40% faster on first use",
    "Works in the sidebar as well as in meetings",
    "Keyboard shortcuts for the most common actions",
    "Fixed layout issues on small screens",
    "Shared sessions keep their state when someone rejoins",
  ],
  skill: [
    "Understands more ways of asking for the same thing",
    "Answers in the device's language",
    "Fixed: volume commands were ignored during calls",
    "New phrases for booking the room you are in",
  ],
  serviceApp: [
    "Reports can be exported as CSV",
    "Handles organisations with more than 100,000 people",
    "New audit events for every change the app makes",
    "Fixed: a licence count was off by one in summaries",
  ],
};

function versionsFor(rng: Random, type: AppType, submittedMs: number, lastReleaseMs: number) {
  const count = 1 + rng.int(6);
  let [major, minor, patch] = [1 + rng.int(3), rng.int(6), rng.int(4)];
  const releases: { version: string; releasedAt: string; notes: string }[] = [];
  let at = lastReleaseMs;
  for (let i = 0; i < count && at >= submittedMs; i++) {
    const lines = rng.sample(NOTE_LINES[type], 1 + rng.int(3));
    const notes = i === count - 1 || at - 60 * DAY_MS < submittedMs ? "First release." : lines.map((l) => `- ${l}`).join("\n");
    releases.push({ version: `${major}.${minor}.${patch}`, releasedAt: iso(at), notes });
    // Older releases, going back.
    if (patch > 0 && rng.chance(0.6)) patch--;
    else if (minor > 0) {
      minor--;
      patch = rng.int(3);
    } else if (major > 1) {
      major--;
      minor = 2 + rng.int(4);
      patch = 0;
    } else break;
    at -= (20 + rng.int(160)) * DAY_MS;
  }
  return releases;
}

// --- All of it, per app -------------------------------------------------------------------------

export type TrustInput = {
  type: AppType;
  productTypes: readonly ProductType[];
  clientId: string | null;
  status: AppRecord["status"];
  submittedMs: number;
  domain: string;
  /** Featured slide and first-party apps: their publishers give every fact. */
  showcase: boolean;
};

export function trustFor(rng: Random, app: TrustInput, endMs: number): Pick<AppRecord, "permissions" | "security" | "versions"> {
  const completeness: Completeness = app.showcase ? "full" : rng.chance(0.15) ? "none" : rng.chance(0.35) ? "partial" : "full";
  const security = securityFor(rng, app.type, app.domain, completeness, endMs);
  const permissions = permissionsFor(rng, app.type, app.productTypes, app.clientId);
  if (app.status === "coming_soon") return { permissions, security, versions: [] };
  // The latest release: most apps shipped lately, some a while ago, some long ago (stale).
  const roll = rng.next();
  const ageDays = app.showcase || roll < 0.55 ? rng.int(170) : roll < 0.8 ? 190 + rng.int(330) : 560 + rng.int(1400);
  const lastReleaseMs = Math.max(app.submittedMs, endMs - ageDays * DAY_MS - rng.int(DAY_MS / 1000) * 1000);
  return { permissions, security, versions: versionsFor(rng, app.type, app.submittedMs, lastReleaseMs) };
}

/**
 * The published, not deprecated apps seen so far, by type and by type and company, as the keys a
 * deprecation names. Keyed by company too: filtering every earlier app of the type by company for
 * each deprecated app made deprecation quadratic (4.4 of 13.3 s at 100,000 apps, most of the
 * generator's growth; issue 31).
 */
export class EarlierApps {
  readonly byType = new Map<AppType, string[]>();
  readonly byTypeAndCompany = new Map<string, string[]>();
}

/**
 * Deprecates about one in 25 published apps (never a showcase one); most name a replacement: an
 * earlier published app of the same type that is not deprecated, from the same publisher when it
 * has one. Earlier only, so the first N apps of a big catalogue still equal a catalogue of N. Run
 * app by app in the catalogue's order (CatalogueGenerator.next), with one `earlier` for the whole
 * catalogue; the same draws as the whole-catalogue pass it replaced, so no catalogue changed.
 */
export function deprecateNext(rng: Random, earlier: EarlierApps, app: AppRecord, showcase: boolean): void {
  if (app.status !== "published") return;
  const typeAndCompany = `${app.type}|${app.companyName}`;
  if (!showcase && rng.chance(0.04)) {
    const sameCompany = earlier.byTypeAndCompany.get(typeAndCompany) ?? [];
    const pool = sameCompany.length ? sameCompany : (earlier.byType.get(app.type) ?? []);
    app.deprecation = { replacement: pool.length && rng.chance(0.7) ? rng.pick(pool) : null };
    return;
  }
  const key = app.friendlyId ?? app.id;
  const list = earlier.byType.get(app.type);
  if (list) list.push(key);
  else earlier.byType.set(app.type, [key]);
  const mine = earlier.byTypeAndCompany.get(typeAndCompany);
  if (mine) mine.push(key);
  else earlier.byTypeAndCompany.set(typeAndCompany, [key]);
}
