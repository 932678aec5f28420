// The public API, one entry per operation: what the OpenAPI document (./document.server.ts) and the
// reference page (/developers/api) are made of. Request bodies and query parameters are the zod
// schemas the routes validate with; answers are ./answer-schemas.server.ts. To document a new
// endpoint, add its entry here; an /api route that is neither here nor in NOT_IN_THE_PUBLIC_API
// fails the unit test (document.server.test.ts).
import { z } from "zod";
import { mustTryParamsSchema, suggestParamsSchema, videoParamsSchema } from "~/features/api/query-schemas.server";
import { searchParamsSchema } from "~/features/api/search-params.server";
import { appDraftSchema } from "~/features/publisher-api/draft-record";
import { PENDING_DRAFTS_MAX } from "~/features/publisher-api/draft-submission.server";
import { listingUpdateSchema } from "~/features/publisher-api/listing-submission.server";
import { versionSubmissionSchema } from "~/features/publisher-api/version-submission.server";
import { CONTENT_TYPES } from "~/models/content";
import { PRODUCT_TYPES } from "~/models/enums";
import { FRESHNESS } from "~/models/freshness";
import { AI_USES, CERTIFICATIONS, DATA_REGIONS } from "~/models/security-facts";
import {
  appDetailSchema,
  searchAnswerSchema,
  appSummarySchema,
  categorySchema,
  collectionAppsSchema,
  contentEntriesSchema,
  contentEntrySchema,
  errorSchema,
  homeAppsSchema,
  publisherMeSchema,
  rateLimitedSchema,
  securityProvidersSchema,
  submissionListSchema,
  submissionSchema,
  suggestionsSchema,
  validationErrorSchema,
  videoEmbedSchema,
} from "./answer-schemas.server";

export const TAGS = [
  { name: "Catalogue", description: "Apps, categories and search: what the hub's pages list. Public, no authentication, cacheable." },
  { name: "Content", description: "The hub's editorial content (home rows, collections, announcements), as the pages use it. Public and cacheable." },
  {
    name: "Publisher",
    description:
      "For publishers' own systems: submit changes to your apps for review and follow them. Every call needs a publisher API token (`Authorization: Bearer <token>`); nothing changes live until a hub admin approves.",
  },
  { name: "Reference", description: "This document." },
] as const;
export type Tag = (typeof TAGS)[number]["name"];

/** Response headers the document describes (./document.server.ts has their words). */
export type HeaderName = "ETag" | "Cache-Control" | "Location" | "Idempotent-Replayed" | "WWW-Authenticate" | "Retry-After";

export type ResponseSpec = {
  description: string;
  /** The JSON body; none for 304. */
  body?: z.ZodTypeAny;
  headers?: readonly HeaderName[];
};

/** A query parameter's words, and for a list its vocabulary (comma-separated or repeated). */
export type QueryDoc = { description: string; list?: readonly string[] };

export type Operation = {
  operationId: string;
  method: "get" | "post";
  /** OpenAPI's path template: `{name}` for a path parameter. */
  path: string;
  tag: Tag;
  summary: string;
  description?: string;
  auth: "none" | "publisherToken";
  pathParameters?: Record<string, { description: string; schema: z.ZodTypeAny }>;
  /** The route's own zod schema of its query, and words for each parameter. */
  query?: { schema: z.AnyZodObject; docs: Record<string, QueryDoc> };
  /** The request takes an `Idempotency-Key` header. */
  idempotencyKey?: boolean;
  requestBody?: {
    schema: z.ZodTypeAny;
    description: string;
    /** Words for fields, by dotted path (`security.dataRegions`); a path the schema lacks is an error. */
    fields?: Record<string, string>;
  };
  responses: Record<number, ResponseSpec>;
};

// --- answers every operation of a kind gives

