// "Request this app" (./request-page.server.ts): the app's standing, what it can do, and the form
// with an optional comment. A plain form that works without JavaScript; a refused post comes back
// with the comment kept and what to fix.
import { Form, useNavigation } from "@remix-run/react";
import { buttonStyles } from "~/components/Button.css";
import { CsrfInput } from "~/components/CsrfInput";
import * as f from "~/components/FormField.css";
import type { RequestActionData, RequestPageData } from "./request-page.server";
import * as s from "./OrgPolicy.css";
import { StandingBadge } from "./StandingNotice";

export function RequestPage({ page, acted }: { page: RequestPageData; acted: RequestActionData | null }) {
  const { app, standing, permissionGroups } = page;
  const busy = useNavigation().state === "submitting";
  const canRequest = standing?.requestHref != null;
  return (
    <article className={s.page} aria-labelledby="request-title">
      <h1 id="request-title" className={s.title}>
        Request {app.name}
      </h1>
      {standing ? (
        <div className={s.notice}>
          <p>
            <StandingBadge state={standing.state} />
          </p>
          <p>{standing.message}</p>
          {standing.reason ? <p>Reason: {standing.reason}</p> : null}
        </div>
      ) : (
        <p className={s.lead}>Your organisation does not require approval: you can use {app.name} without asking.</p>
      )}
      <section aria-labelledby="can-do" className={s.section}>
        <h2 id="can-do" className={s.sectionTitle}>
          What {app.name} can do
        </h2>
        <ul className={s.list}>
          {permissionGroups.flatMap((g) =>
            g.items.map((p) => (
              <li key={p.key}>
                {g.group === "admin" ? <strong>Administrator access: </strong> : null}
                {p.label}
              </li>
            )),
          )}
          {permissionGroups.length === 0 ? <li>{app.companyName} lists no permissions.</li> : null}
        </ul>
      </section>
      {canRequest ? (
        <Form method="post" action={app.requestPath} className={f.form}>
          <CsrfInput />
          {acted ? (
            <p className={f.problem} role="alert" id="comment-problem">
              {acted.problem}
            </p>
          ) : null}
          <label htmlFor="comment" className={f.label}>
            Why do you need it? (optional)
          </label>
          <textarea
            id="comment"
            name="comment"
            rows={4}
            maxLength={page.commentMax}
            className={f.field}
            defaultValue={acted?.comment ?? ""}
            aria-invalid={acted ? true : undefined}
            aria-describedby={acted ? "comment-hint comment-problem" : "comment-hint"}
          />
          <p id="comment-hint" className={f.hint}>
            Your administrators see your name, your e-mail address and this comment. At most {page.commentMax} characters.
          </p>
          <div className={s.buttons}>
            <button type="submit" className={buttonStyles.primary} disabled={busy}>
              Request this app
            </button>
            <a href={app.path}>Back to {app.name}</a>
          </div>
        </Form>
      ) : (
        <p>
          <a href={app.path}>Back to {app.name}</a>
        </p>
      )}
    </article>
  );
}
