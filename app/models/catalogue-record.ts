// The catalogue file format: what `npm run db:seed` and the benchmark import. Every record is
// validated before anything is written, so a bad record never leaves a half-imported catalogue.
import { z } from "zod";
import { APP_CONTEXTS, APP_STATUSES, APP_TYPES, CATEGORY_TYPES, COLLECTIONS, PRODUCT_TYPES } from "./enums.ts";
import { isPermissionKey, permissionFits, type PermissionKey } from "./permissions.ts";
import { CERTIFICATIONS, DATA_REGIONS } from "./security-facts.ts";

const isoDate = z.string().datetime({ offset: true });

/**
 * Control characters (C0 and C1) and lone surrogates have no place in catalogue text: they are
 * invisible on pages, and XML 1.0 forbids most of them, so one in a name would make every Atom
 * feed that lists the app unreadable (issue 27). Multi-line text keeps tab and line breaks.
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this pattern's purpose
const CONTROL_IN_LINE = /[\u0000-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this pattern's purpose
const CONTROL_IN_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;
/** One line of text (a name, a tagline): no control characters, no line breaks. */
export const lineText = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .refine((v) => !CONTROL_IN_LINE.test(v), "must not contain control characters or line breaks");
/** Text that may run over lines (a description, release notes): no control characters but tab and line breaks. */
export const multiLineText = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .refine((v) => !CONTROL_IN_TEXT.test(v), "must not contain control characters");
/** Absolute http(s) URL, or a path on this site (seeded logos are served by the Worker). */
const imageUrl = z.string().refine((v) => /^https?:\/\/[^\s]+$/.test(v) || /^\/[^\s/][^\s]*$/.test(v), "must be an http(s) URL or a site path");
const httpsUrl = z
  .string()
  .url()
  .refine((v) => /^https?:\/\//.test(v), "must be an http(s) URL");
/**
 * Where Connect sends a person: the vendor's own start (or authorize) page. `{return_url}` may appear
 * in it; the hub puts its URL-encoded `/applications/<key>/connected` address there.
 */
export const CONNECT_RETURN_PLACEHOLDER = "{return_url}";
const connectUrl = z
  .string()
  .max(2000)
  .refine((v) => {
    const filled = v.split(CONNECT_RETURN_PLACEHOLDER).join(encodeURIComponent("https://apphub.example/applications/x/connected"));
    if (!/^https?:\/\/[^\s{}]+$/.test(filled)) return false;
    try {
      return new URL(filled).protocol.startsWith("http");
    } catch {
      return false;
    }
  }, "must be an http(s) URL (it may contain {return_url})");

const slug = z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a lower-case slug");
/** Lists the record gives as a set: a value twice is a mistake the import names. */
const uniqueList = <T extends z.ZodTypeAny>(item: T, max: number) =>
  z
    .array(item)
    .max(max)
    .superRefine((list: unknown[], ctx) => {
      const repeated = list.find((value, i) => list.indexOf(value) !== i);
      if (repeated !== undefined) ctx.addIssue({ code: "custom", message: `lists "${String(repeated)}" twice` });
    });

/** A publisher (issue 15): who makes apps; verified when the hub checked they own their domain. */
export const publisherRecordSchema = z.object({
  slug,
  name: lineText(1, 120),
  domain: z
    .string()
    .regex(/^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}$/, "must be a lower-case domain name")
    .nullable()
    .default(null),
  /** When the hub verified the domain; null: not verified. */
  verifiedAt: isoDate.nullable().default(null),
  about: multiLineText(0, 2000).nullable().default(null),
  websiteUrl: httpsUrl.nullable().default(null),
  supportUrl: httpsUrl.nullable().default(null),
  privacyUrl: httpsUrl.nullable().default(null),
  securityContact: lineText(0, 300).nullable().default(null),
  location: lineText(0, 120).nullable().default(null),
});
export type PublisherRecord = z.infer<typeof publisherRecordSchema>;

/** An e-mail address or an https URL. */
const securityContact = z
  .string()
  .max(300)
  .refine((v) => z.string().email().safeParse(v).success || /^https:\/\/[^\s]+$/.test(v), "must be an e-mail address or an https URL");

