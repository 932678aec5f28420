// A new app's draft as the publisher API takes it (issue 16), and the catalogue record it becomes.
// The record is checked with the catalogue's own schema when the draft arrives, and built again
// when a hub admin approves it, so an approved draft is exactly what an import would have written.
import { z } from "zod";
import { type AppRecord, type AppRecordInput, appRecordSchema, securityFactsSchema, versionRecordSchema } from "~/models/catalogue-record";

const app = appRecordSchema.innerType().shape;

/** An image the hub will fetch through its image proxy: https only (never a site path or http). */
export const httpsImageUrl = z
  .string()
  .max(2000)
  .url()
  .refine((v) => v.startsWith("https://"), "must be an https URL");

export const appDraftSchema = z
  .object({
    name: app.name,
    /** The address key (/applications/{friendlyId}); absent: the app's id is its address. */
    friendlyId: z
      .string()
      .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "must be a lower-case slug")
      .max(80)
      .optional(),
    type: app.type,
    productType: app.productType,
    productTypes: app.productTypes,
    categoryIds: z.array(z.string().min(1)).min(1).max(10),
    tagline: app.tagline,
    description: app.description,
    logo: httpsImageUrl,
    screenshots: z.array(httpsImageUrl).max(10).default([]),
    videoUrl: app.videoUrl.default(null),
    websiteUrl: app.websiteUrl.default(null),
    supportUrl: app.supportUrl.default(null),
    privacyUrl: app.privacyUrl.default(null),
    termsUrl: app.termsUrl.default(null),
    requiresAdmin: z.boolean().default(false),
    /** Bots: the bot's address, which people add to spaces. */
    botEmail: app.botEmail.default(null),
    /** Integrations: the OAuth client id, and the vendor's page where Connect starts. */
    clientId: app.clientId.default(null),
    connectUrl: app.connectUrl,
    permissions: z.array(z.string()).max(40).default([]),
    security: securityFactsSchema.default({}),
    /** The first release, when there is one to announce. */
    version: z.object({ version: versionRecordSchema.shape.version, releaseNotes: versionRecordSchema.shape.notes }).strict().optional(),
  })
  .strict();
export type AppDraft = z.infer<typeof appDraftSchema>;

/** The catalogue record of a draft, as of `now` (submitted and released then). */
export function draftRecordInput(draft: AppDraft, at: { id: string; publisherSlug: string; companyName: string; now: Date }): AppRecordInput {
  const now = at.now.toISOString();
  return {
    id: at.id,
    friendlyId: draft.friendlyId ?? null,
    name: draft.name,
    logo: draft.logo,
    type: draft.type,
    productType: draft.productType,
    productTypes: draft.productTypes,
    categoryIds: draft.categoryIds,
    companyName: at.companyName,
    clientId: draft.clientId,
    connectUrl: draft.connectUrl,
    isFeatured: false,
    tagline: draft.tagline,
    description: draft.description,
    screenshots: draft.screenshots,
    videoUrl: draft.videoUrl,
    websiteUrl: draft.websiteUrl,
    supportUrl: draft.supportUrl,
    privacyUrl: draft.privacyUrl,
    termsUrl: draft.termsUrl,
    requiresAdmin: draft.requiresAdmin,
    botEmail: draft.botEmail,
    submittedAt: now,
    updatedAt: now,
    status: "published",
    appContexts: [],
    collections: [],
    publisher: at.publisherSlug,
    permissions: draft.permissions,
    security: draft.security,
    versions: draft.version ? [{ version: draft.version.version, releasedAt: now, notes: draft.version.releaseNotes }] : [],
    deprecation: null,
  };
}

/** The draft checked by the catalogue's schema: the record, or its problems by field path. */
export function draftRecord(draft: AppDraft, at: Parameters<typeof draftRecordInput>[1]): { record: AppRecord } | { problems: { path: string; message: string }[] } {
  const parsed = appRecordSchema.safeParse(draftRecordInput(draft, at));
  if (parsed.success) return { record: parsed.data };
  return { problems: parsed.error.issues.map((i) => ({ path: i.path.join("."), message: i.message })) };
}
