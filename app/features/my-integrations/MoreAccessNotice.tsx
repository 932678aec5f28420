// "This app now asks for more access" (issue 16; docs/decisions/027): inside an integration's row on
// My Integrations when its current catalogue entry lists permissions it did not list at the last
// Connect here. A region with its own heading (not a colour alone), the added permissions in the
// detail page's words and flags, the versions when known, and the two ways out: Reconnect (the
// app's Connect, which records what it asks for now) and Disconnect (first-party: the page's own
// form; third-party: the platform's page, the only place that can). Works without JavaScript.
import type { useFetcher } from "@remix-run/react";
import { buttonStyles } from "~/components/Button.css";
import { CsrfInput } from "~/components/CsrfInput";
import { PermissionList } from "~/features/app-detail/PermissionList";
import { MY_INTEGRATIONS_MESSAGES as M, type MoreAccess } from "./integration";
import * as s from "./MoreAccessNotice.css";
import { hidden } from "./MyIntegrationsPage.css";

type Props = {
  clientId: string;
  name: string;
  moreAccess: MoreAccess;
  productName: string;
  manageUrl: string;
  /** First-party: the row's fetcher, so Disconnect here shows progress in the row; null: third-party. */
  fetcher: ReturnType<typeof useFetcher> | null;
};

export function MoreAccessNotice({ clientId, name, moreAccess, productName, manageUrl, fetcher }: Props) {
  const headingId = `more-access-${clientId}`;
  const busy = fetcher !== null && fetcher.state !== "idle";
  const { addedPermissions, connectedVersion, currentVersion, reconnectPath } = moreAccess;
  return (
    // Named by its heading and the row's (the app's name): several rows may carry one, and each
    // region needs its own name.
    <section className={s.notice} aria-labelledby={`${headingId} integration-${clientId}`}>
      <h3 id={headingId} className={s.title}>
        {M.moreAccessTitle}
      </h3>
      <p className={s.text}>{M.moreAccessLead(name, connectedVersion, currentVersion)}</p>
      <PermissionList items={addedPermissions} className={s.list} />
      <p className={s.text}>
        {addedPermissions.some((p) => p.group === "admin") ? `${M.moreAccessAdmin} ` : null}
        {M.moreAccessChoice(name)}
      </p>
      <div className={s.actions}>
        {reconnectPath ? (
          // A plain link: Connect leaves for the vendor's own page, so no client-side routing.
          <a href={reconnectPath} className={buttonStyles.primary}>
            <span>
              {M.reconnect}
              <span className={hidden}>{` ${name}`}</span>
            </span>
          </a>
        ) : null}
        {fetcher ? (
          <fetcher.Form method="post">
            <CsrfInput />
            <input type="hidden" name="clientId" value={clientId} />
            <input type="hidden" name="name" value={name} />
            <button type="submit" name="intent" value="disconnect" className={buttonStyles.secondary} disabled={busy}>
              <span>
                {busy ? "Disconnecting…" : "Disconnect"}
                <span className={hidden}>{` ${name}`}</span>
              </span>
            </button>
          </fetcher.Form>
        ) : (
          <a href={manageUrl} rel="noopener" className={buttonStyles.secondary}>
            <span>
              Disconnect
              <span className={hidden}>{` ${name}`}</span> {M.disconnectOn(productName)}
            </span>
          </a>
        )}
      </div>
    </section>
  );
}