/** Security and compliance facts; every one may be missing (null: pages say 'Not provided'). */
export const securityFactsSchema = z
  .object({
    dataRegions: uniqueList(z.enum(DATA_REGIONS), DATA_REGIONS.length).nullable().default(null),
    certifications: uniqueList(z.enum(CERTIFICATIONS), CERTIFICATIONS.length).nullable().default(null),
    dataRetention: multiLineText(1, 300).nullable().default(null),
    aiUsesMessageContent: z.boolean().nullable().default(null),
    aiTrainsModels: z.boolean().nullable().default(null),
    subProcessors: z
      .array(z.object({ name: lineText(1, 120), purpose: lineText(1, 200), country: lineText(1, 80).nullable().default(null) }))
      .max(30)
      .nullable()
      .default(null),
    securityContact: securityContact.nullable().default(null),
    confirmedAt: isoDate.nullable().default(null),
  })
  .strict()
  .superRefine((facts, ctx) => {
    if (facts.aiUsesMessageContent === false && facts.aiTrainsModels === true) {
      ctx.addIssue({ code: "custom", path: ["aiTrainsModels"], message: "cannot be true when aiUsesMessageContent is false" });
    }
  });

export const versionRecordSchema = z.object({
  version: z.string().regex(/^[0-9A-Za-z][0-9A-Za-z.+-]{0,39}$/, "must be a version such as 2.4.1"),
  releasedAt: isoDate,
  /** Release notes, markdown (rendered safely, as descriptions are). */
  notes: multiLineText(0, 10_000),
});

export const categoryRecordSchema = z.object({
  id: z.string().min(1),
  apiId: z.string().regex(/^[a-z0-9_&]+$/, "must be lower-case letters, digits, '_' or '&'"),
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a lower-case slug"),
  name: lineText(1, 80),
  categoryType: z.enum(CATEGORY_TYPES),
});
export type CategoryRecord = z.infer<typeof categoryRecordSchema>;

export const appRecordSchema = z
  .object({
    id: z.string().regex(/^[A-Za-z0-9_-]+$/, "must be base64url text"),
    friendlyId: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a lower-case slug")
      .nullable(),
    name: lineText(1, 120),
    logo: imageUrl,
    type: z.enum(APP_TYPES),
    productType: z.enum(PRODUCT_TYPES),
    productTypes: z.array(z.enum(PRODUCT_TYPES)).min(1),
    categoryIds: z.array(z.string().min(1)),
    companyName: lineText(1, 120),
    clientId: lineText(1, 200).nullable(),
    /** The vendor's connect page (issue 13); null: the vendor's website is the way to connect it. */
    connectUrl: connectUrl.nullable().default(null),
    isFeatured: z.boolean(),
    tagline: lineText(1, 200),
    description: multiLineText(1, 20_000),
    screenshots: z.array(imageUrl).max(10),
    videoUrl: httpsUrl.nullable(),
    websiteUrl: httpsUrl.nullable(),
    supportUrl: httpsUrl.nullable(),
    privacyUrl: httpsUrl.nullable(),
    termsUrl: httpsUrl.nullable(),
    requiresAdmin: z.boolean(),
    botEmail: z.string().email().nullable(),
    submittedAt: isoDate,
    updatedAt: isoDate,
    status: z.enum(APP_STATUSES),
    appContexts: z.array(z.enum(APP_CONTEXTS)),
    collections: z.array(z.enum(COLLECTIONS)),
    /** The publisher's slug (publishers[]); absent: a publisher named companyName, not verified. */
    publisher: slug.nullable().default(null),
    /** What the app can do once added (app/models/permissions.ts), in the order to show. */
    permissions: z.array(z.string()).max(40).default([]),
    security: securityFactsSchema.default({}),
    /** Releases, newest first; the first is the current version. */
    versions: z.array(versionRecordSchema).max(100).default([]),
    /** Set when the publisher deprecated the app; replacement names the app to use instead (its friendlyId or id). */
    deprecation: z
      .object({ replacement: lineText(1, 200).nullable().default(null) })
      .strict()
      .nullable()
      .default(null),
  })
  .superRefine((app, ctx) => {
    app.permissions.forEach((key, i) => {
      if (!isPermissionKey(key)) ctx.addIssue({ code: "custom", path: ["permissions", i], message: `"${key}" is not a known permission` });
      else if (!permissionFits(app.type, key)) ctx.addIssue({ code: "custom", path: ["permissions", i], message: `"${key}" is not a permission a ${app.type} can have` });
    });
    const repeatedPermission = app.permissions.find((value, i) => app.permissions.indexOf(value) !== i);
    if (repeatedPermission !== undefined) ctx.addIssue({ code: "custom", path: ["permissions"], message: `lists "${repeatedPermission}" twice` });
    app.versions.forEach((v, i) => {
      const next = app.versions[i + 1];
      if (next && Date.parse(next.releasedAt) > Date.parse(v.releasedAt)) {
        ctx.addIssue({ code: "custom", path: ["versions", i + 1, "releasedAt"], message: "versions must be listed newest first" });
      }
      if (app.versions.findIndex((o) => o.version === v.version) !== i)
        ctx.addIssue({ code: "custom", path: ["versions", i, "version"], message: `"${v.version}" is listed twice` });
    });
    if (app.type === "bot" && !app.botEmail) {
      ctx.addIssue({ code: "custom", path: ["botEmail"], message: "is required for bots" });
    }
    if (!app.productTypes.includes(app.productType)) {
      ctx.addIssue({ code: "custom", path: ["productTypes"], message: "must include productType" });
    }
    // The relation tables are keyed by (value, app): a repeated value would fail the import midway.
    for (const key of ["productTypes", "categoryIds", "appContexts", "collections"] as const) {
      const list: readonly string[] = app[key];
      const repeated = list.find((value, i) => list.indexOf(value) !== i);
      if (repeated !== undefined) ctx.addIssue({ code: "custom", path: [key], message: `lists "${repeated}" twice` });
    }
  });
