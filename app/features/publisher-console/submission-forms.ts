// The console's submission forms (issue 30 item 2) as the publisher API's JSON bodies: what the
// fields are called, how what was typed becomes the body that the API's own zod schema and checks
// then judge (app/features/publisher-api/*-submission.server.ts), and where each problem's path
// shows as a field error. Pure, shared by the server and the page; unit-tested.
import type { SecurityFacts } from "~/models/security-facts";
import type { AppDetail } from "~/models/types";

/** What a form posted: one string per field, several for checkboxes (kept to redraw the form). */
export type FormValues = Record<string, string | string[]>;
export type FieldErrors = Record<string, string>;

export const one = (values: FormValues, name: string): string => {
  const v = values[name];
  return typeof v === "string" ? v : (v?.[0] ?? "");
};
export const many = (values: FormValues, name: string): string[] => {
  const v = values[name];
  return v === undefined ? [] : typeof v === "string" ? [v] : v;
};

/** Every field of a posted form; checkbox groups (named in `multi`) as lists. CSRF and intent left out. */
export function formValues(form: FormData, multi: readonly string[]): FormValues {
  const out: FormValues = {};
  for (const key of new Set(form.keys())) {
    if (key === "csrf" || key === "intent") continue;
    out[key] = multi.includes(key) ? form.getAll(key).map(String) : String(form.get(key) ?? "");
  }
  for (const key of multi) out[key] ??= [];
  return out;
}

/** Text as the API takes it: line breaks as \n (browsers post \r\n), and "" as absent. */
const text = (raw: string): string => raw.replace(/\r\n?/g, "\n");
const optional = (raw: string): string | null => (raw.trim() === "" ? null : text(raw).trim());
/** One URL a line (screenshots), blank lines left out. */
export const lines = (raw: string): string[] =>
  text(raw)
    .split("\n")
    .map((l) => l.trim())
    .filter(Boolean);
const yesNo = (raw: string): boolean | null => (raw === "yes" ? true : raw === "no" ? false : null);
const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** The security fact fields, named as the API's paths so a problem finds its field. */
export const SECURITY_FIELDS = {
  dataRegions: "security.dataRegions",
  certifications: "security.certifications",
  dataRetention: "security.dataRetention",
  aiUsesMessageContent: "security.aiUsesMessageContent",
  aiTrainsModels: "security.aiTrainsModels",
  subProcessors: "security.subProcessors",
  securityContact: "security.securityContact",
} as const;
export const MULTI_FIELDS = ["permissions", "categoryIds", SECURITY_FIELDS.dataRegions, SECURITY_FIELDS.certifications] as const;

/** Sub-processors as typed: one a line, "name; purpose; country" (the country may be left out). */
export function subProcessorsOf(raw: string): SecurityFacts["subProcessors"] {
  const list = lines(raw).map((line) => {
    const [name = "", purpose = "", country = ""] = line.split(";").map((p) => p.trim());
    return { name, purpose, country: country || null };
  });
  return list.length > 0 ? list : null;
}
export const subProcessorsText = (list: SecurityFacts["subProcessors"]): string => (list ?? []).map((s) => [s.name, s.purpose, s.country].filter(Boolean).join("; ")).join("\n");

/** The security facts typed into the form (confirmedAt kept from the live app: a form does not confirm them). */
export function securityOf(values: FormValues, live: SecurityFacts | null): Record<string, unknown> {
  const regions = many(values, SECURITY_FIELDS.dataRegions);
  const certifications = many(values, SECURITY_FIELDS.certifications);
  return {
    dataRegions: regions.length > 0 ? regions : null,
    certifications: certifications.length > 0 ? certifications : null,
    dataRetention: optional(one(values, SECURITY_FIELDS.dataRetention)),
    aiUsesMessageContent: yesNo(one(values, SECURITY_FIELDS.aiUsesMessageContent)),
    aiTrainsModels: yesNo(one(values, SECURITY_FIELDS.aiTrainsModels)),
    subProcessors: subProcessorsOf(one(values, SECURITY_FIELDS.subProcessors)),
    securityContact: optional(one(values, SECURITY_FIELDS.securityContact)),
    confirmedAt: live?.confirmedAt ?? null,
  };
}

