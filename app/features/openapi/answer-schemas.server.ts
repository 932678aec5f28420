// The JSON answers of the public API, as zod schemas the OpenAPI document is generated from
// (./document.server.ts). The routes build their answers from the catalogue's TypeScript types
// (app/models/types.ts and friends); each schema here is tied to its type with `satisfies
// Describes<…>`, so a field added to a type (or a type changed) fails the type check until the
// document says it too. The contract test (test/integration/openapi.test.ts) checks the real
// answers against what these schemas become.
import { z } from "zod";
import type { RatingSummary } from "~/features/reviews/reviews.server";
import type { VideoEmbed } from "~/features/app-detail/video";
import type { submissionJson } from "~/features/publisher-api/submit.server";
import { SUBMISSION_KINDS } from "~/features/publisher-api/submissions.server";
import { categoryRecordSchema } from "~/models/catalogue-record";
import type { Suggestion } from "~/models/catalogue.server";
import { CONTENT_TYPES, contentBodySchemas, type ContentType } from "~/models/content";
import type { HomeSliderWithApps } from "~/models/content.server";
import { APP_CONTEXTS, APP_STATUSES, APP_TYPES, PRODUCT_TYPES } from "~/models/enums";
import { FRESHNESS } from "~/models/freshness";
import { PERMISSION_GROUPS, PERMISSION_KEYS, type PermissionGroupView, type PermissionKey } from "~/models/permissions";
import { CERTIFICATIONS, DATA_REGIONS, type SecurityFacts } from "~/models/security-facts";
import type { AppDetail, AppSummary, AppVersion, Category, Publisher, PublisherSummary } from "~/models/types";

/** A schema whose parsed value is a T: what ties an answer's schema to the type the route returns. */
type Describes<T> = z.ZodType<T, z.ZodTypeDef, unknown>;

const isoTime = z.string().datetime({ offset: true });
const permissionKey = z.enum(PERMISSION_KEYS as [PermissionKey, ...PermissionKey[]]);

// --- errors (app/lib/http.server.ts jsonError: `{message, ...extra}`)

export const errorSchema = z
  .object({ message: z.string().describe("What went wrong, in words a person can act on.") })
  .passthrough()
  .describe("Every error answer: a message, and any fields the endpoint documents beside it.");

export const validationErrorSchema = z
  .object({
    message: z.string().describe("Names the first problem, e.g. `Invalid version: must be a version such as 2.4.1`."),
    errors: z
      .array(
        z.object({
          path: z.string().describe("The field's path in the body, dot-separated (`screenshots.0`); empty for the body itself."),
          message: z.string(),
        }),
      )
      .describe("Every problem found, each with the field it is about."),
  })
  .describe("A body that failed validation: every problem with its field path.");

export const rateLimitedSchema = z
  .object({ message: z.string(), error: z.literal("too_many_requests") })
  .describe("Too many requests from this address; `Retry-After` says when to try again.");

// --- the catalogue (app/models/types.ts)

export const categorySchema = categoryRecordSchema.describe("A category of the catalogue.") satisfies Describes<Category>;

export const appSummarySchema = z
  .object({
    id: z.string().describe("The app's id."),
    friendlyId: z.string().nullable().describe("The app's readable id, used in its address; null when it has none (the id is used then)."),
    name: z.string(),
    logo: z.string().describe("The logo's address: absolute, or a path on this site."),
    type: z.enum(APP_TYPES),
    productType: z.enum(PRODUCT_TYPES).describe("The product the app is listed under first."),
    companyName: z.string(),
    tagline: z.string(),
    isFeatured: z.boolean(),
    status: z.enum(APP_STATUSES),
    submittedAt: isoTime,
    ratingAverage: z.number().min(1).max(5).nullable().describe("The average of the visible reviews, one decimal; null without any."),
    ratingCount: z.number().int().min(0),
    freshness: z.enum(FRESHNESS).describe("active: a release in the last 6 months; maintained: in the last 18; stale: none in 18 months; deprecated: the publisher deprecated it."),
    publisherVerified: z.boolean().describe("Whether the hub verified the publisher's domain."),
    _score: z.number().optional().describe("The relevance score, present when results are sorted by relevance."),
  })
  .describe("An app as lists show it.") satisfies Describes<AppSummary>;

