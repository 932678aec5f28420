// /my-integrations (spec §2.1 MYINTEGRATIONS): requires login; the person's connected integrations
// and Disconnect (Post/Redirect/Get, with the result in the notification area).
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { endSessionOn401, requireAuth } from "~/auth/session.server";
import { MY_INTEGRATIONS_MESSAGES } from "~/features/my-integrations/integration";
import { disconnectIntegration, loadMyIntegrations } from "~/features/my-integrations/my-integrations.server";
import { MyIntegrationsPage } from "~/features/my-integrations/MyIntegrationsPage";
import { redirectWithNotice } from "~/lib/flash.server";

export const meta: MetaFunction = () => [{ title: "My Integrations | App Hub" }, { name: "robots", content: "noindex" }];

const PRIVATE = { "Cache-Control": "private, no-store" };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const auth = await requireAuth(request, context);
  let integrations = null;
  try {
    integrations = await loadMyIntegrations(context, auth);
  } catch (error) {
    const expired = await endSessionOn401(request, context, error);
    if (expired) throw expired;
    // Spec §4: on failure the page keeps its frame and says so; the error is logged by the client.
    context.logger.error("Unable to fetch my integrations", { error: String(error) });
  }
  return data({ productName: context.config.productName, integrations }, { headers: PRIVATE });
}

/** Lazy, so zod stays out of the browser bundle (see applications.$appId.tsx). */
const disconnectSchema = () =>
  z.object({
  intent: z.literal("disconnect"),
  clientId: z.string().min(1).max(200),
  name: z.string().max(120).optional(),
});

export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await requireAuth(request, context);
  const parsed = disconnectSchema().safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ message: "Choose an integration to disconnect." }, { status: 400, headers: PRIVATE });
  const name = parsed.data.name?.trim() || "The integration";
  let notice;
  try {
    await disconnectIntegration(context, auth, parsed.data.clientId);
    notice = { title: "Disconnected", message: MY_INTEGRATIONS_MESSAGES.disconnected(name), level: "success" as const };
  } catch (error) {
    const expired = await endSessionOn401(request, context, error);
    if (expired) throw expired;
    context.logger.error("Unable to remove an authorization", { error: String(error) });
    notice = { title: "Not disconnected", message: MY_INTEGRATIONS_MESSAGES.disconnectFailed(name), level: "error" as const };
  }
  return redirectWithNotice(request, "/my-integrations", notice);
}

export default function MyIntegrationsRoute() {
  const { productName, integrations } = useLoaderData<typeof loader>();
  return <MyIntegrationsPage productName={productName} integrations={integrations} />;
}
