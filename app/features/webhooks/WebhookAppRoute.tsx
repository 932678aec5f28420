// The Incoming and Outgoing Webhooks apps' pages: the app detail page with My Webhooks under its
// header. Their own routes (app/routes/applications.{incoming,outgoing}-webhooks.tsx) keep My
// Webhooks' code out of every other detail page's first load.
import { useActionData, useLoaderData } from "@remix-run/react";
import { AppDetailView } from "~/features/app-detail/AppDetailView";
import type { appDetailAction, appDetailLoader } from "~/features/app-detail/app-detail.server";
import { MyWebhooks } from "./MyWebhooks";

export function WebhookAppRoute() {
  const { app, descriptionHtml, loginHref, loggedIn, webhooks, productName } = useLoaderData<typeof appDetailLoader>();
  const actionData = useActionData<typeof appDetailAction>();
  const form = actionData && "webhookForm" in actionData ? actionData.webhookForm : null;
  return (
    <AppDetailView app={app} descriptionHtml={descriptionHtml} loginHref={loginHref} loggedIn={loggedIn} productName={productName}>
      {webhooks ? <MyWebhooks data={webhooks} form={form} /> : null}
    </AppDetailView>
  );
}
