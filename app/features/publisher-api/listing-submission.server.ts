// POST /api/publisher/v1/apps/{appId}/listing (issue 16): a publisher changes what an app's page says
// (name, texts, images, links, categories) or deprecates the app, naming its replacement. Only the
// fields sent change; it waits for a hub admin's review (./submit.server.ts).
import type { ActionFunctionArgs, AppLoadContext } from "@remix-run/cloudflare";
import { z } from "zod";
import { appRecordSchema } from "~/models/catalogue-record";
import { requirePublisherToken } from "./auth.server";
import { httpsImageUrl } from "./draft-record";
import { type Problem, requireOwnApp, type SubmissionSpec, submitForReview } from "./submit.server";
import type { AppDetail } from "~/models/types";

const app = appRecordSchema.innerType().shape;

export const listingUpdateSchema = z
  .object({
    name: app.name,
    tagline: app.tagline,
    description: app.description,
    logo: httpsImageUrl,
    screenshots: z.array(httpsImageUrl).max(10),
    videoUrl: app.videoUrl,
    websiteUrl: app.websiteUrl,
    supportUrl: app.supportUrl,
    privacyUrl: app.privacyUrl,
    termsUrl: app.termsUrl,
    /** The categories' ids (GET /api/fetch-all-categories), all of them. */
    categoryIds: z.array(z.string().min(1)).min(1).max(10),
    /** Deprecates the app; replacement names the app to use instead (its id or friendly id), or null. */
    deprecation: z.object({ replacement: z.string().min(1).max(200).nullable() }).strict(),
  })
  .partial()
  .strict()
  .refine((body) => Object.keys(body).length > 0, "name at least one field to change");
export type ListingUpdate = z.infer<typeof listingUpdateSchema>;

/** Category ids that the catalogue does not have, as problems at their paths. */
export async function categoryProblems(context: AppLoadContext, categoryIds: readonly string[] | undefined): Promise<Problem[]> {
  if (!categoryIds) return [];
  const known = new Set((await context.catalogue.categories()).map((c) => c.id));
  return categoryIds.flatMap((id, i) => {
    if (!known.has(id)) return [{ path: `categoryIds.${i}`, message: `"${id}" is not a category id (see /api/fetch-all-categories)` }];
    if (categoryIds.indexOf(id) !== i) return [{ path: `categoryIds.${i}`, message: `"${id}" is listed twice` }];
    return [];
  });
}

/** A listing change of `live`: the schema and the checks the API and the console both run. */
export const listingSpec = (context: AppLoadContext, live: AppDetail): SubmissionSpec<typeof listingUpdateSchema> => ({
  kind: "listing",
  schema: listingUpdateSchema,
  app: live,
  target: (data) => ({ appId: live.id, appName: data.name ?? live.name }),
  check: async (data) => {
    const problems = await categoryProblems(context, data.categoryIds);
    const replacementKey = data.deprecation?.replacement;
    if (replacementKey) {
      const replacement = await context.catalogue.app(replacementKey);
      if (!replacement) problems.push({ path: "deprecation.replacement", message: `no app "${replacementKey}" is in the catalogue` });
      else if (replacement.id === live.id) problems.push({ path: "deprecation.replacement", message: "an app cannot replace itself" });
    }
    return problems;
  },
});

export async function listingSubmissionAction({ request, params, context }: ActionFunctionArgs) {
  const token = await requirePublisherToken(request, context);
  const live = await requireOwnApp(context, token, params.appId ?? "");
  return submitForReview(request, context, token, listingSpec(context, live));
}
