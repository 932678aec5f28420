// /admin/organisation/audit's view (./audit-page.server.ts): a GET form to narrow the log to an app
// and/or a person, the page's entries with a caption saying what is shown, and plain links to newer
// and older pages that keep the filters. No JavaScript needed.
import { buttonStyles } from "~/components/Button.css";
import * as f from "~/components/FormField.css";
import { SelectField } from "~/components/FormFields";
import type { OrgAuditData } from "./audit-page.server";
import { AuditTable } from "./AuditTable";
import * as s from "./OrgPolicy.css";
import { ORG_ADMIN_PATH, ORG_AUDIT_PATH } from "./paths";

const PARAM_WORDS: Record<string, string> = { app: "the app", person: "the person", page: "the page number" };

export function AuditLogPage({ data }: { data: OrgAuditData }) {
  const { filter, choices } = data;
  const narrowed = [filter.appName ? `for ${filter.appName}` : null, filter.person ? `by ${filter.person}` : null].filter(Boolean).join(" ");
  const caption = data.lines.length === 0 ? `No entries${narrowed ? ` ${narrowed}` : ""}.` : `Entries ${data.first}–${data.last}${narrowed ? ` ${narrowed}` : ""}, newest first.`;
  return (
    <article className={s.page} aria-labelledby="audit-page-title">
      <p className={s.muted}>
        <a href={ORG_ADMIN_PATH}>Your organisation's apps</a>
      </p>
      <h1 id="audit-page-title" className={s.title}>
        Audit log
      </h1>
      <p className={s.lead}>Every change to your organisation's app settings, lists, rules and requests, newest first, {data.pageSize} a page.</p>
      {data.notUnderstood.length > 0 ? (
        <p className={f.problem} role="status">
          Not understood, so left out: {data.notUnderstood.map((p) => PARAM_WORDS[p] ?? p).join(", ")}. Showing the log without it.
        </p>
      ) : null}
      <form method="get" action={ORG_AUDIT_PATH} className={f.form} aria-labelledby="audit-filter-title">
        <h2 id="audit-filter-title" className={s.sectionTitle}>
          Show entries
        </h2>
        <SelectField id="audit-app" name="app" label="App" defaultValue={filter.app}>
          <option value="">All apps</option>
          {choices.apps.map((a) => (
            <option key={a.appId} value={a.appId}>
              {a.name}
            </option>
          ))}
        </SelectField>
        <SelectField id="audit-person" name="person" label="Person" defaultValue={filter.person}>
          <option value="">Everyone</option>
          {choices.people.map((p) => (
            <option key={p.email} value={p.email}>
              {p.name && p.name !== p.email ? `${p.name} (${p.email})` : p.email}
            </option>
          ))}
        </SelectField>
        <div className={s.buttons}>
          <button type="submit" className={buttonStyles.primary}>
            Show
          </button>
          {data.clear ? <a href={data.clear}>Show everything</a> : null}
        </div>
      </form>
      <section aria-labelledby="audit-title" className={s.section}>
        <h2 id="audit-title" className={s.sectionTitle}>
          Entries
        </h2>
        {data.lines.length === 0 ? <p className={s.muted}>{caption}</p> : <AuditTable lines={data.lines} caption={caption} />}
        {data.newer || data.older ? (
          <nav aria-label="Pages of the audit log" className={s.buttons}>
            {data.newer ? <a href={data.newer}>Newer entries</a> : null}
            <span>Page {data.page}</span>
            {data.older ? <a href={data.older}>Older entries</a> : null}
          </nav>
        ) : null}
      </section>
    </article>
  );
}
