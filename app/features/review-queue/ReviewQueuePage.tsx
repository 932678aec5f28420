// The review queue's views (./review-page.server.ts): the pending submissions and the latest
// decisions; and one submission against the live listing, with plain approve and reject forms.
import { ActorName } from "~/components/Actor";
import { Form } from "@remix-run/react";
import { buttonStyles } from "~/components/Button.css";
import { CsrfInput } from "~/components/CsrfInput";
import { FieldError } from "~/components/FieldError";
import * as f from "~/components/FormField.css";
import * as m from "~/features/moderation/ModerationPage.css";
import { formatDate } from "~/lib/format-date";
import { PermissionList } from "~/features/app-detail/PermissionList";
import type { ReviewField } from "./review-diff";
import type { PayloadReview, ReviewQueueData, SubmissionReviewData, SubmissionSummary } from "./review-page.server";
import * as s from "./ReviewQueuePage.css";

const KIND_LABELS = { draft: "New app", listing: "Listing change", version: "New version" } as const;
const reviewPath = (id: number) => `/admin/review/${id}`;

function StateTag({ state }: { state: SubmissionSummary["state"] }) {
  if (state === "approved") return <span className={s.approved}>Approved</span>;
  if (state === "rejected") return <span className={s.rejected}>Rejected</span>;
  if (state === "withdrawn") return <span className={m.muted}>Withdrawn by the publisher</span>;
  return <span className={m.visible}>Waiting for review</span>;
}

function SubmissionItem({ item }: { item: SubmissionSummary }) {
  return (
    <li className={m.item}>
      <p className={m.itemHead}>
        <span className={s.kind}>{KIND_LABELS[item.kind]}</span>
        <a href={reviewPath(item.id)}>
          {item.appName}
          {item.version ? ` ${item.version}` : ""}
        </a>
        {item.state !== "pending" ? <StateTag state={item.state} /> : null}
      </p>
      <p className={m.muted}>
        From {item.publisherSlug}, sent {formatDate(item.createdAt)} by {item.submittedBy ? <ActorName actor={item.submittedBy} /> : "an API token"}
        {item.decidedAt ? (
          <>
            ; decided {formatDate(item.decidedAt)} by {item.decidedBy ? <ActorName actor={item.decidedBy} /> : "a hub admin"}
          </>
        ) : null}
      </p>
      {item.reason ? <p className={m.body}>Reason: {item.reason}</p> : null}
    </li>
  );
}

