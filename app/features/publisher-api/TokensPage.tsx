// The publisher tokens page's view (./tokens-page.server.ts): the token just made (once), a form to
// make one, and every token with a way to revoke the live ones. Plain forms.
import { Form } from "@remix-run/react";
import { buttonStyles } from "~/components/Button.css";
import { CsrfInput } from "~/components/CsrfInput";
import { FieldError } from "~/components/FieldError";
import * as f from "~/components/FormField.css";
import { formatDate } from "~/lib/format-date";
import * as m from "~/features/moderation/ModerationPage.css";
import { visuallyHidden } from "../../../styles/global.css";
import type { TokensPageData } from "./tokens-page.server";

export function TokensPage({ data }: { data: TokensPageData }) {
  const { publishers, tokens, created, form } = data;
  const names = new Map(publishers.map((p) => [p.slug, p.name]));
  return (
    <article className={m.page} aria-labelledby="tokens-title">
      <h1 id="tokens-title" className={m.title}>
        Publisher API tokens
      </h1>
      <p className={m.lead}>
        A token lets a publisher's own systems use the publisher API (/api/publisher/v1/) for that publisher's apps. It is shown once. What the API offers is in the{" "}
        <a href="/developers/api#tag-publisher">API reference</a>.
      </p>

      {created ? (
        <section aria-labelledby="created-title" className={m.item} role="status">
          <h2 id="created-title" className={m.sectionTitle}>
            Token for {created.publisherName} created
          </h2>
          <p>Copy it now: it is not shown again, and the App Hub keeps only a fingerprint of it.</p>
          <label htmlFor="new-token" className={f.label}>
            {created.token.name}
          </label>
          <input id="new-token" className={f.field} readOnly value={created.secret} />
        </section>
      ) : null}

      <section aria-labelledby="create-title" className={m.section}>
        <h2 id="create-title" className={m.sectionTitle}>
          Create a token
        </h2>
        <Form method="post" className={f.form}>
          <CsrfInput />
          <label htmlFor="token-publisher" className={f.label}>
            Publisher
          </label>
          <select
            id="token-publisher"
            name="publisher"
            className={f.field}
            defaultValue={form?.values.publisher ?? ""}
            required
            aria-describedby={form?.errors.publisher ? "token-publisher-error" : undefined}
          >
            <option value="">Choose a publisher</option>
            {publishers.map((p) => (
              <option key={p.slug} value={p.slug}>
                {p.name}
              </option>
            ))}
          </select>
          <FieldError id="token-publisher-error" message={form?.errors.publisher} />
          <label htmlFor="token-name" className={f.label}>
            Name
          </label>
          <input
            id="token-name"
            name="name"
            className={f.field}
            defaultValue={form?.values.name ?? ""}
            maxLength={80}
            required
            aria-describedby={form?.errors.name ? "token-name-error" : undefined}
          />
          <FieldError id="token-name-error" message={form?.errors.name} />
          <div>
            <button type="submit" name="intent" value="create" className={buttonStyles.primary}>
              Create token
            </button>
          </div>
        </Form>
      </section>

      <section aria-labelledby="tokens-list" className={m.section}>
        <h2 id="tokens-list" className={m.sectionTitle}>
          Tokens ({tokens.length})
        </h2>
        {tokens.length === 0 ? (
          <p className={m.muted}>No tokens yet.</p>
        ) : (
          <ul className={m.items}>
            {tokens.map((t) => (
              <li key={t.id} className={m.item}>
                <p className={m.itemHead}>
                  {t.name} <span className={m.muted}>{t.prefix}…</span>
                  {t.revokedAt ? <span className={m.hidden}>Revoked</span> : null}
                </p>
                <p className={m.muted}>
                  For {names.get(t.publisherSlug) ?? t.publisherSlug}; created by {t.createdBy} on {formatDate(t.createdAt)};{" "}
                  {t.lastUsedAt ? `last used ${formatDate(t.lastUsedAt)}` : "never used"}
                  {t.revokedAt ? `; revoked ${formatDate(t.revokedAt)}` : ""}
                </p>
                {t.revokedAt ? null : (
                  <Form method="post">
                    <CsrfInput />
                    <input type="hidden" name="tokenId" value={t.id} />
                    <button type="submit" name="intent" value="revoke" className={buttonStyles.secondary}>
                      Revoke<span className={visuallyHidden}> the token {t.name}</span>
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </article>
  );
}
