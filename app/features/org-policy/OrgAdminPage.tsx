// /admin/organisation's view (./admin-page.server.ts): settings, rules, pending requests, the
// pre-approved and restricted lists, the history and the audit log, as plain forms (each with its
// CSRF token), so every decision works without JavaScript.
import { Form } from "@remix-run/react";
import { ActorName } from "~/components/Actor";
import { buttonStyles } from "~/components/Button.css";
import { CsrfInput } from "~/components/CsrfInput";
import * as f from "~/components/FormField.css";
import { InputField, SelectField, SubmitRow } from "~/components/FormFields";
import { formatDate } from "~/lib/format-date";
import { AI_USE_LABELS, CERTIFICATION_LABELS, CERTIFICATIONS, DATA_REGION_LABELS, DATA_REGIONS } from "~/models/security-facts";
import { visuallyHidden } from "../../../styles/global.css";
import type { OrgAdminData, OrgAdminRefusal } from "./admin-page.server";
import { RestrictReasonField } from "./StandingNotice";
import * as s from "./OrgPolicy.css";
import { HonestLimits } from "./HonestLimits";
import { AuditTable } from "./AuditTable";
import { ORG_AUDIT_PATH } from "./paths";

const STATUS_WORDS = { approved: "Approved", denied: "Denied", restricted: "Restricted", pending: "Pending" } as const;

function Settings({ data }: { data: OrgAdminData }) {
  const { policy, spaces, spacesError } = data;
  const target = policy.requestsTo.kind === "space" ? policy.requestsTo.roomId : "admins";
  const chosenMissing = policy.requestsTo.kind === "space" && !spaces.some((sp) => sp.id === target);
  return (
    <section aria-labelledby="settings-title" className={s.section}>
      <h2 id="settings-title" className={s.sectionTitle}>
        Settings
      </h2>
      <Form method="post" className={f.form}>
        <CsrfInput />
        <fieldset className={s.fieldset}>
          <legend className={s.legend}>Who decides which apps your people use</legend>
          <label className={s.choice}>
            <input type="radio" name="mode" value="open" defaultChecked={policy.mode === "open"} /> Open: everyone chooses their own apps (restricted and approved lists are kept,
            not applied)
          </label>
          <label className={s.choice}>
            <input type="radio" name="mode" value="approval" defaultChecked={policy.mode === "approval"} /> Approval required: only approved apps; others can be requested
          </label>
        </fieldset>
        <SelectField
          id="requests-to"
          name="requestsTo"
          label="Where requests go"
          defaultValue={target}
          hint={
            spacesError ??
            "Administrators who have logged in to the App Hub get the messages. Only your organisation's own group spaces are offered, and one that someone from outside joins stops receiving them. Choosing a space adds the App Hub bot to it."
          }
        >
          <option value="admins">A direct message from the App Hub bot to each administrator</option>
          {chosenMissing && policy.requestsTo.kind === "space" ? <option value={policy.requestsTo.roomId}>{policy.requestsTo.roomTitle}</option> : null}
          {spaces.map((sp) => (
            <option key={sp.id} value={sp.id}>
              The space “{sp.title}”
            </option>
          ))}
        </SelectField>
        <SubmitRow intent="settings">Save settings</SubmitRow>
      </Form>
      {policy.updatedBy ? (
        <p className={s.muted}>
          Last changed by <ActorName actor={policy.updatedBy} /> on {formatDate(policy.updatedAt)}.
        </p>
      ) : null}
    </section>
  );
}

