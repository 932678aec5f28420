// One catalogue record as the apps table's row (migrations 0001, 0003, 0013): the catalogue import
// (scripts/lib/catalogue-sql.ts) and the review queue's approval of a new app
// (app/features/review-queue) write the same columns the same way.
import { type AppRecord, publisherSlugOf } from "./catalogue-record.ts";
import { aiUseOf } from "./security-facts.ts";
import { nameKey } from "../lib/name-key.ts";

export type SqlValue = string | number | null;

export const APP_COLUMNS = [
  "seq",
  "id",
  "friendly_id",
  "name",
  "logo",
  "type",
  "product_type",
  "company_name",
  "client_id",
  "is_featured",
  "tagline",
  "description",
  "screenshots",
  "video_url",
  "website_url",
  "support_url",
  "privacy_url",
  "terms_url",
  "requires_admin",
  "bot_email",
  "submitted_at",
  "updated_at",
  "status",
  "app_contexts",
  "category_names",
  "name_key",
  "connect_url",
  "publisher_slug",
  "publisher_verified",
  "permissions",
  "security",
  "ai_use",
  "current_version",
  "last_release_at",
  "listing",
  "deprecated",
  "replacement_key",
] as const;

/** ISO 8601 in UTC, to the second: the form freshness compares as text. */
export const utc = (iso: string) => new Date(iso).toISOString().replace(".000Z", "Z");

/** The row of APP_COLUMNS for one app; category names feed the search index. */
export function appRow(app: AppRecord, seq: number, categoryNames: ReadonlyMap<string, string>, verifiedPublishers: ReadonlySet<string>): SqlValue[] {
  const publisher = publisherSlugOf(app);
  const current = app.versions[0];
  const names = [...new Set(app.categoryIds.map((id) => categoryNames.get(id)).filter((n) => n !== undefined))];
  return [
    seq,
    app.id,
    app.friendlyId,
    app.name,
    app.logo,
    app.type,
    app.productType,
    app.companyName,
    app.clientId,
    app.isFeatured ? 1 : 0,
    app.tagline,
    app.description,
    JSON.stringify(app.screenshots),
    app.videoUrl,
    app.websiteUrl,
    app.supportUrl,
    app.privacyUrl,
    app.termsUrl,
    app.requiresAdmin ? 1 : 0,
    app.botEmail,
    app.submittedAt,
    app.updatedAt,
    app.status,
    JSON.stringify(app.appContexts),
    names.join(" "),
    nameKey(app.name),
    app.connectUrl ?? null,
    publisher,
    verifiedPublishers.has(publisher) ? 1 : 0,
    JSON.stringify(app.permissions),
    JSON.stringify(app.security),
    aiUseOf(app.security),
    current?.version ?? null,
    utc(current?.releasedAt ?? app.submittedAt),
    app.deprecation ? 1 : 0,
    app.deprecation ? 1 : 0,
    app.deprecation?.replacement ?? null,
  ];
}