export function ReviewQueuePage({ data }: { data: ReviewQueueData }) {
  return (
    <article className={m.page} aria-labelledby="review-title">
      <h1 id="review-title" className={m.title}>
        Review queue
      </h1>
      <p className={m.lead}>
        Publishers' new apps, listing changes and versions, sent from their console or through the publisher API. Nothing is live until you approve it; a rejection's reason goes
        back to the publisher. Tokens are on <a href="/admin/publisher-tokens">their own page</a>.
      </p>
      <section aria-labelledby="pending-title" className={m.section}>
        <h2 id="pending-title" className={m.sectionTitle}>
          Waiting for review ({data.pending.length})
        </h2>
        {data.pending.length === 0 ? (
          <p className={m.muted}>Nothing is waiting for review.</p>
        ) : (
          <ul className={m.items}>
            {data.pending.map((item) => (
              <SubmissionItem key={item.id} item={item} />
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="decided-title" className={m.section}>
        <h2 id="decided-title" className={m.sectionTitle}>
          Recent decisions
        </h2>
        {data.decided.length === 0 ? (
          <p className={m.muted}>No decisions yet.</p>
        ) : (
          <ul className={m.items}>
            {data.decided.map((item) => (
              <SubmissionItem key={item.id} item={item} />
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}

const Value = ({ value }: { value: string | null }) => (value === null ? <span className={s.none}>Not provided</span> : value);

function Fields({ fields, isNew }: { fields: ReviewField[]; isNew: boolean }) {
  return (
    <div className={s.tableWrap}>
      <table className={s.table}>
        <caption className={m.muted}>{isNew ? "Everything in a new app's listing." : "Only the fields this submission changes or restates; changed rows are marked."}</caption>
        <thead>
          <tr>
            <th scope="col">Field</th>
            {isNew ? null : <th scope="col">Live now</th>}
            <th scope="col">{isNew ? "Submitted" : "Proposed"}</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((row) => (
            <tr key={row.label} className={!isNew && row.changed ? s.changedRow : undefined}>
              <th scope="row">
                {row.label}
                {!isNew && row.changed ? <span className={s.added}> Changed</span> : null}
              </th>
              {isNew ? null : (
                <td>
                  <Value value={row.live} />
                </td>
              )}
              <td>
                <Value value={row.proposed} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * What a submission asks for, as the reviewer sees it: the permissions (new ones first), the fields
 * against the live listing and the release notes. The publisher console previews a form with it.
 */
export function SubmissionDiff({ isNew, permissions, fields, releaseNotesHtml }: Pick<PayloadReview, "permissions" | "fields" | "releaseNotesHtml"> & { isNew: boolean }) {
  return (
    <>
      {permissions ? (
        <section aria-labelledby="permissions-title" className={m.section}>
          <h2 id="permissions-title" className={m.sectionTitle}>
            Permissions
          </h2>
          {isNew ? (
            permissions.added.length > 0 ? (
              <PermissionList items={permissions.added} className={s.permissions} />
            ) : (
              <p className={m.muted}>It asks for no permissions.</p>
            )
          ) : (
            <>
              {permissions.added.length > 0 ? (
                <>
                  <h3 className={m.reviewTitle}>New: people would be asked for these</h3>
                  <PermissionList items={permissions.added} className={s.permissions} mark={{ text: "New", className: s.added }} />
                </>
              ) : (
                <p className={m.muted}>No new permissions.</p>
              )}
              {permissions.removed.length > 0 ? (
                <>
                  <h3 className={m.reviewTitle}>No longer asked for</h3>
                  <PermissionList items={permissions.removed} className={s.permissions} />
                </>
              ) : null}
              {permissions.kept.length > 0 ? (
                <>
                  <h3 className={m.reviewTitle}>Unchanged</h3>
                  <PermissionList items={permissions.kept} className={s.permissions} />
                </>
              ) : null}
            </>
          )}
        </section>
      ) : null}

      {fields.length > 0 ? (
        <section aria-labelledby="fields-title" className={m.section}>
          <h2 id="fields-title" className={m.sectionTitle}>
            {isNew ? "The listing" : "What changes"}
          </h2>
          <Fields fields={fields} isNew={isNew} />
        </section>
      ) : null}

      {releaseNotesHtml !== null ? (
        <section aria-labelledby="notes-title" className={m.section}>
          <h2 id="notes-title" className={m.sectionTitle}>
            Release notes
          </h2>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered on the server by micromark, which escapes raw HTML and unsafe links (app/lib/markdown.server.ts) */}
          <div className={s.notes} dangerouslySetInnerHTML={{ __html: releaseNotesHtml }} />
        </section>
      ) : null}
    </>
  );
}

export function SubmissionReviewPage({ data }: { data: SubmissionReviewData & { rejectError?: string; reason?: string } }) {
  const { submission: sub, live, fields, permissions, releaseNotesHtml } = data;
  const isNew = sub.kind === "draft";
  return (
    <article className={m.page} aria-labelledby="submission-title">
      <p className={m.muted}>
        <a href="/admin/review">Review queue</a>
      </p>
      <h1 id="submission-title" className={m.title}>
        {KIND_LABELS[sub.kind]}: {sub.appName}
        {sub.version ? ` ${sub.version}` : ""}
      </h1>
      <p className={m.lead}>
        From {sub.publisherSlug}, sent {formatDate(sub.createdAt)} by {sub.submittedBy ? <ActorName actor={sub.submittedBy} /> : "an API token"}.{" "}
        {live ? <a href={live.path}>See the live page of {live.name}</a> : isNew ? "Not in the catalogue yet." : "The app is no longer in the catalogue."}
      </p>
      {sub.state !== "pending" ? (
        <p className={m.itemHead}>
          <StateTag state={sub.state} />{" "}
          {sub.decidedAt ? (
            <span>
              by {sub.decidedBy ? <ActorName actor={sub.decidedBy} /> : "a hub admin"} on {formatDate(sub.decidedAt)}.
            </span>
          ) : null}{" "}
          {sub.reason ? `Reason: ${sub.reason}` : null}
        </p>
      ) : null}

      <SubmissionDiff isNew={isNew} permissions={permissions} fields={fields} releaseNotesHtml={releaseNotesHtml} />

      {sub.state === "pending" ? (
        <section aria-labelledby="decide-title" className={m.section}>
          <h2 id="decide-title" className={m.sectionTitle}>
            Decide
          </h2>
          <div className={s.decide}>
            <Form method="post">
              <CsrfInput />
              <button type="submit" name="intent" value="approve" className={buttonStyles.primary}>
                Approve and publish
              </button>
            </Form>
            <Form method="post" className={s.rejectForm}>
              <CsrfInput />
              <label htmlFor="reject-reason" className={f.label}>
                Reason for the publisher
              </label>
              <textarea
                id="reject-reason"
                name="reason"
                rows={4}
                maxLength={1000}
                className={f.field}
                defaultValue={data.reason ?? ""}
                aria-invalid={data.rejectError ? true : undefined}
                aria-describedby={data.rejectError ? "reject-reason-error" : undefined}
              />
              <FieldError id="reject-reason-error" message={data.rejectError} />
              <div>
                <button type="submit" name="intent" value="reject" className={buttonStyles.secondary}>
                  Reject
                </button>
              </div>
            </Form>
          </div>
        </section>
      ) : null}
    </article>
  );
}
