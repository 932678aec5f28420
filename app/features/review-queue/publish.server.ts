// A hub admin's decision on a submission (issue 16). Approving publishes in ONE D1 batch (one
// transaction): the decision, the listing (apps; the search index follows through its triggers),
// the version history, the security facts' filter rows and the audit entry all change together or
// not at all. Rejecting records the reason the publisher reads through the API, and changes nothing
// live.
//
// The batch's first statement marks the submission approved with a random decision id, only while
// it is pending; every later statement runs only while the submission carries that id. A second
// approval (two admins, a double click, a retried post) therefore changes nothing, and a constraint
// failure (a version or friendly id taken meanwhile) rolls the whole batch back.
import type { ActorRecord } from "~/lib/actor";
import { appRow, APP_COLUMNS, utc } from "~/models/catalogue-rows";
import type { AppRecord } from "~/models/catalogue-record";
import { LISTING } from "~/models/catalogue.server";
import type { Db } from "~/models/db.server";
import { aiUseOf } from "~/models/security-facts";
import type { AppDetail, Category } from "~/models/types";
import { nameKey } from "~/lib/name-key";
import { indexedTerms, refreshVocabularySql } from "~/models/search-vocabulary";
import type { ListingUpdate } from "~/features/publisher-api/listing-submission.server";
import type { VersionSubmission } from "~/features/publisher-api/version-submission.server";

type Bound = { sql: string; params: unknown[] };
/** `admin`: who decided, as the tables keep them (the address, and the name beside it since migration 0036). */
export type Decision = { submissionId: number; admin: ActorRecord; now: Date };

/** An UPDATE's SET list, built from the fields a submission sends. Column names are ours, never input. */
class Assignments {
  private readonly parts: string[] = [];
  readonly values: unknown[] = [];
  add(column: string, value: unknown): this {
    this.parts.push(`${column} = ?`);
    this.values.push(value);
    return this;
  }
  raw(assignment: string): this {
    this.parts.push(assignment);
    return this;
  }
  get sql(): string {
    return this.parts.join(", ");
  }
}

/** The guard every statement after the first carries: this batch's decision stands. */
const GUARD = "(SELECT decision_id FROM submissions WHERE id = ?) = ?";

function approvalHead(d: Decision, decisionId: string): Bound {
  return {
    sql: "UPDATE submissions SET state = 'approved', decided_by = ?, decided_by_name = ?, decided_at = ?, decision_id = ? WHERE id = ? AND state = 'pending'",
    params: [d.admin.by, d.admin.name, d.now.toISOString(), decisionId, d.submissionId],
  };
}

const audit = (d: Decision, decisionId: string, action: string, subject: string, detail: object): Bound => ({
  sql: `INSERT INTO audit_log (at, actor, actor_name, action, subject, detail) SELECT ?, ?, ?, ?, ?, ? WHERE ${GUARD}`,
  params: [d.now.toISOString(), d.admin.by, d.admin.name, action, subject, JSON.stringify(detail), d.submissionId, decisionId],
});

/** The search vocabulary's rows for the words of these texts, re-read from the index after the app's row changed (migration 0030). */
const vocabulary = (texts: readonly (string | null | undefined)[], guard: unknown[]): Bound[] => {
  const terms = indexedTerms(texts);
  return terms.length ? [{ sql: refreshVocabularySql(GUARD), params: [JSON.stringify(terms), ...guard] }] : [];
};

/** Replaces an app's certification and data-region rows (the filters' index) from its facts. */
function securityRows(appId: string, facts: VersionSubmission["security"] & object, guard: unknown[]): Bound[] {
  const seq = "(SELECT seq FROM apps WHERE id = ?)";
  return [
    { sql: `DELETE FROM app_certifications WHERE app_seq = ${seq} AND ${GUARD}`, params: [appId, ...guard] },
    { sql: `DELETE FROM app_data_regions WHERE app_seq = ${seq} AND ${GUARD}`, params: [appId, ...guard] },
    {
      sql: `INSERT INTO app_certifications (certification, app_seq) SELECT j.value, a.seq FROM apps a, json_each(?) j WHERE a.id = ? AND ${GUARD}`,
      params: [JSON.stringify(facts.certifications ?? []), appId, ...guard],
    },
    {
      sql: `INSERT INTO app_data_regions (region, app_seq) SELECT j.value, a.seq FROM apps a, json_each(?) j WHERE a.id = ? AND ${GUARD}`,
      params: [JSON.stringify(facts.dataRegions ?? []), appId, ...guard],
    },
  ];
}