function Rules({ data }: { data: OrgAdminData }) {
  return (
    <section aria-labelledby="rules-title" className={s.section}>
      <h2 id="rules-title" className={s.sectionTitle}>
        Rules
      </h2>
      <p className={s.muted}>A rule approves a request at once when the app's trust facts meet all its conditions. A fact the publisher did not give never meets one.</p>
      {data.rules.length === 0 ? (
        <p className={s.muted}>No rules: every request waits for an administrator.</p>
      ) : (
        <ul className={s.items}>
          {data.rules.map((r) => (
            <li key={r.id} className={s.item}>
              <p className={s.itemHead}>{r.name}</p>
              <p className={s.muted}>{r.description}</p>
              <Form method="post">
                <CsrfInput />
                <input type="hidden" name="ruleId" value={r.id} />
                <button type="submit" name="intent" value="delete-rule" className={buttonStyles.secondary}>
                  Delete rule<span className={visuallyHidden}> {r.name}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" className={f.form} aria-labelledby="add-rule-title">
        <CsrfInput />
        <h3 id="add-rule-title" className={s.sectionTitle}>
          Add a rule
        </h3>
        <InputField id="rule-name" name="name" label="Name" maxLength={80} required placeholder="Trusted EU apps" />
        <fieldset className={s.fieldset}>
          <legend className={s.legend}>Approve automatically when</legend>
          <label className={s.choice}>
            <input type="checkbox" name="verifiedPublisher" /> the publisher is verified
          </label>
          <label className={s.choice}>
            <input type="checkbox" name="noAdminPermissions" /> it asks for no administrator permission
          </label>
          <label className={s.choice}>
            <input type="checkbox" name="noAiTraining" /> it does not train AI models on your messages
          </label>
        </fieldset>
        <fieldset className={s.fieldset}>
          <legend className={s.legend}>and it holds every one of these certifications</legend>
          <div className={s.choices}>
            {CERTIFICATIONS.map((c) => (
              <label key={c} className={s.choice}>
                <input type="checkbox" name="certifications" value={c} /> {CERTIFICATION_LABELS[c]}
              </label>
            ))}
          </div>
        </fieldset>
        <fieldset className={s.fieldset}>
          <legend className={s.legend}>and it keeps data only in these regions</legend>
          <div className={s.choices}>
            {DATA_REGIONS.map((r) => (
              <label key={r} className={s.choice}>
                <input type="checkbox" name="dataRegions" value={r} /> {DATA_REGION_LABELS[r]}
              </label>
            ))}
          </div>
        </fieldset>
        <SubmitRow intent="add-rule">Add rule</SubmitRow>
      </Form>
    </section>
  );
}

/** A decision from an app's page refused for its reason: the same form again, with what was typed and why. */
function RefusedDecision({ refused }: { refused: Extract<OrgAdminRefusal, { form: "app" }> }) {
  const verb = refused.intent === "approve" ? "Pre-approve" : "Restrict";
  return (
    <section aria-labelledby="refused-title" className={s.section}>
      <h2 id="refused-title" className={s.sectionTitle}>
        {verb} {refused.appName}
      </h2>
      <Form method="post" className={s.inlineForm}>
        <CsrfInput />
        <input type="hidden" name="appId" value={refused.appId} />
        <input type="hidden" name="returnTo" value={refused.returnTo} />
        <RestrictReasonField id="refused-reason" value={refused.reason} problem={refused.problem} />
        <button type="submit" name="intent" value={refused.intent} className={buttonStyles.primary}>
          {verb}
          <span className={visuallyHidden}> {refused.appName}</span>
        </button>
      </Form>
    </section>
  );
}

function Pending({ data, refused }: { data: OrgAdminData; refused: Extract<OrgAdminRefusal, { form: "request" }> | null }) {
  return (
    <section aria-labelledby="pending-title" className={s.section}>
      <h2 id="pending-title" className={s.sectionTitle}>
        Pending requests ({data.pending.length})
      </h2>
      {data.pending.length === 0 ? (
        <p className={s.muted}>No requests are waiting.</p>
      ) : (
        <ul className={s.items}>
          {data.pending.map((r) => (
            <li key={r.id} id={`request-${r.id}`} className={s.item}>
              <p className={s.itemHead}>
                {r.app ? <a href={r.app.path}>{r.appName}</a> : r.appName}
                <span className={s.muted}>
                  requested by {r.requester.name} ({r.requester.email}) on {formatDate(r.createdAt)}
                </span>
              </p>
              {r.comment ? <p className={s.quote}>{r.comment}</p> : <p className={s.muted}>No comment.</p>}
              {r.app ? (
                <>
                  <p className={s.muted}>What it can do:</p>
                  <ul className={s.list}>
                    {r.app.permissionGroups.flatMap((g) =>
                      g.items.map((p) => (
                        <li key={p.key}>
                          {g.group === "admin" ? <strong>Admin: </strong> : null}
                          {p.label}
                        </li>
                      )),
                    )}
                    {r.app.permissionGroups.length === 0 ? <li>None listed</li> : null}
                  </ul>
                  <p className={s.muted}>
                    Publisher {r.app.publisherVerified ? "verified" : "not verified"}. Certifications:{" "}
                    {r.app.certifications?.length ? r.app.certifications.map((c) => CERTIFICATION_LABELS[c]).join(", ") : "Not provided"}. Data regions:{" "}
                    {r.app.dataRegions?.length ? r.app.dataRegions.map((x) => DATA_REGION_LABELS[x]).join(", ") : "Not provided"}. AI:{" "}
                    {r.app.aiUse ? AI_USE_LABELS[r.app.aiUse] : "Not provided"}.
                  </p>
                </>
              ) : null}
              <Form method="post" className={s.inlineForm}>
                <CsrfInput />
                <input type="hidden" name="requestId" value={r.id} />
                <span className={f.form}>
                  <InputField
                    id={`reason-${r.id}`}
                    name="reason"
                    label="Reason (optional)"
                    maxLength={500}
                    defaultValue={refused?.requestId === r.id ? refused.reason : undefined}
                    error={refused?.requestId === r.id ? refused.problem : undefined}
                  />
                </span>
                <span className={s.buttons}>
                  <button type="submit" name="intent" value="approve-request" className={buttonStyles.primary}>
                    Approve
                    <span className={visuallyHidden}>
                      {" "}
                      {r.appName} for {r.requester.name}
                    </span>
                  </button>
                  <button type="submit" name="intent" value="deny-request" className={buttonStyles.secondary}>
                    Deny
                    <span className={visuallyHidden}>
                      {" "}
                      {r.appName} for {r.requester.name}
                    </span>
                  </button>
                  <button type="submit" name="intent" value="restrict-request" className={buttonStyles.secondary}>
                    Restrict<span className={visuallyHidden}> {r.appName}</span>
                  </button>
                </span>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function AppList({ title, id, items, empty }: { title: string; id: string; items: OrgAdminData["approved"]; empty: string }) {
  return (
    <section aria-labelledby={id} className={s.section}>
      <h2 id={id} className={s.sectionTitle}>
        {title} ({items.length})
      </h2>
      {items.length === 0 ? (
        <p className={s.muted}>{empty}</p>
      ) : (
        <ul className={s.items}>
          {items.map((d) => (
            <li key={d.appId} className={s.item}>
              <p className={s.itemHead}>
                {d.path ? <a href={d.path}>{d.appName}</a> : d.appName}
                <span className={s.muted}>
                  by <ActorName actor={d.decidedBy} /> on {formatDate(d.decidedAt)}
                  {d.reason ? `: ${d.reason}` : ""}
                </span>
              </p>
              {d.lapsedRule ? (
                <p className={s.limits}>
                  It changed since: the rule “{d.lapsedRule}” no longer approves it as it is now, so your people need approval for it again. Approve it on its page to keep it.
                </p>
              ) : null}
              <Form method="post">
                <CsrfInput />
                <input type="hidden" name="appId" value={d.appId} />
                <button type="submit" name="intent" value="clear" className={buttonStyles.secondary}>
                  Take off this list<span className={visuallyHidden}> {d.appName}</span>
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function History({ data }: { data: OrgAdminData }) {
  return (
    <section aria-labelledby="history-title" className={s.section}>
      <h2 id="history-title" className={s.sectionTitle}>
        Decided requests
      </h2>
      {data.history.length === 0 ? (
        <p className={s.muted}>No request has been decided yet.</p>
      ) : (
        <div className={s.tableWrap}>
          <table className={s.table}>
            <thead>
              <tr>
                <th scope="col">App</th>
                <th scope="col">Requested by</th>
                <th scope="col">Decision</th>
                <th scope="col">Decided by</th>
                <th scope="col">When</th>
              </tr>
            </thead>
            <tbody>
              {data.history.map((r) => (
                <tr key={r.id}>
                  <td>{r.appName}</td>
                  <td>
                    <ActorName actor={{ kind: "person", name: r.requester.name || null, email: r.requester.email || null }} />
                  </td>
                  <td>
                    {STATUS_WORDS[r.status]}
                    {r.reason ? `: ${r.reason}` : ""}
                  </td>
                  <td>{r.decidedBy ? <ActorName actor={r.decidedBy} /> : null}</td>
                  <td>{r.decidedAt ? formatDate(r.decidedAt) : ""}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

function Audit({ data }: { data: OrgAdminData }) {
  return (
    <section aria-labelledby="audit-title" className={s.section}>
      <h2 id="audit-title" className={s.sectionTitle}>
        Audit log
      </h2>
      {data.audit.length === 0 ? (
        <p className={s.muted}>Nothing has changed yet.</p>
      ) : (
        <AuditTable lines={data.audit} caption={`The latest ${data.audit.length === 1 ? "entry" : `${data.audit.length} entries`}, newest first.`} />
      )}
      {/* The whole log is paged on its own page, with filters (issue 40 item 14). */}
      <p>
        <a href={ORG_AUDIT_PATH}>The whole audit log, by app or person</a>
      </p>
    </section>
  );
}

export function OrgAdminPage({ data, refused = null }: { data: OrgAdminData; refused?: OrgAdminRefusal | null }) {
  return (
    <article className={s.page} aria-labelledby="org-admin-title">
      <h1 id="org-admin-title" className={s.title}>
        Your organisation's apps
      </h1>
      <p className={s.lead}>
        {data.policy.mode === "approval"
          ? "Approval required: your people can add, connect, follow and make webhooks with approved apps only, and request the others."
          : "Open: your people choose their apps themselves. Switch to approval required to decide which apps they use."}{" "}
        To pre-approve or restrict an app, open its page in the App Hub.
      </p>
      {refused?.form === "app" ? <RefusedDecision refused={refused} /> : null}
      <HonestLimits productName={data.productName} />
      <Pending data={data} refused={refused?.form === "request" ? refused : null} />
      <Settings data={data} />
      <Rules data={data} />
      <AppList title="Pre-approved apps" id="approved-title" items={data.approved} empty="No app is pre-approved yet." />
      <AppList title="Restricted apps" id="restricted-title" items={data.restricted} empty="No app is restricted." />
      <History data={data} />
      <Audit data={data} />
    </article>
  );
}
