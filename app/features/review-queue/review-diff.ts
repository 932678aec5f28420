// What a hub admin compares before approving (issue 16): a submission against the live listing,
// field by field, and the permissions it asks for against those the app has: the added ones are the
// ones people would be asked for anew, so they are called out. Pure: the page and the tests use it.
import type { AppDraft } from "~/features/publisher-api/draft-record";
import { type PermissionKey, type PermissionView, isPermissionKey, PERMISSIONS } from "~/models/permissions";
import { AI_USE_LABELS, aiUseOf, CERTIFICATION_LABELS, DATA_REGION_LABELS, type SecurityFacts } from "~/models/security-facts";
import type { AppDetail, Category } from "~/models/types";
import type { ListingUpdate } from "~/features/publisher-api/listing-submission.server";
import type { VersionSubmission } from "~/features/publisher-api/version-submission.server";

export type ReviewField = { label: string; live: string | null; proposed: string | null; changed: boolean };
export type PermissionDiff = { added: PermissionView[]; removed: PermissionView[]; kept: PermissionView[] };

const view = (key: PermissionKey): PermissionView => ({ key, label: PERMISSIONS[key].label, group: PERMISSIONS[key].group });

/** The permissions asked for now against those before, each list in the order the submission gives. */
export function permissionDiff(before: readonly string[], after: readonly string[]): PermissionDiff {
  const was = new Set(before);
  const now = new Set(after);
  const keys = (list: readonly string[]) => list.filter(isPermissionKey);
  return {
    added: keys(after)
      .filter((k) => !was.has(k))
      .map(view),
    removed: keys(before)
      .filter((k) => !now.has(k))
      .map(view),
    kept: keys(after)
      .filter((k) => was.has(k))
      .map(view),
  };
}

/** The permission keys a version or listing asks for that the live app does not (for followers). */
export const addedPermissionKeys = (before: readonly string[], after: readonly string[]): PermissionKey[] => permissionDiff(before, after).added.map((p) => p.key);

const list = (values: readonly string[] | null | undefined) => (values && values.length > 0 ? values.join(", ") : null);
const yesNo = (value: boolean | null) => (value === null ? null : value ? "Yes" : "No");

/** Security facts as lines a person reads (null: not provided). */
function securityLines(facts: Partial<SecurityFacts>): [string, string | null][] {
  const aiUse = aiUseOf({ aiUsesMessageContent: facts.aiUsesMessageContent ?? null, aiTrainsModels: facts.aiTrainsModels ?? null });
  return [
    ["Data regions", list(facts.dataRegions?.map((r) => DATA_REGION_LABELS[r]))],
    ["Certifications", list(facts.certifications?.map((c) => CERTIFICATION_LABELS[c]))],
    ["Data retention", facts.dataRetention ?? null],
    ["AI uses message content", yesNo(facts.aiUsesMessageContent ?? null)],
    ["AI", aiUse ? AI_USE_LABELS[aiUse] : null],
    ["Sub-processors", list(facts.subProcessors?.map((s) => `${s.name} (${s.purpose})`))],
    ["Security contact", facts.securityContact ?? null],
  ];
}

function field(label: string, live: string | null, proposed: string | null): ReviewField {
  return { label, live, proposed, changed: live !== proposed };
}

function securityFields(live: Partial<SecurityFacts> | null, proposed: Partial<SecurityFacts>): ReviewField[] {
  const before = live ? securityLines(live) : null;
  return securityLines(proposed).map(([label, value], i) => field(`Security: ${label}`, before ? before[i]![1] : null, value));
}

const categoryNames = (ids: readonly string[], categories: readonly Category[]) => list(ids.map((id) => categories.find((c) => c.id === id)?.name ?? id));

/** An instant as a reviewer compares it: ISO 8601 in UTC, to the second. */
const instant = (iso: string) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, "Z");

/** A version against the live app; its release date too (issue 27: a date is a claim to check). */
export function versionFields(live: AppDetail, v: VersionSubmission): ReviewField[] {
  const current = live.versions[0];
  const out = [
    field("Version", current?.version ?? null, v.version),
    field("Released", current ? instant(current.releasedAt) : null, v.releasedAt ? instant(v.releasedAt) : "When approved"),
  ];
  if (v.screenshots) out.push(field("Screenshots", list(live.screenshots), list(v.screenshots)));
  if (v.security) out.push(...securityFields(live.security, v.security));
  return out;
}

/** A listing change against the live app: only the fields it sends. */
export function listingFields(live: AppDetail, l: ListingUpdate, categories: readonly Category[]): ReviewField[] {
  const out: ReviewField[] = [];
  const text = (label: string, before: string | null, after: string | null | undefined) => {
    if (after !== undefined) out.push(field(label, before, after));
  };
  text("Name", live.name, l.name);
  text("Tagline", live.tagline, l.tagline);
  text("Description", live.description, l.description);
  text("Logo", live.logo, l.logo);
  if (l.screenshots) out.push(field("Screenshots", list(live.screenshots), list(l.screenshots)));
  text("Video", live.videoUrl, l.videoUrl);
  text("Website", live.websiteUrl, l.websiteUrl);
  text("Support", live.supportUrl, l.supportUrl);
  text("Privacy policy", live.privacyUrl, l.privacyUrl);
  text("Terms", live.termsUrl, l.termsUrl);
  if (l.categoryIds) out.push(field("Categories", list(live.categories.map((c) => c.name)), categoryNames(l.categoryIds, categories)));
  if (l.deprecation)
    out.push(
      field("Deprecated", live.replacement || live.freshness === "deprecated" ? "Yes" : "No", l.deprecation.replacement ? `Yes: use ${l.deprecation.replacement} instead` : "Yes"),
    );
  return out;
}

/** A new app: every field is new. */
export function draftFields(d: AppDraft, categories: readonly Category[]): ReviewField[] {
  const rows: [string, string | null][] = [
    ["Name", d.name],
    ["Address", d.friendlyId ? `/applications/${d.friendlyId}` : "(its id)"],
    ["Type", d.type],
    ["Product", list(d.productTypes)],
    ["Categories", categoryNames(d.categoryIds, categories)],
    ["Tagline", d.tagline],
    ["Description", d.description],
    ["Logo", d.logo],
    ["Screenshots", list(d.screenshots)],
    ["Video", d.videoUrl],
    ["Website", d.websiteUrl],
    ["Support", d.supportUrl],
    ["Privacy policy", d.privacyUrl],
    ["Terms", d.termsUrl],
    // Who the app is at the platform (issue 27): an app is listed only with its own of each.
    ["Bot address", d.botEmail],
    ["OAuth client id", d.clientId],
    ["Connect page", d.connectUrl ?? null],
    ["Requires an administrator", d.requiresAdmin ? "Yes" : "No"],
    ["First version", d.version?.version ?? null],
  ];
  return [...rows.map(([label, value]) => field(label, null, value)), ...securityFields(null, d.security)];
}