/** A new version: the history gains it, the app's current version, permissions, facts and images follow. */
export function versionStatements(d: Decision, decisionId: string, app: Pick<AppDetail, "id">, v: VersionSubmission): Bound[] {
  const guard = [d.submissionId, decisionId];
  const releasedAt = utc(v.releasedAt ?? d.now.toISOString());
  const set = new Assignments().add("current_version", v.version).add("last_release_at", releasedAt).add("updated_at", d.now.toISOString());
  if (v.permissions) set.add("permissions", JSON.stringify(v.permissions));
  if (v.screenshots) set.add("screenshots", JSON.stringify(v.screenshots));
  if (v.security) set.add("security", JSON.stringify(v.security)).add("ai_use", aiUseOf(v.security));
  return [
    approvalHead(d, decisionId),
    {
      sql: `INSERT INTO app_versions (app_seq, version, released_at, notes) SELECT seq, ?, ?, ? FROM apps WHERE id = ? AND ${GUARD}`,
      params: [v.version, releasedAt, v.releaseNotes, app.id, ...guard],
    },
    { sql: `UPDATE apps SET ${set.sql} WHERE id = ? AND ${GUARD}`, params: [...set.values, app.id, ...guard] },
    ...(v.security ? securityRows(app.id, v.security, guard) : []),
    audit(d, decisionId, "submission.approve", app.id, { submission: d.submissionId, kind: "version", version: v.version }),
  ];
}

const LISTING_COLUMNS = {
  tagline: "tagline",
  description: "description",
  logo: "logo",
  videoUrl: "video_url",
  websiteUrl: "website_url",
  supportUrl: "support_url",
  privacyUrl: "privacy_url",
  termsUrl: "terms_url",
} as const satisfies Partial<Record<keyof ListingUpdate, string>>;

/** A listing change: only the fields sent; categories replace the app's; deprecation takes it off lists. */
export function listingStatements(d: Decision, decisionId: string, app: Pick<AppDetail, "id">, l: ListingUpdate, categories: readonly Category[]): Bound[] {
  const guard = [d.submissionId, decisionId];
  const set = new Assignments().add("updated_at", d.now.toISOString());
  if (l.name !== undefined) set.add("name", l.name).add("name_key", nameKey(l.name));
  for (const [key, column] of Object.entries(LISTING_COLUMNS) as [keyof typeof LISTING_COLUMNS, string][]) {
    const value = l[key];
    if (value !== undefined) set.add(column, value);
  }
  if (l.screenshots) set.add("screenshots", JSON.stringify(l.screenshots));
  let categoryNames: string | undefined;
  if (l.categoryIds) {
    const names = [...new Set(l.categoryIds.map((id) => categories.find((c) => c.id === id)?.name).filter((n) => n !== undefined))];
    categoryNames = names.join(" ");
    set.add("category_names", categoryNames);
  }
  if (l.deprecation) {
    // A moderator's removal stays a removal; otherwise the app is listed as deprecated.
    set.raw(`listing = CASE WHEN listing = ${LISTING.removed} THEN listing ELSE ${LISTING.deprecated} END`).raw("deprecated = 1").add("replacement_key", l.deprecation.replacement);
  }
  const seq = "(SELECT seq FROM apps WHERE id = ?)";
  return [
    approvalHead(d, decisionId),
    { sql: `UPDATE apps SET ${set.sql} WHERE id = ? AND ${GUARD}`, params: [...set.values, app.id, ...guard] },
    ...(l.categoryIds
      ? [
          { sql: `DELETE FROM app_categories WHERE app_seq = ${seq} AND ${GUARD}`, params: [app.id, ...guard] },
          {
            sql: `INSERT INTO app_categories (app_seq, category_id) SELECT a.seq, j.value FROM apps a, json_each(?) j WHERE a.id = ? AND ${GUARD}`,
            params: [JSON.stringify(l.categoryIds), app.id, ...guard],
          },
        ]
      : []),
    // The words of the changed text (names, taglines, descriptions, categories) after the update.
    ...vocabulary([l.name, l.tagline, l.description, categoryNames], guard),
    audit(d, decisionId, "submission.approve", app.id, { submission: d.submissionId, kind: "listing", fields: Object.keys(l) }),
  ];
}

