// /admin/publisher-members' view (./admin-members.server.ts): link a person to a publisher by their
// platform e-mail, and every publisher's members with a way to unlink them. Plain forms.
import { ActorName } from "~/components/Actor";
import { Form } from "@remix-run/react";
import { buttonStyles } from "~/components/Button.css";
import { CsrfInput } from "~/components/CsrfInput";
import { InputField, SubmitRow } from "~/components/FormFields";
import { PublisherField } from "~/features/publisher-api/PublisherField";
import { formatDate } from "~/lib/format-date";
import { visuallyHidden } from "../../../styles/global.css";
import type { AdminMembersData } from "./admin-members.server";
import * as s from "./PublisherConsole.css";

export function AdminMembersPage({ data }: { data: AdminMembersData }) {
  const { publishers, members, form } = data;
  const names = new Map(publishers.map((p) => [p.slug, p.name]));
  const bySlug = new Map<string, typeof members>();
  for (const m of members) bySlug.set(m.publisherSlug, [...(bySlug.get(m.publisherSlug) ?? []), m]);
  return (
    <article className={s.page} aria-labelledby="members-title">
      <h1 id="members-title" className={s.title}>
        Publisher members
      </h1>
      <p className={s.lead}>
        Members use a publisher's console (/publisher/…) with their own platform login: they submit apps, versions and listing changes, manage API tokens and invite or remove other
        members of the same publisher. Every change is in the audit log. Tokens are on <a href="/admin/publisher-tokens">their own page</a>.
      </p>
      <section aria-labelledby="link-title" className={s.section}>
        <h2 id="link-title" className={s.sectionTitle}>
          Link a person to a publisher
        </h2>
        <Form method="post" className={s.form}>
          <CsrfInput />
          <PublisherField id="link-publisher" publishers={publishers} chosen={form?.values.publisher} error={form?.errors.publisher} />
          <InputField
            id="link-email"
            name="email"
            type="email"
            autoComplete="off"
            label="Platform e-mail address"
            defaultValue={form?.values.email ?? ""}
            error={form?.errors.email}
          />
          <SubmitRow intent="link">Link</SubmitRow>
        </Form>
      </section>
      <section aria-labelledby="all-members-title" className={s.section}>
        <h2 id="all-members-title" className={s.sectionTitle}>
          Members by publisher
        </h2>
        {bySlug.size === 0 ? (
          <p className={s.muted}>No publisher has members yet.</p>
        ) : (
          <ul className={s.items}>
            {[...bySlug.entries()].map(([slug, list]) => (
              <li key={slug} className={s.item}>
                <h3 className={s.itemHead}>
                  {names.get(slug) ?? slug} <span className={s.muted}>({slug})</span>
                </h3>
                <ul className={s.items}>
                  {list.map((m) => (
                    <li key={m.email} className={s.inlineForm}>
                      <span>
                        {m.name ? `${m.name} (${m.email})` : m.email}
                        {m.state === "invited" ? <span className={s.pendingTag}> Invited</span> : null}
                        <span className={s.muted}>
                          {" "}
                          added by <ActorName actor={m.addedBy} /> on {formatDate(m.addedAt)}
                        </span>
                      </span>
                      <Form method="post" className={s.inlineForm}>
                        <CsrfInput />
                        <input type="hidden" name="publisher" value={slug} />
                        <input type="hidden" name="email" value={m.email} />
                        <button type="submit" name="intent" value="unlink" className={buttonStyles.secondary}>
                          Unlink
                          <span className={visuallyHidden}>
                            {" "}
                            {m.email} from {names.get(slug) ?? slug}
                          </span>
                        </button>
                      </Form>
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}