/** The form's fields as the live app has them (what a version or listing form starts from). */
export function securityValues(facts: SecurityFacts | null): FormValues {
  const flag = (v: boolean | null | undefined) => (v === true ? "yes" : v === false ? "no" : "");
  return {
    [SECURITY_FIELDS.dataRegions]: facts?.dataRegions ?? [],
    [SECURITY_FIELDS.certifications]: facts?.certifications ?? [],
    [SECURITY_FIELDS.dataRetention]: facts?.dataRetention ?? "",
    [SECURITY_FIELDS.aiUsesMessageContent]: flag(facts?.aiUsesMessageContent),
    [SECURITY_FIELDS.aiTrainsModels]: flag(facts?.aiTrainsModels),
    [SECURITY_FIELDS.subProcessors]: subProcessorsText(facts?.subProcessors ?? null),
    [SECURITY_FIELDS.securityContact]: facts?.securityContact ?? "",
  };
}

const sameFacts = (a: Record<string, unknown>, b: SecurityFacts) =>
  JSON.stringify(a) === JSON.stringify({ ...securityOf(securityValues(b), b), confirmedAt: b.confirmedAt ?? null });

// ---- a new version ----------------------------------------------------------------------------

export const VERSION_FIELDS = ["version", "releaseNotes", "permissions", "screenshots", ...Object.values(SECURITY_FIELDS)] as const;

export function versionValues(live: AppDetail): FormValues {
  return { version: "", releaseNotes: "", permissions: [...live.permissions], screenshots: live.screenshots.join("\n"), ...securityValues(live.security) };
}

/**
 * The body of POST /api/publisher/v1/apps/{appId}/versions. Permissions are always sent (the form
 * shows all of them); screenshots and security facts only when they differ from the live app's, so
 * the review shows only what changes.
 */
export function versionBody(values: FormValues, live: AppDetail): Record<string, unknown> {
  const body: Record<string, unknown> = {
    version: one(values, "version").trim(),
    releaseNotes: text(one(values, "releaseNotes")),
    permissions: many(values, "permissions"),
  };
  const screenshots = lines(one(values, "screenshots"));
  if (screenshots.join("\n") !== live.screenshots.join("\n")) body.screenshots = screenshots;
  const security = securityOf(values, live.security);
  if (!sameFacts(security, live.security)) body.security = security;
  return body;
}

// ---- a listing change -------------------------------------------------------------------------

const LISTING_TEXT = ["name", "tagline", "description", "logo"] as const;
const LISTING_URLS = ["videoUrl", "websiteUrl", "supportUrl", "privacyUrl", "termsUrl"] as const;
export const LISTING_FIELDS = [...LISTING_TEXT, "screenshots", ...LISTING_URLS, "categoryIds", "deprecate", "deprecation.replacement"] as const;

export function listingValues(live: AppDetail): FormValues {
  return {
    name: live.name,
    tagline: live.tagline,
    description: live.description,
    logo: live.logo,
    screenshots: live.screenshots.join("\n"),
    ...Object.fromEntries(LISTING_URLS.map((k) => [k, live[k] ?? ""])),
    categoryIds: live.categories.map((c) => c.id),
    deprecate: "",
    "deprecation.replacement": "",
  };
}

/** The body of POST /api/publisher/v1/apps/{appId}/listing: only the fields that differ from the live listing. */
export function listingBody(values: FormValues, live: AppDetail): Record<string, unknown> {
  const body: Record<string, unknown> = {};
  for (const key of LISTING_TEXT) {
    const typed = key === "description" ? text(one(values, key)).trim() : one(values, key).trim();
    if (typed !== live[key]) body[key] = typed;
  }
  const screenshots = lines(one(values, "screenshots"));
  if (screenshots.join("\n") !== live.screenshots.join("\n")) body.screenshots = screenshots;
  for (const key of LISTING_URLS) {
    const typed = optional(one(values, key));
    if (typed !== (live[key] ?? null)) body[key] = typed;
  }
  const categories = many(values, "categoryIds");
  if (
    !sameSet(
      categories,
      live.categories.map((c) => c.id),
    )
  )
    body.categoryIds = categories;
  if (one(values, "deprecate") === "yes") body.deprecation = { replacement: optional(one(values, "deprecation.replacement")) };
  return body;
}

// ---- a new app --------------------------------------------------------------------------------