const PUBLIC_GET = ["ETag", "Cache-Control"] as const;
const ok = (body: z.ZodTypeAny, description: string): ResponseSpec => ({ description, body, headers: PUBLIC_GET });
const NOT_MODIFIED: ResponseSpec = {
  description: "Not modified: the `If-None-Match` request header named the current `ETag`. No body.",
  headers: ["ETag", "Cache-Control"],
};
const failure = (description: string, body: z.ZodTypeAny = errorSchema): ResponseSpec => ({ description, body, headers: ["Cache-Control"] });
const RATE_LIMITED: ResponseSpec = {
  description: "Too many requests from this address. Wait as many seconds as `Retry-After` says.",
  body: rateLimitedSchema,
  headers: ["Retry-After", "Cache-Control"],
};
const UNAUTHORIZED: ResponseSpec = {
  description:
    "No token, not a Bearer token, or a token that is unknown or mistyped, revoked (by a member or hub admin, or because the member who made it was removed from the publisher) or expired (every token expires, 30, 90 or 365 days after it was made). The message says which, with the date of a revocation or expiry.",
  body: errorSchema,
  headers: ["WWW-Authenticate", "Cache-Control"],
};
const BAD_PARAMETER = failure("A query parameter is not valid; the message names it.");
const NO_CONTENT = failure("No content was found: the entry does not exist or has nothing to show.");

const appId = { description: "The app's friendlyId, or its id when it has none.", schema: z.string() };

const listParam = (values: readonly string[], description: string): QueryDoc => ({ description, list: values });

// --- the publisher API's submissions (app/features/publisher-api/submit.server.ts)

/** Words for the security facts, under the field that holds them (a version's or a draft's `security`). */
const securityFields = (at: string): Record<string, string> => ({
  [`${at}.dataRegions`]: "Where the app keeps data.",
  [`${at}.certifications`]: "Certifications the app holds; an empty list means none.",
  [`${at}.dataRetention`]: "How long data is kept, in words.",
  [`${at}.aiUsesMessageContent`]: "Whether AI features read message content.",
  [`${at}.aiTrainsModels`]: "Whether message content trains AI models (not true when aiUsesMessageContent is false).",
  [`${at}.subProcessors`]: "Other companies that process the data.",
  [`${at}.securityContact`]: "An e-mail address or an https URL for security reports.",
  [`${at}.confirmedAt`]: "When these facts were last confirmed.",
});

/** Words for the listing fields a draft and a listing change share. */
const LISTING_FIELDS: Record<string, string> = {
  name: "The app's name.",
  tagline: "One line under the name.",
  description: "What the app does, in markdown.",
  logo: "The logo, by https URL.",
  screenshots: "Screenshots by https URL, in order.",
  videoUrl: "A video on vimeo.com.",
  websiteUrl: "The app's website.",
  supportUrl: "Where people get help.",
  privacyUrl: "The privacy policy.",
  termsUrl: "The terms of service.",
  categoryIds: "Every category the app is in, by id (from GET /api/fetch-all-categories).",
};

const SUBMITTED: ResponseSpec = {
  description:
    "Accepted for review: the submission, `pending`. A retry with the same `Idempotency-Key` and body gets the first answer again, marked `Idempotent-Replayed: true` (without `Location`).",
  body: submissionSchema,
  headers: ["Location", "Idempotent-Replayed", "Cache-Control"],
};
const INVALID_SUBMISSION = failure(
  "The body is not valid: every problem with its field path in `errors`. A body that is not JSON, or an invalid `Idempotency-Key`, is a 400 without `errors`.",
  z.union([validationErrorSchema, errorSchema]),
);
const TOO_LARGE = failure("The body is larger than 64 KB.");
const KEY_REUSED = failure("This `Idempotency-Key` was already used for a different request.");
const SUBMISSIONS_LIMITED: ResponseSpec = {
  description: "Too many submissions with this token in a short time (30 a minute). Wait as many seconds as `Retry-After` says.",
  body: rateLimitedSchema,
  headers: ["Retry-After", "Cache-Control"],
};
const TOO_MANY_DRAFTS = failure(
  `${PENDING_DRAFTS_MAX} of the publisher's new apps already wait for review, the most one publisher may have; send it again once a hub admin decided on one. The body adds \`error: "too_many_pending_drafts"\` and \`limit\`.`,
);
const OTHER_PUBLISHERS_APP = failure("The app belongs to another publisher; the message names both.");
const ownApp = { description: "The app's friendlyId, or its id. It must belong to the token's publisher.", schema: z.string() };

