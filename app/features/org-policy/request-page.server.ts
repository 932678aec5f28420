// /applications/{appId}/request (issue 29): a member of an organisation that requires approval asks
// for an app, with an optional comment. GET shows the app's standing, what it can do and the form;
// POST saves the request (./requests.server.ts), which a rule may approve at once, and tells the
// admins. Works without JavaScript; an invalid comment is shown again with the problem.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { endSessionOn401, requireAuth } from "~/auth/session.server";
import { appPath } from "~/lib/app-paths";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";
import { redirectWithNotice } from "~/lib/flash.server";
import { notFound } from "~/lib/http.server";
import { groupPermissions, isPermissionKey } from "~/models/permissions";
import { memberStanding, standingView } from "./access.server";
import { freeText } from "./forms";
import { appRequestPath } from "./paths";
import { COMMENT_MAX, requestApp } from "./requests.server";

async function requestableApp(request: Request, context: LoaderFunctionArgs["context"], key: string) {
  const app = await context.catalogue.app(key);
  if (app?.status !== "published") throw await notFound(request, context);
  return app;
}

export async function requestPageLoader({ request, context, params }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  const app = await requestableApp(request, context, params.appId ?? "");
  const standing = await memberStanding(context, auth, app);
  const view = standingView(standing, { name: app.name, requestPath: appRequestPath(app) });
  return data(
    {
      app: { name: app.name, path: appPath(app), requestPath: appRequestPath(app), companyName: app.companyName },
      permissionGroups: groupPermissions(app.permissions.filter(isPermissionKey)),
      standing: view,
      commentMax: COMMENT_MAX,
    },
    { headers: PRIVATE_HEADERS },
  );
}

export type RequestPageData = Awaited<ReturnType<typeof requestPageLoader>>["data"];
export type RequestActionData = { comment: string; problem: string };

const requestForm = z.object({ comment: freeText("The comment", COMMENT_MAX, true).default("") });

export async function requestPageAction({ request, context, params }: ActionFunctionArgs) {
  const auth = await requireAuth(request, context);
  const app = await requestableApp(request, context, params.appId ?? "");
  const fields = Object.fromEntries(await request.formData());
  const typed = typeof fields.comment === "string" ? fields.comment : "";
  const parsed = requestForm.safeParse({ comment: typed });
  // Invalid: the page again, with what was typed and what to fix.
  if (!parsed.success)
    return data<RequestActionData>({ comment: typed, problem: parsed.error.issues[0]?.message ?? "The comment could not be read." }, { status: 400, headers: PRIVATE_HEADERS });
  try {
    const outcome = await requestApp(context, auth, app, parsed.data.comment);
    if (!outcome.ok) {
      if (outcome.status === 429)
        return data<RequestActionData>({ comment: typed, problem: outcome.message }, { status: 429, headers: { ...PRIVATE_HEADERS, "Retry-After": "60" } });
      return redirectWithNotice(request, context, appPath(app), { title: "Not requested", message: outcome.message, level: "error" });
    }
    const notice =
      outcome.kind === "approved-by-rule"
        ? { title: `${app.name} approved`, message: `Your organisation's rule “${outcome.ruleName}” approved it. You can add it now.`, level: "success" as const }
        : outcome.kind === "already"
          ? {
              title: "Already requested",
              message: `Your request for ${app.name} is waiting for an administrator. You will get a message when they decide.`,
              level: "info" as const,
            }
          : {
              title: "Request sent",
              message: `Your administrators were asked about ${app.name}. You will get a message from the App Hub bot when they decide.`,
              level: "success" as const,
            };
    return redirectWithNotice(request, context, appPath(app), notice);
  } catch (error) {
    const expired = await endSessionOn401(request, context, error);
    if (expired) throw expired;
    throw error;
  }
}