export const publisherSummarySchema = z.object({
  slug: z.string(),
  name: z.string(),
  domain: z.string().nullable(),
  verifiedAt: isoTime.nullable().describe("When the hub verified the publisher's domain; null: not verified."),
}) satisfies Describes<PublisherSummary>;

export const publisherSchema = publisherSummarySchema
  .extend({
    about: z.string().nullable(),
    websiteUrl: z.string().url().nullable(),
    supportUrl: z.string().url().nullable(),
    privacyUrl: z.string().url().nullable(),
    securityContact: z.string().nullable().describe("An e-mail address or an https URL."),
    location: z.string().nullable(),
  })
  .describe("A publisher of apps.") satisfies Describes<Publisher>;

export const securityFactsAnswerSchema = z
  .object({
    dataRegions: z.array(z.enum(DATA_REGIONS)).nullable(),
    certifications: z.array(z.enum(CERTIFICATIONS)).nullable(),
    dataRetention: z.string().nullable(),
    aiUsesMessageContent: z.boolean().nullable(),
    aiTrainsModels: z.boolean().nullable(),
    subProcessors: z.array(z.object({ name: z.string(), purpose: z.string(), country: z.string().nullable() })).nullable(),
    securityContact: z.string().nullable().describe("An e-mail address or an https URL."),
    confirmedAt: isoTime.nullable().describe("When the publisher last confirmed these facts."),
  })
  .describe("Security and compliance facts. null: not provided; an empty list means none.") satisfies Describes<SecurityFacts>;

const appVersionSchema = z.object({
  version: z.string(),
  releasedAt: isoTime,
  notes: z.string().describe("Release notes, markdown."),
}) satisfies Describes<AppVersion>;

const permissionGroupSchema = z.object({
  group: z.enum(PERMISSION_GROUPS),
  label: z.string(),
  items: z.array(z.object({ key: permissionKey, label: z.string().describe("The permission in plain words."), group: z.enum(PERMISSION_GROUPS) })),
}) satisfies Describes<PermissionGroupView>;

const ratingSummarySchema = z.object({
  average: z.number().nullable(),
  count: z.number().int().min(0),
  distribution: z.array(z.number().int().min(0)).length(5).describe("How many reviews gave 1 to 5 stars (index 0 is 1 star)."),
}) satisfies Describes<RatingSummary>;

const appDetailFields = {
  clientId: z.string().nullable().describe("An integration's OAuth client id."),
  connectUrl: z.string().nullable().describe("The vendor's connect page; it may contain `{return_url}`."),
  description: z.string().describe("Markdown."),
  screenshots: z.array(z.string()),
  videoUrl: z.string().nullable(),
  websiteUrl: z.string().nullable(),
  supportUrl: z.string().nullable(),
  privacyUrl: z.string().nullable(),
  termsUrl: z.string().nullable(),
  requiresAdmin: z.boolean(),
  botEmail: z.string().nullable(),
  updatedAt: isoTime,
  appContexts: z.array(z.enum(APP_CONTEXTS)),
  productTypes: z.array(z.enum(PRODUCT_TYPES)),
  categories: z.array(categorySchema),
  publisher: publisherSummarySchema,
  permissions: z.array(permissionKey),
  security: securityFactsAnswerSchema,
  versions: z.array(appVersionSchema).describe("Releases, newest first."),
  lastReleaseAt: isoTime.describe("The latest release's date (the submission's when it has none)."),
  replacement: z.object({ key: z.string(), name: z.string() }).nullable().describe("A deprecated app's replacement, when its publisher named one that is listed."),
};
appSummarySchema.extend(appDetailFields) satisfies Describes<AppDetail>;

