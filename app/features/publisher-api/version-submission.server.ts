// POST /api/publisher/v1/apps/{appId}/versions (issue 16): a publisher submits a new version of one of
// their apps (version, release notes, permissions, security facts, screenshots by URL). It waits for
// a hub admin's review (./submit.server.ts); nothing live changes here.
import type { ActionFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { securityFactsSchema, versionRecordSchema } from "~/models/catalogue-record";
import { requirePublisherToken } from "./auth.server";
import { httpsImageUrl } from "./draft-record";
import { permissionProblems, type Problem, requireOwnApp, submitForReview } from "./submit.server";

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

export async function versionSubmissionAction({ request, params, context }: ActionFunctionArgs) {
  const token = await requirePublisherToken(request, context);
  const app = await requireOwnApp(context, token, params.appId ?? "");
  return submitForReview(request, context, token, {
    kind: "version",
    schema: versionSubmissionSchema,
    app,
    target: () => ({ appId: app.id, appName: app.name }),
    check: (data) => {
      const problems: Problem[] = permissionProblems(data.permissions, app.type);
      if (app.versions.some((v) => v.version === data.version)) problems.push({ path: "version", message: `${app.name} already has version ${data.version}` });
      return problems;
    },
  });
}
