// "Connect {app}?" (issue 27): what /applications/{id}/connect shows when another site sent the
// person there. Nothing is recorded until they choose Continue, a plain link back to the same address
// from this page (so same-origin): another site can no longer record a Connect behind their back.
import { buttonStyles } from "~/components/Button.css";
import { CONNECT_MESSAGES as M } from "./messages";
import * as s from "./ConnectConfirm.css";

export type ConnectConfirmData = { app: { name: string; companyName: string; path: string; connectPath: string }; productName: string };

export function ConnectConfirmPage({ data }: { data: ConnectConfirmData }) {
  const { app, productName } = data;
  return (
    <article className={s.page} aria-labelledby="connect-title">
      <h1 id="connect-title" className={s.title}>
        {M.confirmTitle(app.name)}
      </h1>
      <p className={s.lead}>{M.confirmWhy}</p>
      <p className={s.lead}>{M.hint(app.name, app.companyName, productName)}</p>
      <p className={s.buttons}>
        {/* A document navigation: the answer is a redirect to the vendor's own site. */}
        <a href={app.connectPath} className={buttonStyles.primary}>
          {M.confirmContinue(app.companyName)}
        </a>
        <a href={app.path}>{M.confirmCancel(app.name)}</a>
      </p>
    </article>
  );
}