export const appDetailSchema = appSummarySchema
  .extend({
    ...appDetailFields,
    permissionGroups: z.array(permissionGroupSchema).describe("The permissions grouped read, write, admin, in plain words."),
    rating: ratingSummarySchema,
  })
  .describe("Everything an app's page shows a visitor.") satisfies Describes<AppDetail & { permissionGroups: PermissionGroupView[]; rating: RatingSummary }>;

export const appPageSchema = z.object({
  items: z.array(appSummarySchema),
  total: z.number().int().min(0).describe("How many apps match, on all pages; with `totalCapped`, at least this many."),
  totalCapped: z.literal(true).optional().describe('Counts stop at 1,001 (or one past the page asked for): when set, `total` is a lower bound (a page shows it as "1,000+").'),
});

/** /api/search's answer: a page, and with a text, how it was searched (issue 28). */
export const searchAnswerSchema = appPageSchema.extend({
  correctedQuery: z
    .string()
    .nullable()
    .optional()
    .describe(
      "With `searchQuery`: when the text as typed found little and a corrected text (typos fixed, words split or joined) finds more, the corrected text these results are for; else null. Pass `literal=true` to search the text as typed.",
    ),
  moreWithSomeWords: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe("With `searchQuery`: how many more apps match some but not all of the words (`total` counts the apps that match all of them)."),
  filtersFromWords: z
    .array(
      z.object({
        filter: z.enum(["certification", "region", "type", "product", "category", "freshness"]),
        value: z.string().describe("The filter's value: a certification, data region, app type, product path, category slug or freshness."),
        words: z.string().describe("The words of `searchQuery` that said it."),
      }),
    )
    .optional()
    .describe('Needs said in words that were applied as filters ("HIPAA transcription in the EU"); absent when none were. `literal=true` turns this off.'),
  searchedText: z.string().optional().describe("With `filtersFromWords`: the words searched as text (may be empty)."),
});

export const suggestionsSchema = z.object({
  items: z
    .array(
      z.object({
        id: z.string(),
        friendlyId: z.string().nullable(),
        name: z.string(),
        logo: z.string(),
        companyName: z.string(),
        type: z.enum(APP_TYPES),
        _score: z.number(),
      }) satisfies Describes<Suggestion>,
    )
    .max(5),
  more: z.boolean().describe("Whether more apps match than the five shown (a 'Search all' row is due)."),
  correctedQuery: z.string().nullable().describe("When the text as typed suggests nothing, the corrected text the suggestions are for (issue 28); else null."),
});

export const videoEmbedSchema = z.object({
  html: z.string().describe("The provider's embed HTML."),
  thumbnail_url_with_play_button: z.string().url(),
  embedSrc: z.string().url().describe("The player's address, checked to be on the provider's player host."),
}) satisfies Describes<VideoEmbed>;

// --- content entries (app/features/content/content-api.server.ts serialiseEntry and expandEntry)

/** A body schema's object (the home body carries a refinement around it). */
function bodyObject(type: ContentType): z.AnyZodObject {
  const schema: z.ZodTypeAny = contentBodySchemas[type];
  return schema instanceof z.ZodEffects ? (schema.innerType() as z.AnyZodObject) : (schema as z.AnyZodObject);
}

const entryHead = <T extends ContentType>(type: T) =>
  z.object({
    type: z.literal(type),
    key: z.string().describe('The entry\'s key ("main" for types with one entry).'),
    version: z.number().int().describe("The entry's own version."),
    updatedAt: isoTime.describe("When the entry last changed."),
  });

/** What expandEntry adds: a collection's resolved apps, in curated order. */
const COLLECTION_TYPES = ["getting-started-collection", "contact-center-collection", "hybrid-collection", "must-try-collection"] as const satisfies readonly ContentType[];

