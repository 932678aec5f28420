// The catalogue file format: what `npm run db:seed` and the benchmark import. Every record is
// validated before anything is written, so a bad record never leaves a half-imported catalogue.
import { z } from "zod";
import { APP_CONTEXTS, APP_STATUSES, APP_TYPES, CATEGORY_TYPES, COLLECTIONS, PRODUCT_TYPES } from "./enums.ts";

const isoDate = z.string().datetime({ offset: true });
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

export const categoryRecordSchema = z.object({
  id: z.string().min(1),
  apiId: z.string().regex(/^[a-z0-9_&]+$/, "must be lower-case letters, digits, '_' or '&'"),
  slug: z.string().regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a lower-case slug"),
  name: z.string().min(1).max(80),
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
    name: z.string().min(1).max(120),
    logo: imageUrl,
    type: z.enum(APP_TYPES),
    productType: z.enum(PRODUCT_TYPES),
    productTypes: z.array(z.enum(PRODUCT_TYPES)).min(1),
    categoryIds: z.array(z.string().min(1)),
    companyName: z.string().min(1).max(120),
    clientId: z.string().nullable(),
    /** The vendor's connect page (issue 13); null: the vendor's website is the way to connect it. */
    connectUrl: connectUrl.nullable().default(null),
    isFeatured: z.boolean(),
    tagline: z.string().min(1).max(200),
    description: z.string().min(1).max(20_000),
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
  })
  .superRefine((app, ctx) => {
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

export type CatalogueFile = { version: string; categories: CategoryRecord[]; apps: AppRecord[] };

export class CatalogueImportError extends Error {
  override name = "CatalogueImportError";
}

function describe(record: unknown): string {
  if (record && typeof record === "object") {
    const r = record as Record<string, unknown>;
    const parts = [r.id, r.name].filter((v) => typeof v === "string");
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
  const top = z.object({ version: z.string().min(1), categories: z.array(z.unknown()), apps: z.array(z.unknown()) }).safeParse(input);
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
  const appIds = new Set<string>();
  const friendlyIds = new Set<string>();
  apps.forEach((a, i) => {
    const where = `apps[${i}] (${a.id}, ${a.name})`;
    if (appIds.has(a.id)) throw new CatalogueImportError(`${where}: id: is not unique`);
    appIds.add(a.id);
    if (a.friendlyId) {
      if (friendlyIds.has(a.friendlyId)) throw new CatalogueImportError(`${where}: friendlyId: is not unique`);
      friendlyIds.add(a.friendlyId);
    }
    const missing = a.categoryIds.find((id) => !categoryIds.has(id));
    if (missing) throw new CatalogueImportError(`${where}: categoryIds: unknown category "${missing}"`);
  });
  return { version: top.data.version, categories, apps };
}
