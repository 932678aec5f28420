// Typed content entries (spec §3): the zod schema of every content type, shared by the loader
// script, the server and the browser. No server code here, so the browser may import the types.
//
// Exports, for the pages and APIs that show content:
//   CONTENT_TYPES            every content type name ("home", "announcement", "app-hub-modal", …)
//   ContentType              one of them
//   contentBodySchemas       type → zod schema of an entry's body (what an operator writes)
//   ContentBody<T>           the body of a type, e.g. ContentBody<"announcement">
//   ContentEntry<T>          a stored entry: { type, key, version, updatedAt, body }
//   isEmptyContent(type, b)  whether a body has nothing to show (such an entry counts as not found)
//   MAIN_KEY                 the key of single-entry types ("main")
//   HOME_SLIDER_IDS          the §2.5 slider categories
//   Body types:              HomeContent, HomeSlider, AnnouncementContent, ModalContent,
//                            ComingSoonContent, ComingSoonItem, CollectionContent,
//                            SecurityIntegrationsContent, SecurityProvider, SupportContent
//   contentFileSchema        the shape of one seed file in content/ (see docs/decisions/007)
// The D1 reader is app/models/content.server.ts (getContent, getContentEntries, getContentEntry…).
import { z } from "zod";
import { lazySchema, once } from "../lib/lazy-schema.ts";

/** Single-entry types keep their one entry under this key. */
export const MAIN_KEY = "main";

/** Spec §2.5 home slider categories, in the order the home page shows them. */
export const HOME_SLIDER_IDS = ["coming-soon", "messaging-bots", "developer-tools", "most-popular", "introducing-tabs"] as const;
export type HomeSliderId = (typeof HOME_SLIDER_IDS)[number];

/**
 * Every type's body schema, built on first use (docs/decisions/051): most requests never read a
 * content body, and building these three dozen zod schemas at import cost every isolate's startup.
 */