function entrySchema(type: ContentType): z.AnyZodObject {
  const entry = entryHead(type).merge(bodyObject(type));
  return (COLLECTION_TYPES as readonly string[]).includes(type) ? entry.extend({ items: z.array(appSummarySchema).describe("The collection's apps, in curated order.") }) : entry;
}

const [firstType, ...otherTypes] = CONTENT_TYPES.map(entrySchema);
export const contentEntrySchema = z
  .union([firstType!, ...otherTypes] as unknown as [z.AnyZodObject, z.AnyZodObject, ...z.AnyZodObject[]])
  .describe("A content entry: its type, key, version and time, beside its body's fields.");

export const contentEntriesSchema = z.object({ entries: z.array(contentEntrySchema) });
export const securityProvidersSchema = z.object({ items: bodyObject("security-integrations").shape.items as z.ZodTypeAny });

export const homeAppsSchema = z.object({
  webexSolutionsApps: z.array(appSummarySchema).describe("The home page's featured slide apps."),
  recentApps: z.array(appSummarySchema).describe("The newest published apps."),
  homeEntry: entryHead("home")
    .merge(bodyObject("home"))
    .extend({
      sliders: z.array(
        bodyObject("home")
          .shape.sliders.element.extend({ items: z.array(appSummarySchema).describe("The slider's apps.") })
          .describe("A home page row") satisfies Describes<HomeSliderWithApps>,
      ),
    }),
});

export const collectionAppsSchema = z.object({
  items: z.array(appSummarySchema),
  total: z.number().int().min(0).describe("How many apps the collection has (before `max`)."),
});

// --- the publisher API

export const submissionSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(SUBMISSION_KINDS).describe("What was submitted: a new app's draft, a listing change or a new version."),
    appId: z.string().describe("The app's id (for a draft, the id the new app will have)."),
    appName: z.string().describe("The app's name (for a listing change that renames it, the new name)."),
    state: z
      .enum(["pending", "approved", "rejected", "withdrawn"])
      .describe("pending until a hub admin approves or rejects it; withdrawn when the publisher took it back in the console while pending."),
    reason: z.string().nullable().describe("Why a hub admin rejected it; null otherwise."),
    createdAt: isoTime,
    decidedAt: isoTime.nullable().describe("When it was approved or rejected."),
    links: z.object({
      self: z.string().describe("Where to read this submission again."),
      app: z.string().optional().describe("The app's page, once the submission is approved."),
    }),
  })
  .describe("A submission waiting for (or past) a hub admin's review.") satisfies Describes<ReturnType<typeof submissionJson>>;

export const submissionListSchema = z.object({ submissions: z.array(submissionSchema).describe("Newest first, at most 100.") });

export const publisherMeSchema = z.object({
  publisher: publisherSchema,
  token: z.object({
    name: z.string().describe("The name the hub admin gave the token."),
    prefix: z.string().describe("The token's first characters, to tell tokens apart."),
    createdAt: isoTime,
    lastUsedAt: isoTime.nullable().describe("Noted at most once a minute."),
    expiresAt: isoTime
      .nullable()
      .describe("When the token stops working (30, 90 or 365 days after it was made). Null only briefly, for a token made before expiries, until the hub gives it one (90 days)."),
  }),
});

/** The schemas the document names in components.schemas, referenced wherever they occur. */
export const NAMED_SCHEMAS = {
  Error: errorSchema,
  ValidationError: validationErrorSchema,
  RateLimited: rateLimitedSchema,
  AppSummary: appSummarySchema,
  AppDetail: appDetailSchema,
  Category: categorySchema,
  Publisher: publisherSchema,
  PublisherSummary: publisherSummarySchema,
  SecurityFacts: securityFactsAnswerSchema,
  ContentEntry: contentEntrySchema,
  Submission: submissionSchema,
} as const satisfies Record<string, z.ZodTypeAny>;
