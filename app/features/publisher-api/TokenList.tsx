// Publisher API tokens as both token pages show them: the hub admins' /admin/publisher-tokens
// (./TokensPage.tsx) and a publisher's console (/publisher/{slug}/tokens): the token just made,
// shown once, the lifetime field of both create forms, and every token with its expiry and a plain
// form to revoke a live one (intent "revoke").
import { ActorName } from "~/components/Actor";
import { Form } from "@remix-run/react";
import { buttonStyles } from "~/components/Button.css";
import { CsrfInput } from "~/components/CsrfInput";
import * as f from "~/components/FormField.css";
import { SelectField } from "~/components/FormFields";
import { formatDate } from "~/lib/format-date";
import * as s from "~/features/publisher-console/PublisherConsole.css";
import { visuallyHidden } from "../../../styles/global.css";
import { DEFAULT_TOKEN_LIFETIME, TOKEN_LIFETIMES } from "./token-lifetimes";
import type { PublisherToken } from "./tokens.server";

/** The create forms' lifetime: 30, 90 (chosen) or 365 days, never "never" (decision 025). */
export function TokenLifetimeField({ chosen, error }: { chosen?: string | undefined; error?: string | undefined }) {
  return (
    <SelectField
      id="token-expiry"
      name="expiresInDays"
      label="Expires after"
      hint="Every token expires. Make a new one before then; the list below says when."
      defaultValue={chosen && TOKEN_LIFETIMES.some((d) => String(d) === chosen) ? chosen : String(DEFAULT_TOKEN_LIFETIME)}
      error={error}
    >
      {TOKEN_LIFETIMES.map((days) => (
        <option key={days} value={days}>
          {days} days
        </option>
      ))}
    </SelectField>
  );
}

/** "expires on …" or "expired on …" (a token made before expiries shows none until the Cron gives it one). */
function expiryText(t: PublisherToken, now: number): string {
  if (!t.expiresAt) return "";
  return Date.parse(t.expiresAt) <= now ? `; expired on ${formatDate(t.expiresAt)}` : `; expires on ${formatDate(t.expiresAt)}`;
}

/** The token just made: its secret, once, to copy. */
export function CreatedToken({ title, created }: { title: string; created: { secret: string; token: PublisherToken } }) {
  return (
    <section aria-labelledby="created-title" className={s.item} role="status">
      <h2 id="created-title" className={s.sectionTitle}>
        {title}
      </h2>
      <p className={s.body}>Copy it now: it is not shown again, and the App Hub keeps only a fingerprint of it.</p>
      {created.token.expiresAt ? <p className={s.body}>It expires on {formatDate(created.token.expiresAt)}.</p> : null}
      <label htmlFor="new-token" className={f.label}>
        {created.token.name}
      </label>
      <input id="new-token" className={`${f.field} ${s.secret}`} readOnly value={created.secret} />
    </section>
  );
}

/** Every token, newest first as given; `publisherOf` names each token's publisher where the page lists several. */
export function TokenList({ tokens, now, publisherOf }: { tokens: readonly PublisherToken[]; now: string; publisherOf?: (slug: string) => string }) {
  // The server's time, sent with the page: the browser's clock may be wrong, and both renders agree.
  const at = Date.parse(now);
  return (
    <section aria-labelledby="tokens-list" className={s.section}>
      <h2 id="tokens-list" className={s.sectionTitle}>
        Tokens ({tokens.length})
      </h2>
      {tokens.length === 0 ? (
        <p className={s.muted}>No tokens yet.</p>
      ) : (
        <ul className={s.items}>
          {tokens.map((t) => (
            <li key={t.id} className={s.item}>
              <p className={s.itemHead}>
                {t.name} <span className={s.muted}>{t.prefix}…</span>
                {t.revokedAt ? <span className={s.rejected}>Revoked</span> : t.expiresAt && Date.parse(t.expiresAt) <= at ? <span className={s.rejected}>Expired</span> : null}
              </p>
              <p className={s.muted}>
                {publisherOf ? `For ${publisherOf(t.publisherSlug)}; created` : "Created"} by <ActorName actor={t.createdBy} /> on {formatDate(t.createdAt)};{" "}
                {t.lastUsedAt ? `last used ${formatDate(t.lastUsedAt)}` : "never used"}
                {t.revokedAt ? `; revoked ${formatDate(t.revokedAt)}` : expiryText(t, at)}
              </p>
              {t.revokedAt || (t.expiresAt && Date.parse(t.expiresAt) <= at) ? null : (
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
  );
}
