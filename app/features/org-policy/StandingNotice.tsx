// An app's standing in the person's organisation (issue 29): the badge on cards and app pages, and
// on an app page the sentence and "Request this app" (a plain link to the request page), plus an
// organisation admin's quick decisions (plain forms to /admin/organisation, which checks the role).
import { buttonStyles } from "~/components/Button.css";
import { CsrfInput } from "~/components/CsrfInput";
import * as f from "~/components/FormField.css";
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
      {view.reason ? <p>Reason: {view.reason}</p> : null}
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
    <form method="post" action={ORG_ADMIN_PATH} className={intent === "restrict" ? s.inlineForm : undefined}>
      <CsrfInput />
      <input type="hidden" name="appId" value={offer.appId} />
      <input type="hidden" name="returnTo" value={offer.returnTo} />
      {/* Members read a restriction's reason on the app's page (issue 40 item 13); the admin action
          validates it (500 characters, no control characters) and shows it again if refused. */}
      {intent === "restrict" ? <RestrictReasonField id="org-restrict-reason" /> : null}
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

/** The reason a restriction may carry; `problem` and `value` when a refused post shows it again. */
export function RestrictReasonField({ id, value, problem }: { id: string; value?: string; problem?: string }) {
  return (
    <span className={f.form}>
      <label htmlFor={id} className={f.label}>
        Reason for your people (optional)
      </label>
      <input
        id={id}
        name="reason"
        maxLength={500}
        className={f.field}
        defaultValue={value}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${id}-hint ${id}-problem` : `${id}-hint`}
      />
      <span id={`${id}-hint`} className={f.hint}>
        Shown to your people on the app's page as "Reason: …".
      </span>
      {problem ? (
        <span id={`${id}-problem`} className={f.problem} role="alert">
          {problem}
        </span>
      ) : null}
    </span>
  );
}
