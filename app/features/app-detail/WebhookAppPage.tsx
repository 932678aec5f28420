// The Incoming and Outgoing Webhooks apps' pages: the app detail page with My Webhooks under its
// header. Their own routes (app/routes/applications.{incoming,outgoing}-webhooks.tsx) keep My
// Webhooks' code out of every other detail page's first load; they post to app/features/webhooks.
import { useActionData, useLoaderData } from "@remix-run/react";
import { MyWebhooks } from "~/features/webhooks/MyWebhooks";
import type { webhookPageAction } from "~/features/webhooks/webhooks-page.server";
import type { appDetailLoader } from "./app-detail.server";
import { AppDetailView } from "./AppDetailView";

export function WebhookAppPage() {
  const { page } = useLoaderData<typeof appDetailLoader>();
  const { primary } = page;
  const actionData = useActionData<typeof webhookPageAction>();
  const form = actionData && "webhookForm" in actionData ? actionData.webhookForm : null;
  return <AppDetailView page={page}>{primary.kind === "webhooks" ? <MyWebhooks data={primary.data} form={form} /> : null}</AppDetailView>;
}
