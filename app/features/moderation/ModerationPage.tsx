// The moderation page's view (./moderation-page.server.ts): each reported review and app with its
// reports and the decisions a moderator can take, as plain forms.
import { Form } from "@remix-run/react";
import { buttonStyles } from "~/components/Button.css";
import { CsrfInput } from "~/components/CsrfInput";
import * as f from "~/components/FormField.css";
import { REVIEW_REPORT_REASON_LABELS, type ReviewReportReason } from "~/features/reviews/messages";
import { appPath } from "~/lib/app-paths";
import type { ModerationData } from "./moderation-page.server";
import * as s from "./ModerationPage.css";
import { visuallyHidden } from "../../../styles/global.css";
import { APP_REPORT_REASON_LABELS } from "./report-reasons";
import { formatDate } from "~/lib/format-date";

const reviewReason = (r: string) => REVIEW_REPORT_REASON_LABELS[r as ReviewReportReason] ?? r;

function Reports({ reports, label }: { reports: { reason: string; details: string; reportedAt: string }[]; label: (reason: string) => string }) {
  return (
    <ul className={s.reports}>
      {reports.map((r) => (
        <li key={`${r.reportedAt}-${r.reason}-${r.details}`}>
          <strong>{label(r.reason)}</strong>
          {r.details ? `: ${r.details}` : ""} <span className={s.muted}>({formatDate(r.reportedAt)})</span>
        </li>
      ))}
    </ul>
  );
}

/** One decision: a form with the subject's id and a button naming what it does to whom. */
function Decision({
  field,
  value,
  intent,
  label,
  subject,
  primary = false,
}: {
  field: "reviewId" | "appId";
  value: string | number;
  intent: string;
  label: string;
  subject: string;
  primary?: boolean;
}) {
  return (
    <Form method="post">
      <CsrfInput />
      <input type="hidden" name={field} value={value} />
      <button type="submit" name="intent" value={intent} className={primary ? buttonStyles.primary : buttonStyles.secondary}>
        {label}
        <span className={visuallyHidden}> {subject}</span>
      </button>
    </Form>
  );
}

export function ModerationPage({ data }: { data: ModerationData }) {
  const { reviews, reportedApps, removedApps } = data;
  return (
    <article className={s.page} aria-labelledby="moderation-title">
      <h1 id="moderation-title" className={s.title}>
        Moderation
      </h1>
      <p className={s.lead}>
        Reported reviews and apps. A review reported by three people is hidden until you decide; removing an app takes it out of the App Hub. Publishers' submissions wait in the{" "}
        <a href="/admin/review">review queue</a>; their API tokens are on <a href="/admin/publisher-tokens">their own page</a>.
      </p>

      <section aria-labelledby="reported-reviews" className={s.section}>
        <h2 id="reported-reviews" className={s.sectionTitle}>
          Reported reviews ({reviews.length})
        </h2>
        {reviews.length === 0 ? (
          <p className={s.muted}>No reported reviews.</p>
        ) : (
          <ul className={s.items}>
            {reviews.map((r) => (
              <li key={r.id} className={s.item}>
                <p className={s.itemHead}>
                  <a href={appPath(r.appKey)}>{r.appName}</a>
                  <span className={r.state === "reported" ? s.hidden : s.visible}>{r.state === "reported" ? "Hidden after reports" : "Visible"}</span>
                </p>
                <p className={s.reviewTitle}>
                  {r.rating} of 5: {r.title}
                </p>
                <p className={s.muted}>
                  By {r.authorName}, {formatDate(r.createdAt)}
                </p>
                {r.body ? <p className={s.body}>{r.body}</p> : null}
                <Reports reports={r.reports} label={reviewReason} />
                <div className={s.buttons}>
                  <Decision field="reviewId" value={r.id} intent="restore-review" label="Restore" subject={`the review “${r.title}”`} />
                  <Decision field="reviewId" value={r.id} intent="remove-review" label="Remove" subject={`the review “${r.title}”`} primary />
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="reported-apps" className={s.section}>
        <h2 id="reported-apps" className={s.sectionTitle}>
          Reported apps ({reportedApps.length})
        </h2>
        {reportedApps.length === 0 ? (
          <p className={s.muted}>No reported apps.</p>
        ) : (
          <ul className={s.items}>
            {reportedApps.map((a) => (
              <li key={a.appId} className={s.item}>
                <p className={s.itemHead}>
                  <a href={appPath(a.appKey)}>{a.name}</a> <span className={s.muted}>by {a.companyName}</span>
                  {a.removed ? <span className={s.hidden}>Removed</span> : null}
                </p>
                <Reports reports={a.reports} label={(reason) => APP_REPORT_REASON_LABELS[reason as keyof typeof APP_REPORT_REASON_LABELS] ?? reason} />
                <div className={s.buttons}>
                  <Decision field="appId" value={a.appId} intent="dismiss-app" label="Dismiss reports" subject={`about ${a.name}`} />
                  <Form method="post" className={s.removeForm}>
                    <CsrfInput />
                    <input type="hidden" name="appId" value={a.appId} />
                    <label htmlFor={`remove-${a.appId}`} className={f.label}>
                      Why remove {a.name}?
                    </label>
                    <input id={`remove-${a.appId}`} name="reason" className={f.field} maxLength={500} />
                    <button type="submit" name="intent" value="remove-app" className={buttonStyles.primary}>
                      Remove app<span className={visuallyHidden}> {a.name}</span>
                    </button>
                  </Form>
                </div>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="removed-apps" className={s.section}>
        <h2 id="removed-apps" className={s.sectionTitle}>
          Removed apps ({removedApps.length})
        </h2>
        {removedApps.length === 0 ? (
          <p className={s.muted}>No removed apps.</p>
        ) : (
          <ul className={s.items}>
            {removedApps.map((a) => (
              <li key={a.appId} className={s.item}>
                <p className={s.itemHead}>
                  {a.name} <span className={s.muted}>by {a.companyName}</span>
                </p>
                <p className={s.muted}>{a.reports[0]?.details}</p>
                <Decision field="appId" value={a.appId} intent="restore-app" label="Restore" subject={a.name} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}