export const OPERATIONS: readonly Operation[] = [
  {
    operationId: "searchApps",
    method: "get",
    path: "/api/search",
    tag: "Catalogue",
    auth: "none",
    summary: "Search and filter apps",
    description:
      "Apps matching the filters and the text, a page at a time, as `{items, total}`. The text forgives: one typo from 4 letters and two from 8 (not in the first letter, never in words of 2–3 letters), word forms (singular and plural), split and joined words; apps that match every word are counted in `total` and the rest in `moreWithSomeWords`; `correctedQuery` names a correction. Deprecated apps are left out unless asked for. Paging past the last result is a 404.",
    query: {
      schema: searchParamsSchema(),
      docs: {
        searchQuery: { description: "Words to look for in the apps' names, companies, taglines and descriptions." },
        sortBy: { description: "`alphabetical` (by name), `relevance` (by match score), `rating`; anything else sorts by date, newest first." },
        orderBy: { description: "`asc` or `desc`. Default: `asc` for alphabetical, `desc` otherwise." },
        max: { description: "How many apps one page holds (default: the hub's page size)." },
        offset: { description: "How many apps to skip." },
        category: { description: "A category's apiId (from /api/fetch-all-categories)." },
        isFeatured: { description: "`true`: featured apps only; `false`: the others." },
        appType: { description: "One app type." },
        appContext: { description: "Where the app is used." },
        productType: listParam([...PRODUCT_TYPES, "all"], "Products the app is listed under; `all` means every product."),
        certification: listParam(CERTIFICATIONS, "The app holds every certification named."),
        dataRegion: listParam(DATA_REGIONS, "The app keeps data in any of these regions."),
        aiUse: listParam(AI_USES, "How the app uses AI: any of these."),
        freshness: listParam(FRESHNESS, "Any of these; naming `deprecated` lists deprecated apps."),
        verifiedPublisher: { description: "`true`: only apps of verified publishers (`false` is no filter)." },
        includeDeprecated: { description: "`true`: deprecated apps beside the others." },
        minRating: { description: "The average rating is at least this; apps without ratings are left out." },
        literal: { description: "`true`: search the words as typed and their forms only, without typo corrections, split or joined words." },
      },
    },
    responses: {
      200: ok(searchAnswerSchema, "A page of matching apps, how many match all the words, and the corrected text when there was one."),
      304: NOT_MODIFIED,
      400: BAD_PARAMETER,
      404: failure("`offset` is past the last result."),
      429: RATE_LIMITED,
    },
  },
  {
    operationId: "suggestApps",
    method: "get",
    path: "/api/suggest",
    tag: "Catalogue",
    auth: "none",
    summary: "Suggest apps while someone types",
    description: "At most five apps whose name or company matches the text (its last word as a prefix), best first. Empty text answers no apps.",
    query: { schema: suggestParamsSchema, docs: { q: { description: "What has been typed so far." } } },
    responses: { 200: ok(suggestionsSchema, "The best matches, and whether there are more."), 304: NOT_MODIFIED, 400: BAD_PARAMETER, 429: RATE_LIMITED },
  },
  {
    operationId: "getApp",
    method: "get",
    path: "/api/apps/{appId}",
    tag: "Catalogue",
    auth: "none",
    summary: "One app, with everything its page shows",
    description: "Permissions in plain words, security and compliance facts (null where not provided), publisher, versions, freshness and the rating summary.",
    pathParameters: { appId },
    responses: { 200: ok(appDetailSchema, "The app."), 304: NOT_MODIFIED, 404: failure("No listed app has this id.") },
  },
  {
    operationId: "listFeaturedApps",
    method: "get",
    path: "/api/fetch-featured-apps",
    tag: "Catalogue",
    auth: "none",
    summary: "Featured apps",
    description: "Up to 8 featured apps, newest first.",
    responses: { 200: ok(z.object({ items: z.array(appSummarySchema).max(8) }), "The featured apps."), 304: NOT_MODIFIED },
  },
  {
    operationId: "listCategories",
    method: "get",
    path: "/api/fetch-all-categories",
    tag: "Catalogue",
    auth: "none",
    summary: "All categories",
    responses: { 200: ok(z.array(categorySchema), "Every category, as stored."), 304: NOT_MODIFIED },
  },
  {
    operationId: "getVideoEmbed",
    method: "get",
    path: "/api/fetch-vimeo",
    tag: "Catalogue",
    auth: "none",
    summary: "A video's embed",
    description: "Asks the video provider (oEmbed) about an app's video and answers its embed, with the checked player address. The provider gets 30 seconds.",
    query: { schema: videoParamsSchema, docs: { url: { description: "The video's https address on vimeo.com (an app's `videoUrl`)." } } },
    responses: {
      200: ok(videoEmbedSchema, "The video's embed."),
      304: NOT_MODIFIED,
      400: BAD_PARAMETER,
      404: failure("The provider has no video at that address."),
      502: failure("The provider could not be reached, failed, or answered without a playable embed or usable thumbnail."),
      504: failure("The provider did not answer in time."),
    },
  },
  {
    operationId: "getHomeApps",
    method: "get",
    path: "/api/fetch-home-apps",
    tag: "Content",
    auth: "none",
    summary: "The home page's apps",
    description: "The featured slide apps, the newest apps, and the home entry with each row's apps.",
    responses: { 200: ok(homeAppsSchema, "The home page's apps and entry."), 304: NOT_MODIFIED, 404: NO_CONTENT },
  },
  {
    operationId: "getMustTryCollection",
    method: "get",
    path: "/api/fetch-must-try-collection",
    tag: "Content",
    auth: "none",
    summary: "The most popular apps",
    description: "The must-try collection's apps in curated order.",
    query: { schema: mustTryParamsSchema, docs: { max: { description: "At most this many apps." } } },
    responses: { 200: ok(collectionAppsSchema, "The collection's apps."), 304: NOT_MODIFIED, 400: BAD_PARAMETER, 404: NO_CONTENT },
  },
  {
    operationId: "listContentEntries",
    method: "get",
    path: "/api/content/{type}",
    tag: "Content",
    auth: "none",
    summary: "The entries of one content type",
    description:
      "`{entries}` for every type but `security-integrations`, which answers its providers as `{items}`. Collections carry their apps as `items`; coming soon its items sorted by title.",
    pathParameters: { type: { description: "A content type.", schema: z.enum(CONTENT_TYPES as [string, ...string[]]) } },
    responses: {
      200: ok(z.union([contentEntriesSchema, securityProvidersSchema]), "The type's entries (or, for `security-integrations`, its providers)."),
      304: NOT_MODIFIED,
      404: failure("No content was found: an unknown type, or no entry with anything to show."),
    },
  },
  {
    operationId: "getContentEntry",
    method: "get",
    path: "/api/content/{type}/{key}",
    tag: "Content",
    auth: "none",
    summary: "One content entry",
    description: "One entry by type and key, e.g. `/api/content/security-integrations/main` or `/api/content/app-hub-modal/{modal_id}`.",
    pathParameters: {
      type: { description: "A content type.", schema: z.enum(CONTENT_TYPES as [string, ...string[]]) },
      key: { description: "The entry's key: \"main\" for types with one entry, a modal's `modal_id` for modals.", schema: z.string() },
    },
    responses: { 200: ok(contentEntrySchema, "The entry."), 304: NOT_MODIFIED, 404: NO_CONTENT },
  },
  {
    operationId: "getPublisherMe",
    method: "get",
    path: "/api/publisher/v1/me",
    tag: "Publisher",
    summary: "Who the token acts for",
    description: "The publisher the token belongs to, and the token's name and prefix (never the secret). A first call to check your setup.",
    auth: "publisherToken",
    responses: {
      200: { description: "The token's publisher and the token.", body: publisherMeSchema, headers: PUBLIC_GET },
      304: NOT_MODIFIED,
      401: UNAUTHORIZED,
      404: failure("The token's publisher is no longer in the catalogue."),
    },
  },
  {
    operationId: "createAppDraft",
    method: "post",
    path: "/api/publisher/v1/apps",
    tag: "Publisher",
    auth: "publisherToken",
    summary: "Submit a new app",
    description:
      "The draft is checked with the catalogue's own rules (a bot needs its `botEmail`, `productTypes` must include `productType`, the permissions must fit the type, the categories must exist, the friendlyId must be free, and the `clientId` and `botEmail` must be no other app's) and waits for a hub admin's review. Another publisher's pending draft reserves nothing: the first approved takes an address. The answer names the id the app will have; it is in no list, search or page until it is approved. The body is at most 64 KB.",
    idempotencyKey: true,
    requestBody: {
      schema: appDraftSchema,
      description: "The new app's listing. Unknown fields are refused.",
      fields: {
        ...LISTING_FIELDS,
        friendlyId: "The readable id in the app's address (/applications/{friendlyId}); without one the app's id is its address.",
        type: "What kind of app it is.",
        productType: "The product it is listed under first.",
        productTypes: "Every product it works with (including productType).",
        requiresAdmin: "Whether only an administrator can add it.",
        botEmail: "A bot's address, which people add to spaces (required for bots). No other app may have it.",
        clientId: "An integration's OAuth client id. No other app may have it.",
        connectUrl: "An integration's page where Connect starts; it may contain `{return_url}`.",
        permissions: "Every permission it has: keys of the hub's vocabulary that fit its type.",
        security: "Its security and compliance facts. A fact left out or null reads 'Not provided'.",
        ...securityFields("security"),
        version: "The first release, when there is one to announce.",
        "version.version": "The version, such as 1.0.0.",
        "version.releaseNotes": "What it brings, in markdown.",
      },
    },
    responses: { 202: SUBMITTED, 400: INVALID_SUBMISSION, 401: UNAUTHORIZED, 409: TOO_MANY_DRAFTS, 413: TOO_LARGE, 422: KEY_REUSED, 429: SUBMISSIONS_LIMITED },
  },
  {
    operationId: "submitListingChange",
    method: "post",
    path: "/api/publisher/v1/apps/{appId}/listing",
    tag: "Publisher",
    auth: "publisherToken",
    summary: "Change an app's listing, or deprecate it",
    description:
      "Only the fields sent change, once a hub admin approves. `deprecation` takes the app off the lists and may name the app to use instead. The body is at most 64 KB.",
    pathParameters: { appId: ownApp },
    idempotencyKey: true,
    requestBody: {
      schema: listingUpdateSchema,
      description: "At least one field to change. Unknown fields are refused.",
      fields: {
        ...LISTING_FIELDS,
        categoryIds: "Every category the app is in, by id (from GET /api/fetch-all-categories): they replace the current ones.",
        deprecation: "Deprecates the app.",
        "deprecation.replacement": "The app to use instead (its friendlyId or id), or null.",
      },
    },
    responses: {
      202: SUBMITTED,
      400: INVALID_SUBMISSION,
      401: UNAUTHORIZED,
      403: OTHER_PUBLISHERS_APP,
      404: failure("No app has this id."),
      413: TOO_LARGE,
      422: KEY_REUSED,
      429: SUBMISSIONS_LIMITED,
    },
  },
  {
    operationId: "submitVersion",
    method: "post",
    path: "/api/publisher/v1/apps/{appId}/versions",
    tag: "Publisher",
    auth: "publisherToken",
    summary: "Submit a new version of an app",
    description:
      "Once a hub admin approves it, the version joins the app's history and becomes its current version; its permissions, security facts and screenshots replace the app's when given. Checked with the catalogue's own rules: the permissions must fit the app's type and the version must be new. The body is at most 64 KB.",
    pathParameters: { appId: ownApp },
    idempotencyKey: true,
    requestBody: {
      schema: versionSubmissionSchema,
      description: "The new version. Unknown fields are refused.",
      fields: {
        version: "The new version, such as 2.4.1: one the app does not have yet.",
        releasedAt: "When it was released (ISO 8601 with a time zone): not in the future, and not before the app's latest release. Without it: when it is approved.",
        releaseNotes: "What changed, in markdown.",
        permissions: "Every permission the version has: keys of the hub's vocabulary that fit the app's type. Without it: the same as now.",
        security: "The version's security and compliance facts, replacing the app's. Without it: the same as now.",
        ...securityFields("security"),
        screenshots: "Screenshots by https URL, in order, replacing the app's. Without it: the same as now.",
      },
    },
    responses: {
      202: SUBMITTED,
      400: INVALID_SUBMISSION,
      401: UNAUTHORIZED,
      403: OTHER_PUBLISHERS_APP,
      404: failure("No app has this id."),
      413: TOO_LARGE,
      422: KEY_REUSED,
      429: SUBMISSIONS_LIMITED,
    },
  },
  {
    operationId: "listSubmissions",
    method: "get",
    path: "/api/publisher/v1/submissions",
    tag: "Publisher",
    auth: "publisherToken",
    summary: "Your submissions",
    description: "The token's publisher's submissions, newest first, each with its state and a rejection's reason.",
    responses: {
      200: { description: "The submissions.", body: submissionListSchema, headers: PUBLIC_GET },
      304: NOT_MODIFIED,
      401: UNAUTHORIZED,
    },
  },
  {
    operationId: "getSubmission",
    method: "get",
    path: "/api/publisher/v1/submissions/{id}",
    tag: "Publisher",
    summary: "A submission's state",
    description: "Whether a hub admin approved or rejected it, and the reason they gave. Only the publisher who sent it may read it.",
    auth: "publisherToken",
    pathParameters: { id: { description: "The submission's id.", schema: z.string().regex(/^\d{1,12}$/) } },
    responses: {
      200: { description: "The submission.", body: submissionSchema, headers: PUBLIC_GET },
      304: NOT_MODIFIED,
      401: UNAUTHORIZED,
      404: failure("No such submission, or another publisher's."),
    },
  },
  {
    operationId: "getOpenApiDocument",
    method: "get",
    path: "/api/openapi.json",
    tag: "Reference",
    auth: "none",
    summary: "This document",
    description: "The OpenAPI 3.1 document of the API. Readable at /developers/api.",
    responses: { 200: ok(z.object({ openapi: z.literal("3.1.0") }).passthrough(), "The OpenAPI document."), 304: NOT_MODIFIED },
  },
];

