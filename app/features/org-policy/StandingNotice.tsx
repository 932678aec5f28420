// An app's standing in the person's organisation (issue 29): the badge on cards and app pages, and
// on an app page the sentence and "Request this app" (a plain link to the request page), plus an
// organisation admin's quick decisions (plain forms to /admin/organisation, which checks the role).
import { buttonStyles } from "~/components/Button.css";
import { CsrfInput } from "~/components/CsrfInput";
import { visuallyHidden } from "../../../styles/global.css";
import { ORG_ADMIN_PATH } from "./paths";
import { STANDING_LABELS, type OrgAdminOffer, type OrgStandingView, type StandingState } from "./standing-view";
import * as s from "./OrgPolicy.css";

export function StandingBadge({ state }: { state: StandingState }) {
  return <span className={s.standing[state]}>{STANDING_LABELS[state]}</span>;
}

export function StandingNotice({ view, appName }: { view: OrgStandingView; appName: string }) {
  return (
    <div className={s.notice} id="org-standing">
      <p>
        <StandingBadge state={view.state} />
      </p>
      {view.message ? <p>{view.message}</p> : null}
      {view.requestHref ? (
        <p>
          <a className={buttonStyles.primary} href={view.requestHref}>
            Request this app<span className={visuallyHidden}> ({appName})</span>
          </a>
        </p>
      ) : null}
    </div>
  );
}

export function OrgAdminActions({ offer, appName }: { offer: OrgAdminOffer; appName: string }) {
  const button = (intent: "approve" | "restrict" | "clear", label: string) => (
    <form method="post" action={ORG_ADMIN_PATH}>
      <CsrfInput />
      <input type="hidden" name="appId" value={offer.appId} />
      <input type="hidden" name="returnTo" value={offer.returnTo} />
      <button type="submit" name="intent" value={intent} className={buttonStyles.secondary}>
        {label}
        <span className={visuallyHidden}> {appName}</span>
      </button>
    </form>
  );
  return (
    <div className={s.adminBox}>
      <p className={s.muted}>
        For your organisation (<a href={ORG_ADMIN_PATH}>settings</a>):{" "}
        {offer.current === "approved" ? "pre-approved." : offer.current === "restricted" ? "restricted." : "not on a list."}
      </p>
      <div className={s.buttons}>
        {offer.current !== "approved" ? button("approve", "Pre-approve") : null}
        {offer.current !== "restricted" ? button("restrict", "Restrict") : null}
        {offer.current ? button("clear", "Take off the list") : null}
      </div>
    </div>
  );
}
