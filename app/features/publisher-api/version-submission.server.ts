// POST /api/publisher/v1/apps/{appId}/versions (issue 16): a publisher submits a new version of one of
// their apps (version, release notes, permissions, security facts, screenshots by URL). It waits for
// a hub admin's review (./submit.server.ts); nothing live changes here.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { securityFactsSchema, versionRecordSchema } from "~/models/catalogue-record";
import type { AppDetail } from "~/models/types";
import { requirePublisherToken } from "./auth.server";
import { httpsImageUrl } from "./draft-record";
import { permissionProblems, type Problem, requireOwnApp, type SubmissionSpec, submitForReview } from "./submit.server";

export const versionSubmissionSchema = z
  .object({
    version: versionRecordSchema.shape.version,
    releasedAt: versionRecordSchema.shape.releasedAt.optional(),
    releaseNotes: versionRecordSchema.shape.notes,
    /** The permissions this version asks for, all of them (absent: the same as now). */
    permissions: z.array(z.string()).max(40).optional(),
    security: securityFactsSchema.optional(),
    screenshots: z.array(httpsImageUrl).max(10).optional(),
  })
  .strict();
export type VersionSubmission = z.infer<typeof versionSubmissionSchema>;

/** A new version of `app`: the schema and the checks the API and the console both run. */
export const versionSpec = (app: AppDetail): SubmissionSpec<typeof versionSubmissionSchema> => ({
  kind: "version",
  schema: versionSubmissionSchema,
  app,
  target: () => ({ appId: app.id, appName: app.name }),
  check: (data) => {
    const problems: Problem[] = permissionProblems(data.permissions, app.type);
    if (app.versions.some((v) => v.version === data.version)) problems.push({ path: "version", message: `${app.name} already has version ${data.version}` });
    const date = releaseDateProblem(data.releasedAt, app, new Date());
    if (date) problems.push({ path: "releasedAt", message: date });
    return problems;
  },
});

export async function versionSubmissionAction({ request, params, context }: ActionFunctionArgs) {
  const token = await requirePublisherToken(request, context);
  const app = await requireOwnApp(context, token, params.appId ?? "");
  return submitForReview(request, context, token, versionSpec(app));
}

/** How far ahead of our clock a release date may be: a publisher's clock that runs a little fast. */
export const RELEASE_CLOCK_SKEW_MS = 5 * 60_000;

/**
 * What is wrong with a version's release date, or null (issue 27). A date in the future would keep
 * the app "Active" and first in the feeds for as long as it likes; one before the live version's
 * would put the new version behind the current one. Checked when the version arrives and again when
 * it is approved (another version may have gone live meanwhile). No date: released when approved.
 */
export function releaseDateProblem(releasedAt: string | undefined, live: Pick<AppDetail, "name" | "versions">, now: Date): string | null {
  if (releasedAt === undefined) return null;
  const at = Date.parse(releasedAt);
  if (at > now.getTime() + RELEASE_CLOCK_SKEW_MS) return "must not be in the future; leave it out to release the version when it is approved";
  // The latest release by date (the history is newest first, but the date is what matters here).
  const latest = live.versions.reduce<AppDetail["versions"][number] | null>((a, v) => (a === null || Date.parse(v.releasedAt) > Date.parse(a.releasedAt) ? v : a), null);
  if (latest && at < Date.parse(latest.releasedAt)) {
    return `must not be before ${live.name} ${latest.version}'s release (${new Date(latest.releasedAt).toISOString()})`;
  }
  return null;
}
