// The query of GET /api/search (spec §7), shared by the route and the edge cache's key rules
// (app/lib/cacheable-routes.ts), so the key is made of exactly what the route reads.
import { z } from "zod";
import { APP_CONTEXTS, APP_TYPES, PRODUCT_TYPES, type ProductType } from "~/models/enums";
import { FRESHNESS } from "~/models/freshness";
import { AI_USES, CERTIFICATIONS, DATA_REGIONS } from "~/models/security-facts";
import { once } from "~/lib/lazy-schema";
import { lastValue } from "./json.server";

/** productType: 'all' means every valid product type (spec §5); also a list, comma-separated or repeated. */
const productTypeParam = () =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(",")).filter(Boolean))
    .pipe(z.array(z.enum([...PRODUCT_TYPES, "all"])))
    .transform((list): ProductType[] => (list.includes("all") ? [...PRODUCT_TYPES] : (list as ProductType[])));

/**
 * Issue 15's list filters: one value, comma-separated values or the parameter repeated. A value
 * outside the vocabulary is a 400 naming the parameter and the value (not "certification.1").
 */
const listParam = <T extends string>(vocabulary: readonly T[]) =>
  z
    .union([z.string(), z.array(z.string())])
    .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((s) => s.split(",")).filter(Boolean))
    .superRefine((list, ctx) => {
      const bad = list.find((v) => !(vocabulary as readonly string[]).includes(v));
      if (bad !== undefined) ctx.addIssue({ code: "custom", message: `"${bad.slice(0, 40)}" is not one of ${vocabulary.join(", ")}` });
    })
    .transform((list) => list as T[]);

/** The largest offset /api/search pages to. */
export const SEARCH_OFFSET_MAX = 100_000;

/**
 * The query's schema, built on first use (about 80 zod nodes: not at the Worker's startup, for the
 * requests that never read it; lib/lazy-schema.ts). `.shape` is read by the edge cache's key rules.
 */
export const searchParamsSchema = once(() =>
  z.object({
    searchQuery: lastValue(z.string().max(1000)).optional(),
    sortBy: lastValue(z.string().regex(/^[A-Za-z_]{1,32}$/, "must be alphabetical, relevance, rating or date")).optional(),
    orderBy: lastValue(z.enum(["asc", "desc"])).optional(),
    max: lastValue(z.coerce.number().int().min(1).max(100)).optional(),
    offset: lastValue(z.coerce.number().int().min(0).max(SEARCH_OFFSET_MAX)).default(0),
    category: lastValue(z.string().regex(/^[a-z0-9_&%-]{1,64}$/, "must be a category apiId")).optional(),
    isFeatured: lastValue(z.enum(["true", "false"])).optional(),
    appType: lastValue(z.enum(APP_TYPES)).optional(),
    appContext: lastValue(z.enum(APP_CONTEXTS)).optional(),
    productType: productTypeParam().optional(),
    /** The app holds every certification named. */
    certification: listParam(CERTIFICATIONS).optional(),
    /** The app keeps data in any of these regions. */
    dataRegion: listParam(DATA_REGIONS).optional(),
    aiUse: listParam(AI_USES).optional(),
    /** Any of these; naming "deprecated" lists deprecated apps (left out otherwise). */
    freshness: listParam(FRESHNESS).optional(),
    /** "true": only apps of verified publishers ("false" is no filter). */
    verifiedPublisher: lastValue(z.enum(["true", "false"])).optional(),
    /** "true": deprecated apps beside the others. */
    includeDeprecated: lastValue(z.enum(["true", "false"])).optional(),
    /** The average rating is at least this (apps without ratings are left out). */
    minRating: lastValue(z.coerce.number().min(1).max(5)).optional(),
    /** "true": the words as typed and their forms only, no typo corrections, split or joined words (issue 28). */
    literal: lastValue(z.enum(["true", "false"])).optional(),
  }),
);

export type SearchParams = z.infer<ReturnType<typeof searchParamsSchema>>;
