// The console's submission forms (issue 30 item 2): a new app's draft, a new version and a listing
// change. Each form becomes the publisher API's JSON body (./submission-forms.ts) and is judged by
// the API's own spec (its zod schema and catalogue checks, app/features/publisher-api); "Preview"
// shows the listing and the review queue's own diff (app/features/review-queue) without sending,
// "Send for review" stores the pending submission. A refused form answers 400 with what was typed
// and the problems field by field. A hidden per-form key makes a repeated post one submission.
import { data, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { z } from "zod";
import { draftSpec } from "~/features/publisher-api/draft-submission.server";
import { listingSpec } from "~/features/publisher-api/listing-submission.server";
import { createSubmission } from "~/features/publisher-api/submissions.server";
import { checkSubmission, type SubmissionSpec } from "~/features/publisher-api/submit.server";
import { versionSpec } from "~/features/publisher-api/version-submission.server";
import { reviewOfPayload, type PayloadReview } from "~/features/review-queue/review-page.server";
import { appPath } from "~/lib/app-paths";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";
import { redirectWithNotice } from "~/lib/flash.server";
import { notFound } from "~/lib/http.server";
import { displayImageUrl } from "~/lib/image-url";
import { renderMarkdown } from "~/lib/markdown.server";
import { RATE_LIMITS, withinLimit } from "~/lib/rate-limit.server";
import { PERMISSION_KEYS, PERMISSIONS, permissionFits, type PermissionKey } from "~/models/permissions";
import type { AppDetail } from "~/models/types";
import { requirePublisherMember, type PublisherAccess } from "./members.server";
import { consolePath } from "./paths";
import {
  DRAFT_FIELDS,
  draftBody,
  draftValues,
  type FieldErrors,
  fieldErrors,
  formValues,
  type FormValues,
  LISTING_FIELDS,
  listingBody,
  listingValues,
  MULTI_FIELDS,
  VERSION_FIELDS,
  versionBody,
  versionValues,
} from "./submission-forms";

export type SubmitKind = "draft" | "version" | "listing";

/** The listing as it will look: what the app page's head and description show. */
export type ListingPreview = { name: string; tagline: string; logo: string | null; descriptionHtml: string; screenshots: string[] };

export type SubmitPageData = {
  kind: SubmitKind;
  /** The live app a version or listing change is for; null for a new app. */
  app: { id: string; name: string; type: string; path: string } | null;
  values: FormValues;
  errors: FieldErrors;
  /** The form's key: a repeated post of the same form is one submission. */
  formKey: string;
  permissionOptions: { key: PermissionKey; label: string; group: string; kind: string }[];
  /** The catalogue's categories, by the product (or app context) they belong to. */
  categories: { id: string; name: string; group: string }[];
  /** Set after a valid "Preview": what the reviewer will see, and the listing as it will look. */
  preview: (Pick<PayloadReview, "fields" | "permissions" | "releaseNotesHtml"> & { listing: ListingPreview | null }) | null;
};

const FIELDS: Record<SubmitKind, readonly string[]> = { draft: DRAFT_FIELDS, version: VERSION_FIELDS, listing: LISTING_FIELDS };

/** The live app of this publisher that `appId` names; anything else (another publisher's, none) is not found. */
async function ownApp(request: Request, context: AppLoadContext, access: PublisherAccess, appId: string | undefined): Promise<AppDetail> {
  const app = appId && appId.length <= 200 ? await context.catalogue.app(appId) : null;
  if (!app || app.publisher.slug !== access.publisher.slug) throw await notFound(request, context);
  return app;
}

function permissionOptions(app: AppDetail | null) {
  const keys = app ? PERMISSION_KEYS.filter((k) => permissionFits(app.type, k)) : PERMISSION_KEYS;
  return keys.map((key) => ({ key, label: PERMISSIONS[key].label, group: PERMISSIONS[key].group, kind: PERMISSIONS[key].kind }));
}

async function baseData(context: AppLoadContext, kind: SubmitKind, app: AppDetail | null) {
  const categories = kind === "version" ? [] : (await context.catalogue.categories()).map((c) => ({ id: c.id, name: c.name, group: c.categoryType }));
  return {
    kind,
    app: app ? { id: app.id, name: app.name, type: app.type, path: appPath(app) } : null,
    permissionOptions: kind === "listing" ? [] : permissionOptions(app),
    categories,
  };
}

export function submitPageLoader(kind: SubmitKind) {
  return async ({ request, params, context }: LoaderFunctionArgs) => {
    const access = await requirePublisherMember(request, context, params.slug);
    const app = kind === "draft" ? null : await ownApp(request, context, access, params.appId);
    const values = kind === "draft" ? draftValues() : kind === "version" ? versionValues(app!) : listingValues(app!);
    return data<SubmitPageData>({ ...(await baseData(context, kind, app)), values, errors: {}, formKey: crypto.randomUUID(), preview: null }, { headers: PRIVATE_HEADERS });
  };
}

function listingPreview(kind: SubmitKind, body: Record<string, unknown>, app: AppDetail | null): ListingPreview | null {
  if (kind === "version") return null;
  const pick = <T>(key: string, live: T): T => (key in body ? (body[key] as T) : live);
  const logo = pick<string | null>("logo", app?.logo ?? null);
  return {
    name: pick("name", app?.name ?? ""),
    tagline: pick("tagline", app?.tagline ?? ""),
    logo: logo ? displayImageUrl(logo) : null,
    descriptionHtml: renderMarkdown(pick("description", app?.description ?? "")),
    screenshots: pick<string[]>("screenshots", app?.screenshots ?? []).map(displayImageUrl),
  };
}

const FORM_KEY = /^[0-9a-f-]{36}$/;

export function submitPageAction(kind: SubmitKind) {
  return async ({ request, params, context }: ActionFunctionArgs) => {
    const access = await requirePublisherMember(request, context, params.slug);
    const app = kind === "draft" ? null : await ownApp(request, context, access, params.appId);
    const form = await request.formData();
    const intent = form.get("intent") === "submit" ? "submit" : "preview";
    const posted = String(form.get("formKey") ?? "");
    const formKey = FORM_KEY.test(posted) ? posted : crypto.randomUUID();
    const values = formValues(form, MULTI_FIELDS);
    delete values.formKey;
    const base = { ...(await baseData(context, kind, app)), values, formKey };
    const answer = (errors: FieldErrors, status: number, preview: SubmitPageData["preview"] = null, headers: Record<string, string> = {}) =>
      data<SubmitPageData>({ ...base, errors, preview }, { status, headers: { ...PRIVATE_HEADERS, ...headers } });

    // Per publisher, whoever of its members posts (the API's limit counts per token): previews too,
    // since each reads the catalogue. The form comes back as typed.
    if (!(await withinLimit(context.env, "RATE_LIMIT_SUBMISSIONS", `console:${access.publisher.slug}`))) {
      const period = RATE_LIMITS.RATE_LIMIT_SUBMISSIONS.period;
      return answer({ form: `Too many submissions and previews for ${access.publisher.name} in a short time. Wait ${period} seconds, then try again.` }, 429, null, {
        "Retry-After": String(period),
      });
    }

    const body = kind === "draft" ? draftBody(values) : kind === "version" ? versionBody(values, app!) : listingBody(values, app!);
    // The kinds' specs differ only in their schema's type; the form's body is judged as the API's would be.
    const spec = (kind === "draft"
      ? await draftSpec(context, access.publisher.slug)
      : kind === "version"
        ? versionSpec(app!)
        : listingSpec(context, app!)) as unknown as SubmissionSpec<z.ZodTypeAny>;
    const checked = await checkSubmission(spec, body);
    if (!checked.ok) {
      const errors = fieldErrors(checked.problems, FIELDS[kind]);
      if (kind === "listing" && Object.keys(body).length === 0) errors.form = "Change at least one field: this form is the same as the live listing.";
      else if (errors.form) errors.form = `The form as a whole: ${errors.form}`;
      return answer(errors, 400);
    }

    if (intent === "preview") {
      const review = await reviewOfPayload(context, kind, checked.data, app?.id ?? "");
      return answer({}, 200, { fields: review.fields, permissions: review.permissions, releaseNotesHtml: review.releaseNotesHtml, listing: listingPreview(kind, body, app) });
    }

    const refused = spec.admit ? await spec.admit() : null;
    if (refused) {
      const message = ((await refused.json()) as { message?: string }).message ?? "This cannot be sent now.";
      return answer({ form: message.replace(/ \(GET \/api\/publisher\/v1\/submissions\)/, "") }, refused.status);
    }
    const target = spec.target(checked.data);
    await createSubmission(context.db, {
      publisherSlug: access.publisher.slug,
      appId: target.appId,
      appName: target.appName,
      kind,
      payload: checked.data,
      by: { tokenId: null, actor: access.actor, submittedBy: access.actor },
      // The form's key: the same form posted twice (a double click, a reload) is one submission.
      idempotencyKey: `console:${formKey}`,
    });
    const what =
      kind === "draft"
        ? `${target.appName} (a new app)`
        : kind === "version"
          ? `${target.appName} ${String((checked.data as { version: string }).version)}`
          : `${target.appName}'s listing change`;
    return redirectWithNotice(request, context, consolePath(access.publisher.slug, "submissions"), {
      title: "Sent for review",
      message: `${what} waits for a hub admin's review. You can withdraw it while it waits.`,
      level: "success",
    });
  };
}
