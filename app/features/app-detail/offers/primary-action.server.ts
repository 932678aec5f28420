// Which offer the detail page makes (./primary-action.ts): the one decision, in order of
// precedence, that used to be spread over the loader and a five-way ternary in the view.
import type { AppLoadContext } from "@remix-run/cloudflare";
import type { Auth } from "~/auth/session.server";
import { loginHref } from "~/components/auth-links";
import { addBotOffer } from "~/features/add-app/add-bot.server";
import { connectableIntegration } from "~/features/connect-integration/connectable";
import { embeddedAppOffer } from "~/features/embedded-app/embedded-app.server";
import { myWebhooksData } from "~/features/webhooks/webhooks-page.server";
import { webhookKindOf } from "~/features/webhooks/webhook-form";
import { appConnectPath } from "~/lib/app-paths";
import type { AppDetail } from "~/models/types";
import type { PrimaryAction } from "./primary-action";

export async function primaryActionFor(request: Request, context: AppLoadContext, auth: Auth | null, app: AppDetail): Promise<PrimaryAction> {
  if (app.status === "coming_soon") return { kind: "coming-soon" };
  if (!auth) return { kind: "log-in", href: loginHref(new URL(request.url).pathname) };
  // Only published apps can be added; anything else (hidden by a route, or withdrawn) offers nothing.
  if (app.status !== "published") return { kind: "none" };
  const webhookKind = webhookKindOf(app);
  if (webhookKind) return { kind: "webhooks", data: await myWebhooksData(request, context, auth, webhookKind) };
  if (app.type === "bot" && app.botEmail) return { kind: "add-bot", offer: await addBotOffer(request, context, auth) };
  if (app.type === "integration") {
    // ./connect sends the person to the vendor's own start page; without a connect URL the page
    // says the vendor's website is the way.
    return connectableIntegration(app) ? { kind: "connect", href: appConnectPath(app) } : { kind: "connect-via-website", websiteUrl: app.websiteUrl };
  }
  // Spec §5: an embedded app's page checks the person's access (and the phase-1 toggle).
  if (app.type === "embeddedApp") return { kind: "embedded-app", offer: await embeddedAppOffer(context, auth, app) };
  return { kind: "none" };
}