const bodySchemas = once(() => {
  /** An app in the catalogue, by friendlyId (or id when it has none), like /applications/{appId}. */
  const appKey = z.string().regex(/^[A-Za-z0-9_-]+$/, "must be an app friendlyId or id");
  /** A link on this site ("/coming-soon") or an absolute http(s) address. */
  const link = z.string().refine((v) => /^\/(?!\/)\S*$/.test(v) || /^https?:\/\/\S+$/.test(v), "must be a site path or an http(s) URL");
  const isoTime = z.string().datetime({ offset: true });
  const text = (max: number) => z.string().trim().min(1).max(max);

  const homeSliderSchema = z.object({
    id: z.enum(HOME_SLIDER_IDS),
    title: text(80),
    description: text(200),
    seeAll: link,
    apps: z.array(appKey).max(32),
  });

  const homeSchema = z
    .object({
      sliders: z.array(homeSliderSchema).max(HOME_SLIDER_IDS.length),
      /** The featured slide apps (spec §2.5), served as webexSolutionsApps. */
      featuredApps: z.array(appKey).max(16),
      /** How many of the newest apps /api/fetch-home-apps returns as recentApps. */
      recentAppsLimit: z.number().int().min(0).max(32),
    })
    .superRefine((home, ctx) => {
      const seen = new Set<string>();
      home.sliders.forEach((slider, i) => {
        if (seen.has(slider.id)) ctx.addIssue({ code: "custom", path: ["sliders", i, "id"], message: `"${slider.id}" appears twice` });
        seen.add(slider.id);
      });
    });

  const announcementSchema = z.object({
    /** Without publish details the banner is not shown (spec §4). */
    publishDetails: z.object({ time: isoTime, version: z.number().int().nonnegative() }).optional(),
    isClosable: z.boolean(),
    markdownDesktop: text(2000),
    markdownMobile: text(1000),
  });

  const modalSchema = z.object({
    modal_id: z.string().regex(/^[a-z0-9_-]+$/, "must be lower-case letters, digits, '_' or '-'"),
    metrics_id: text(100),
    title: text(120),
    modal_content: text(4000),
    modal_note: z.string().max(500),
    modal_button_text: text(40),
    /** Spec §3: the first entry is used. */
    publish_details: z.array(z.object({ time: isoTime })).min(1),
  });

  const comingSoonItemSchema = z.object({
    /** What the list shows and sorts by. */
    title: text(120),
    /** The catalogue app the card links to. */
    app: appKey,
    /** Replaces the app's tagline on the card when given. */
    description: z.string().trim().max(200).optional(),
  });

  const comingSoonSchema = z.object({
    title: text(80),
    description: text(300),
    items: z.array(comingSoonItemSchema).max(500),
  });

  const collectionSchema = z.object({
    title: text(80),
    description: text(300),
    /** Curated order; the page sorts as the visitor chooses, the API keeps this order. */
    apps: z.array(appKey).max(500),
  });

  const securityProviderSchema = z.object({
    name: text(120),
    logo: link,
    description: text(600),
    link: z
      .string()
      .url()
      .refine((v) => /^https?:\/\//.test(v), "must be an http(s) URL"),
  });

  const securityIntegrationsSchema = z.object({
    title: text(80),
    description: text(600),
    items: z.array(securityProviderSchema).max(200),
  });

  const supportSchema = z.object({
    title: text(80),
    /** Markdown-free paragraphs, one per line break, shown above the e-mail link. */
    text: text(2000),
    email: z.string().email(),
    /** Heading of the "join the developer-support space" part (built by the add-app issue). */
    developerSpaceTitle: text(120),
    developerSpaceText: text(600),
  });

  /** A search synonym (issue 28 item 7): a word or a few, letters and digits, single spaces, as people type them. */
  const synonymPhrase = z
    .string()
    .trim()
    .min(1)
    .max(60)
    .regex(/^[\p{L}\p{N}]+(?: [\p{L}\p{N}]+){0,3}$/u, "must be one to four words of letters and digits, separated by single spaces");

  /** Search synonyms: each group's words and phrases mean the same to a person searching ("notes", "minutes"). */
  const searchSynonymsSchema = z.object({
    groups: z.array(z.array(synonymPhrase).min(2).max(12)).max(1000),
  });

  return {
    home: homeSchema,
    announcement: announcementSchema,
    "app-hub-modal": modalSchema,
    "coming-soon": comingSoonSchema,
    "getting-started-collection": collectionSchema,
    "contact-center-collection": collectionSchema,
    "hybrid-collection": collectionSchema,
    "must-try-collection": collectionSchema,
    "security-integrations": securityIntegrationsSchema,
    support: supportSchema,
    "search-synonyms": searchSynonymsSchema,
  } as const;
});

type BodySchemas = ReturnType<typeof bodySchemas>;
/** Every content type's name, in the order `bodySchemas` builds them (checked below, at compile time). */
const TYPE_NAMES = [
  "home",
  "announcement",
  "app-hub-modal",
  "coming-soon",
  "getting-started-collection",
  "contact-center-collection",
  "hybrid-collection",
  "must-try-collection",
  "security-integrations",
  "support",
  "search-synonyms",
] as const satisfies readonly (keyof BodySchemas)[];
type Unlisted = Exclude<keyof BodySchemas, (typeof TYPE_NAMES)[number]>;
/** Fails to compile when a type is added to `bodySchemas` but not to TYPE_NAMES. */
const everyTypeListed: [Unlisted] extends [never] ? true : Unlisted = true;
void everyTypeListed;

/**
 * Type → the zod schema of an entry's body. Each property is a getter, so the schemas are built on
 * their first use (`bodySchemas`), not when the Worker starts (docs/decisions/051).
 */
export const contentBodySchemas: BodySchemas = Object.defineProperties(
  {} as BodySchemas,
  Object.fromEntries(TYPE_NAMES.map((name) => [name, { get: () => bodySchemas()[name], enumerable: true }])),
);

export type ContentType = keyof typeof contentBodySchemas;
export const CONTENT_TYPES = Object.keys(contentBodySchemas) as ContentType[];
export const isContentType = (value: string): value is ContentType => Object.hasOwn(contentBodySchemas, value);

/** Types that hold many entries (one per key); every other type has exactly one, under MAIN_KEY. */
export const MULTI_ENTRY_TYPES: readonly ContentType[] = ["app-hub-modal"];

export type ContentBody<T extends ContentType> = z.infer<(typeof contentBodySchemas)[T]>;
export type ContentEntry<T extends ContentType = ContentType> = {
  type: T;
  key: string;
  /** The entry's own version from its seed file; the loader refuses a changed body with the same version. */
  version: number;
  /** When the loader last stored a change to this entry (ISO 8601). */
  updatedAt: string;
  body: ContentBody<T>;
};

export type HomeContent = ContentBody<"home">;
export type HomeSlider = HomeContent["sliders"][number];
export type AnnouncementContent = ContentBody<"announcement">;
export type ModalContent = ContentBody<"app-hub-modal">;
export type ComingSoonContent = ContentBody<"coming-soon">;
export type ComingSoonItem = ComingSoonContent["items"][number];
export type CollectionContent = ContentBody<"hybrid-collection">;
export type SecurityIntegrationsContent = ContentBody<"security-integrations">;
export type SecurityProvider = SecurityIntegrationsContent["items"][number];
export type SupportContent = ContentBody<"support">;
export type SearchSynonymsContent = ContentBody<"search-synonyms">;

/** The collection types, and the list route each one feeds (contact-center has no page of its own). */
export const COLLECTION_CONTENT = {
  "getting-started-collection": "getting-started",
  "hybrid-collection": "hybrid-work",
  "contact-center-collection": null,
  "must-try-collection": null,
} as const satisfies Record<string, string | null>;
export type CollectionContentType = keyof typeof COLLECTION_CONTENT;

/** An entry with nothing to show is treated as not found (spec §2.1 CASB_INTEGRATIONS, §8). */
export function isEmptyContent(type: ContentType, body: unknown): boolean {
  if (body === null || typeof body !== "object") return true;
  const b = body as Record<string, unknown>;
  switch (type) {
    case "coming-soon":
    case "security-integrations":
      return !Array.isArray(b.items) || b.items.length === 0;
    case "getting-started-collection":
    case "contact-center-collection":
    case "hybrid-collection":
    case "must-try-collection":
      return !Array.isArray(b.apps) || b.apps.length === 0;
    case "search-synonyms":
      return !Array.isArray(b.groups) || b.groups.length === 0;
    case "home":
      return (!Array.isArray(b.sliders) || b.sliders.length === 0) && (!Array.isArray(b.featuredApps) || b.featuredApps.length === 0);
    default:
      return Object.keys(b).length === 0;
  }
}

/**
 * One seed file in content/: `{ "type": "announcement", "entries": [{ "key": "main", "version": 3,
 * "body": { … } }] }`. Bodies are checked against their type's schema by the loader
 * (scripts/lib/content-load.ts), which names file, entry and field on a bad one.
 */
export const contentFileSchema = lazySchema(() =>
  z.object({
    type: z.string(),
    entries: z.array(
      z.object({
        key: z
          .string()
          .regex(/^[a-z0-9][a-z0-9_-]*$/, "must be lower-case letters, digits, '_' or '-'")
          .max(80),
        version: z.number().int().min(1),
        body: z.unknown(),
      }),
    ),
  }),
);
export type ContentFile = z.infer<typeof contentFileSchema>;