export type AppRecord = z.infer<typeof appRecordSchema>;
/** An app record as a catalogue file may give it: the issue-15 fields may be left out. */
export type AppRecordInput = z.input<typeof appRecordSchema>;

export type CatalogueFile = { version: string; publishers: PublisherRecord[]; categories: CategoryRecord[]; apps: AppRecord[] };

/** The permissions of a validated record, typed (validation checked every key). */
export const recordPermissions = (app: AppRecord): PermissionKey[] => app.permissions.filter(isPermissionKey);

/** The publisher slug an app belongs to: its own, else one made from its company name. */
export const publisherSlugOf = (app: Pick<AppRecord, "publisher" | "companyName">): string => app.publisher ?? publisherSlugFromName(app.companyName);

/** "Acme Inc." → "acme-inc": letters and digits, runs of anything else one hyphen. */
export function publisherSlugFromName(name: string): string {
  const slug = name
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "");
  return slug || "publisher";
}

export class CatalogueImportError extends Error {
  override name = "CatalogueImportError";
}

function describe(record: unknown): string {
  if (record && typeof record === "object") {
    const r = record as Record<string, unknown>;
    const parts = [r.id ?? r.slug, r.name].filter((v) => typeof v === "string");
    if (parts.length) return ` (${parts.join(", ")})`;
  }
  return "";
}

/**
 * Validates a whole catalogue file. Throws a CatalogueImportError naming the first bad record
 * (by list index, id and name) and field, e.g. `apps[12] (A1b2, Pollster): logo: must be ...`.
 * Also checks references: every categoryId must exist, ids must be unique.
 */
