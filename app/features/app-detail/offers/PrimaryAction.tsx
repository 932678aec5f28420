// The detail page's offer (./primary-action.ts), in the header's actions column. The webhooks
// offer renders nothing here: My Webhooks sits under the header (../WebhookAppPage.tsx).
import { AddBotPanel } from "~/features/add-app/AddBotPanel";
import { CONNECT_MESSAGES } from "~/features/connect-integration/messages";
import { EmbeddedAppDialog } from "~/features/embedded-app/EmbeddedAppDialog";
import type { PermissionGroupView } from "~/models/permissions";
import type { AppDetail } from "~/models/types";
import { PermissionSummary } from "../TrustSections";
import * as styles from "../AppDetailView.css";
import type { PrimaryAction as Action } from "./primary-action";

export function PrimaryAction({ action, app, productName, permissionGroups }: { action: Action; app: AppDetail; productName: string; permissionGroups: PermissionGroupView[] }) {
  switch (action.kind) {
    case "coming-soon":
      return <p className={styles.note}>This app is not available yet.</p>;
    case "log-in":
      return (
        <a className={styles.primaryAction} href={action.href}>
          Log in to add app +
        </a>
      );
    case "add-bot":
      return <AddBotPanel appName={app.name} productName={productName} offer={action.offer} permissions={<PermissionSummary appName={app.name} groups={permissionGroups} />} />;
    case "connect":
      return (
        <>
          {/* A plain link: it leaves for the vendor's own page, so no client-side routing. */}
          <PermissionSummary appName={app.name} groups={permissionGroups} id="connect-permissions" />
          <a className={styles.primaryAction} href={action.href} aria-describedby="connect-hint connect-permissions">
            Connect
          </a>
          <p id="connect-hint" className={styles.actionHint}>
            {CONNECT_MESSAGES.hint(app.name, app.companyName, productName)}
          </p>
        </>
      );
    case "connect-via-website":
      return (
        <p className={styles.actionHint}>
          {CONNECT_MESSAGES.viaWebsite(app.name, app.companyName)}{" "}
          {action.websiteUrl ? (
            <a href={action.websiteUrl} rel="noopener">
              {CONNECT_MESSAGES.websiteLink(app.companyName)}
            </a>
          ) : null}
        </p>
      );
    case "embedded-app":
      return (
        <EmbeddedAppDialog
          appName={app.name}
          productName={productName}
          offer={action.offer}
          triggerClassName={styles.primaryActionWrap}
          permissions={<PermissionSummary appName={app.name} groups={permissionGroups} />}
        />
      );
    case "webhooks":
    case "none":
      return null;
  }
}
