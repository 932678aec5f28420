// /my-integrations (spec §2.1 MYINTEGRATIONS): requires login; the person's integrations as the
// deployment mode lets the hub know them (issue 13): Disconnect in first-party mode, "Remove from
// this list" (our record only) in third-party mode. Post/Redirect/Get, the result in the
// notification area.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { endSessionOn401, requireAuth } from "~/auth/session.server";
import type { Notice } from "~/components/notice";
import { MY_INTEGRATIONS_MESSAGES as M, type MyIntegrationsView } from "~/features/my-integrations/integration";
import { disconnectIntegration, forgetIntegration, loadMyIntegrations } from "~/features/my-integrations/my-integrations.server";
import { MyIntegrationsPage } from "~/features/my-integrations/MyIntegrationsPage";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";
import { redirectWithNotice } from "~/lib/flash.server";
import { followedAppsFor } from "~/features/followers/follow-page.server";
import { FollowedApps } from "~/features/followers/FollowedApps";

export const meta: MetaFunction = () => [{ title: "My Integrations | App Hub" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  let view: MyIntegrationsView | null = null;
  try {
    view = await loadMyIntegrations(context, auth);
  } catch (error) {
    const expired = await endSessionOn401(request, context, error);
    if (expired) throw expired;
    // Spec §4: on failure the page keeps its frame and says so; the error is logged by the client.
    context.logger.error("Unable to fetch my integrations", { error: String(error) });
  }
  // Apps the person follows (issue 16): our own table, so it shows even when the platform fails.
  const follows = await followedAppsFor(context, auth);
  return data({ productName: context.config.productName, view, follows }, { headers: PRIVATE_HEADERS });
}

/** Lazy, so zod stays out of the browser bundle (see applications.$appId.tsx). */
const actionSchema = () =>
  z.object({
    intent: z.enum(["disconnect", "forget"]),
    clientId: z.string().min(1).max(200),
    name: z.string().max(120).optional(),
  });

export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await requireAuth(request, context);
  const parsed = actionSchema().safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ message: "Choose an integration." }, { status: 400, headers: PRIVATE_HEADERS });
  const name = parsed.data.name?.trim() || "The integration";
  const product = context.config.productName;
  let notice: Notice;
  if (context.config.deploymentMode === "third-party" || parsed.data.intent === "forget") {
    // Third-party: the hub cannot revoke a grant, so every intent only forgets our record, and says so.
    const removed = await forgetIntegration(context, auth, parsed.data.clientId);
    notice = removed
      ? { title: "Removed from this list", message: M.removedFromList(name, product), level: "success" }
      : { title: "Nothing to remove", message: `${M.notInList(name)} ${M.cannotRevoke(product)}`, level: "info" };
    return redirectWithNotice(request, context, "/my-integrations", notice);
  }
  try {
    await disconnectIntegration(context, auth, parsed.data.clientId);
    notice = { title: "Disconnected", message: M.disconnected(name), level: "success" };
  } catch (error) {
    const expired = await endSessionOn401(request, context, error);
    if (expired) throw expired;
    context.logger.error("Unable to remove an authorization", { error: String(error) });
    notice = { title: "Not disconnected", message: M.disconnectFailed(name), level: "error" };
  }
  return redirectWithNotice(request, context, "/my-integrations", notice);
}

export default function MyIntegrationsRoute() {
  const { productName, view, follows } = useLoaderData<typeof loader>();
  return (
    <MyIntegrationsPage productName={productName} view={view}>
      <FollowedApps follows={follows} />
    </MyIntegrationsPage>
  );
}