export function validateCatalogue(input: unknown): CatalogueFile {
  const top = z.object({ version: z.string().min(1), publishers: z.array(z.unknown()).default([]), categories: z.array(z.unknown()), apps: z.array(z.unknown()) }).safeParse(input);
  if (!top.success) {
    const issue = top.error.issues[0]!;
    throw new CatalogueImportError(`catalogue file: ${issue.path.join(".") || "(root)"}: ${issue.message}`);
  }
  const parseAll = <T>(list: unknown[], schema: z.ZodType<T, z.ZodTypeDef, unknown>, label: string): T[] =>
    list.map((record, index) => {
      const result = schema.safeParse(record);
      if (!result.success) {
        const issue = result.error.issues[0]!;
        throw new CatalogueImportError(`${label}[${index}]${describe(record)}: ${issue.path.join(".") || "(record)"}: ${issue.message}`);
      }
      return result.data;
    });
  const publishers = parseAll(top.data.publishers, publisherRecordSchema, "publishers");
  const categories = parseAll(top.data.categories, categoryRecordSchema, "categories");
  const apps = parseAll(top.data.apps, appRecordSchema, "apps");

  const categoryIds = new Set<string>();
  const categorySlugs = new Set<string>();
  categories.forEach((c, i) => {
    if (categoryIds.has(c.id)) throw new CatalogueImportError(`categories[${i}] (${c.id}, ${c.name}): id: is not unique`);
    categoryIds.add(c.id);
    // /meetings/{slug} etc. must resolve to one category.
    const slugKey = `${c.categoryType} ${c.slug}`;
    if (categorySlugs.has(slugKey)) {
      throw new CatalogueImportError(`categories[${i}] (${c.id}, ${c.name}): slug: "${c.slug}" is not unique among ${c.categoryType} categories`);
    }
    categorySlugs.add(slugKey);
  });
  const publisherSlugs = new Set<string>();
  publishers.forEach((p, i) => {
    if (publisherSlugs.has(p.slug)) throw new CatalogueImportError(`publishers[${i}] (${p.slug}, ${p.name}): slug: is not unique`);
    publisherSlugs.add(p.slug);
  });
  const appIds = new Set<string>();
  const friendlyIds = new Set<string>();
  // An OAuth client id or a bot address names one app (issue 27): an app sharing another's would
  // ride on its grants and its bot (Connected, review eligibility, My Integrations). D1 holds them
  // unique too (migration 0020); saying so here names both records before anything is written.
  const clientIds = new Map<string, string>();
  const botEmails = new Map<string, string>();
  apps.forEach((a, i) => {
    const where = `apps[${i}] (${a.id}, ${a.name})`;
    if (appIds.has(a.id)) throw new CatalogueImportError(`${where}: id: is not unique`);
    appIds.add(a.id);
    if (a.friendlyId) {
      if (friendlyIds.has(a.friendlyId)) throw new CatalogueImportError(`${where}: friendlyId: is not unique`);
      friendlyIds.add(a.friendlyId);
    }
    if (a.clientId !== null) {
      const first = clientIds.get(a.clientId);
      if (first) throw new CatalogueImportError(`${where}: clientId: "${a.clientId}" is already the client id of ${first}`);
      clientIds.set(a.clientId, where);
    }
    if (a.botEmail !== null) {
      const first = botEmails.get(a.botEmail.toLowerCase());
      if (first) throw new CatalogueImportError(`${where}: botEmail: "${a.botEmail}" is already the bot address of ${first}`);
      botEmails.set(a.botEmail.toLowerCase(), where);
    }
    const missing = a.categoryIds.find((id) => !categoryIds.has(id));
    if (missing) throw new CatalogueImportError(`${where}: categoryIds: unknown category "${missing}"`);
    if (a.publisher !== null && !publisherSlugs.has(a.publisher)) throw new CatalogueImportError(`${where}: publisher: unknown publisher "${a.publisher}"`);
  });
  // A deprecated app's replacement must be another app of this catalogue.
  apps.forEach((a, i) => {
    const replacement = a.deprecation?.replacement;
    if (replacement == null) return;
    const where = `apps[${i}] (${a.id}, ${a.name})`;
    if (!appIds.has(replacement) && !friendlyIds.has(replacement)) throw new CatalogueImportError(`${where}: deprecation.replacement: unknown app "${replacement}"`);
    if (replacement === a.id || replacement === a.friendlyId) throw new CatalogueImportError(`${where}: deprecation.replacement: must be another app`);
  });
  return { version: top.data.version, publishers, categories, apps };
}