/**
 * /api routes that the document leaves out on purpose, and why (docs/decisions/028). A new /api
 * route must be documented above or named here: a unit test checks it.
 */
export const NOT_IN_THE_PUBLIC_API: Readonly<Record<string, string>> = {
  "/api/rooms": "the logged-in person's own data for the hub's pages (session cookie and CSRF header)",
  "/api/create-membership": "the hub's pages' own call, logged in, with the CSRF header",
  "/api/send-direct-message": "the hub's pages' own call, logged in, with the CSRF header",
  "/api/my-integrations": "the logged-in person's own data for the hub's pages",
  "/api/my-webhooks": "the logged-in person's own data for the hub's pages",
  "/api/subscriptions": "the logged-in person's own data for the hub's pages",
  "/api/remove-authorization": "the hub's pages' own call, logged in, with the CSRF header",
  "/api/webhooks": "the hub's pages' own call, logged in, with the CSRF header",
  "/api/validate-embedded-app-access": "the logged-in person's organisation policy, for the hub's pages",
  "/api/people/me": "the logged-in person, for the hub's pages",
  "/api/feature-toggles": "the logged-in person's toggles, for the hub's pages",
  "/api/analytics": "the hub's pages' own analytics beacon",
  "/api/analytics/summary": "operators' aggregate counts, not an interface for others",
  "/api/hooks/incoming/{token}": "each incoming webhook's secret address, documented where the webhook is made (My Webhooks)",
  "/api/hooks/outgoing/{webhookId}": "where the platform delivers events, signed with the webhook's secret",
  "/api/hooks/rooms/{bot}": "where the platform tells the hub's bots that a space moved (rooms/migrated), signed with the bot's webhook secret",
};