export const DRAFT_FIELDS = [
  "name",
  "friendlyId",
  "type",
  "productType",
  "categoryIds",
  "tagline",
  "description",
  "logo",
  "screenshots",
  "websiteUrl",
  "supportUrl",
  "privacyUrl",
  "termsUrl",
  "requiresAdmin",
  "botEmail",
  "clientId",
  "connectUrl",
  "permissions",
  ...Object.values(SECURITY_FIELDS),
  "version.version",
  "version.releaseNotes",
] as const;

export const draftValues = (): FormValues => ({ type: "bot", productType: "teams", categoryIds: [], permissions: [], ...securityValues(null) });

/** The body of POST /api/publisher/v1/apps. */
export function draftBody(values: FormValues): Record<string, unknown> {
  const body: Record<string, unknown> = {
    name: one(values, "name").trim(),
    type: one(values, "type"),
    productType: one(values, "productType"),
    productTypes: [one(values, "productType")],
    categoryIds: many(values, "categoryIds"),
    tagline: one(values, "tagline").trim(),
    description: text(one(values, "description")).trim(),
    logo: one(values, "logo").trim(),
    screenshots: lines(one(values, "screenshots")),
    requiresAdmin: one(values, "requiresAdmin") === "yes",
    permissions: many(values, "permissions"),
    security: securityOf(values, null),
  };
  const friendlyId = optional(one(values, "friendlyId"));
  if (friendlyId) body.friendlyId = friendlyId;
  for (const key of ["websiteUrl", "supportUrl", "privacyUrl", "termsUrl", "botEmail", "clientId", "connectUrl"] as const) {
    const v = optional(one(values, key));
    if (v !== null) body[key] = v;
  }
  const version = optional(one(values, "version.version"));
  if (version) body.version = { version, releaseNotes: text(one(values, "version.releaseNotes")) };
  return body;
}

/** What each field is called on the page (the problem summary links to it by this name). */
export const FIELD_LABELS: Record<string, string> = {
  version: "Version",
  releaseNotes: "Release notes",
  permissions: "Permissions",
  screenshots: "Screenshots",
  name: "Name",
  friendlyId: "Address",
  type: "Type",
  productType: "Product",
  categoryIds: "Categories",
  tagline: "Tagline",
  description: "Description",
  logo: "Logo",
  videoUrl: "Video",
  websiteUrl: "Website",
  supportUrl: "Support",
  privacyUrl: "Privacy policy",
  termsUrl: "Terms",
  requiresAdmin: "Only an administrator can add it",
  botEmail: "Bot address",
  clientId: "OAuth client id",
  connectUrl: "Connect page",
  "deprecation.replacement": "Replacement",
  [SECURITY_FIELDS.dataRegions]: "Where data is kept",
  [SECURITY_FIELDS.certifications]: "Certifications",
  [SECURITY_FIELDS.dataRetention]: "Data retention",
  [SECURITY_FIELDS.aiUsesMessageContent]: "AI uses message content",
  [SECURITY_FIELDS.aiTrainsModels]: "AI models are trained on message content",
  [SECURITY_FIELDS.subProcessors]: "Sub-processors",
  [SECURITY_FIELDS.securityContact]: "Security contact",
  "version.version": "First version",
  "version.releaseNotes": "Its release notes",
};

// ---- problems as field errors -----------------------------------------------------------------

/** Field names a path may land on beyond the form's own (the draft's catalogue record names). */
const ALIASES: Record<string, string> = { versions: "version.version", productTypes: "productType" };

/**
 * Each problem (a path such as `permissions.2` or `security.subProcessors.0.name`) under the
 * field it is about: the longest known field that starts its path. A problem no field shows (the
 * body as a whole) is under "form". The first problem per field is kept.
 */
export function fieldErrors(problems: readonly { path: string; message: string }[], fields: readonly string[]): FieldErrors {
  const out: FieldErrors = {};
  for (const p of problems) {
    const parts = p.path.split(".").filter(Boolean);
    let field = "form";
    for (let n = parts.length; n > 0; n--) {
      const candidate = parts.slice(0, n).join(".");
      if (fields.includes(candidate)) {
        field = candidate;
        break;
      }
      if (n === 1 && ALIASES[candidate] && fields.includes(ALIASES[candidate])) field = ALIASES[candidate];
    }
    out[field] ??= p.message;
  }
  return out;
}