/** A new app: the row an import would write (app/models/catalogue-rows.ts), its relations and versions. */
export function draftStatements(d: Decision, decisionId: string, record: AppRecord, categories: readonly Category[], publisherVerified: boolean): Bound[] {
  const guard = [d.submissionId, decisionId];
  const names = new Map(categories.map((c) => [c.id, c.name]));
  const verified = new Set(publisherVerified ? [record.publisher ?? ""] : []);
  const [, ...row] = appRow(record, 0, names, verified);
  const columns = APP_COLUMNS.slice(1);
  const relation = (table: string, columnsSql: string, values: readonly unknown[]): Bound => ({
    sql: `INSERT INTO ${table} ${columnsSql} SELECT a.seq, j.value FROM apps a, json_each(?) j WHERE a.id = ? AND ${GUARD}`,
    params: [JSON.stringify(values), record.id, ...guard],
  });
  return [
    approvalHead(d, decisionId),
    {
      // The next seq, like an import's order: a new app sorts after the others with the same date.
      sql: `INSERT INTO apps (seq, ${columns.join(", ")}) SELECT (SELECT coalesce(max(seq), 0) + 1 FROM apps), ${columns.map(() => "?").join(", ")} WHERE ${GUARD}`,
      params: [...row, ...guard],
    },
    relation("app_categories", "(app_seq, category_id)", [...new Set(record.categoryIds)]),
    relation("app_product_types", "(app_seq, product_type)", [...new Set(record.productTypes)]),
    ...record.versions.map((v) => ({
      sql: `INSERT INTO app_versions (app_seq, version, released_at, notes) SELECT seq, ?, ?, ? FROM apps WHERE id = ? AND ${GUARD}`,
      params: [v.version, utc(v.releasedAt), v.notes, record.id, ...guard],
    })),
    ...securityRows(record.id, record.security, guard).slice(2),
    ...vocabulary([record.name, record.companyName, record.tagline, record.description, ...record.categoryIds.map((id) => names.get(id))], guard),
    audit(d, decisionId, "submission.approve", record.id, { submission: d.submissionId, kind: "draft", name: record.name }),
  ];
}

/** Runs an approval's statements as one batch. False: the submission was no longer pending. */
export async function runApproval(db: Db, statements: Bound[]): Promise<boolean> {
  const results = await db.batch(statements.map((s) => db.prepare(s.sql).bind(...s.params)));
  return (results[0]?.meta.changes ?? 0) > 0;
}

/** Rejects a pending submission with the reason its publisher reads. False: it was already decided. */
export async function rejectSubmission(db: Db, d: Decision, reason: string, subject: string): Promise<boolean> {
  const at = d.now.toISOString();
  const [updated] = await db.batch([
    db
      .prepare("UPDATE submissions SET state = 'rejected', reason = ?, decided_by = ?, decided_by_name = ?, decided_at = ? WHERE id = ? AND state = 'pending'")
      .bind(reason, d.admin.by, d.admin.name, at, d.submissionId),
    db
      .prepare("INSERT INTO audit_log (at, actor, actor_name, action, subject, detail) SELECT ?, ?, ?, 'submission.reject', ?, ? WHERE changes() > 0")
      .bind(at, d.admin.by, d.admin.name, subject, JSON.stringify({ submission: d.submissionId, reason })),
  ]);
  return (updated?.meta.changes ?? 0) > 0;
}
