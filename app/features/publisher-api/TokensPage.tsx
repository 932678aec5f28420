// The publisher tokens page's view (./tokens-page.server.ts): the token just made (once), a form to
// make one for any publisher, and every token with a way to revoke the live ones (./TokenList.tsx,
// as the console's tokens page). Plain forms.
import { Form } from "@remix-run/react";
import { CsrfInput } from "~/components/CsrfInput";
import * as f from "~/components/FormField.css";
import { InputField, SubmitRow } from "~/components/FormFields";
import * as m from "~/features/moderation/ModerationPage.css";
import { PublisherField } from "./PublisherField";
import { CreatedToken, TokenLifetimeField, TokenList } from "./TokenList";
import type { TokensPageData } from "./tokens-page.server";

export function TokensPage({ data }: { data: TokensPageData }) {
  const { publishers, tokens, created, form, now } = data;
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

      {created ? <CreatedToken title={`Token for ${created.publisherName} created`} created={created} /> : null}

      <section aria-labelledby="create-title" className={m.section}>
        <h2 id="create-title" className={m.sectionTitle}>
          Create a token
        </h2>
        {/* A new form after a token is made: what was typed for it is not kept for the next one. */}
        <Form method="post" className={f.form} key={created?.token.id ?? "new"}>
          <CsrfInput />
          <PublisherField id="token-publisher" publishers={publishers} chosen={form?.values.publisher} error={form?.errors.publisher} />
          <InputField id="token-name" name="name" label="Name" defaultValue={form?.values.name ?? ""} maxLength={80} required error={form?.errors.name} />
          <TokenLifetimeField chosen={form?.values.expiresInDays} error={form?.errors.expiresInDays} />
          <SubmitRow intent="create">Create token</SubmitRow>
        </Form>
      </section>

      <TokenList tokens={tokens} now={now} publisherOf={(slug) => names.get(slug) ?? slug} />
    </article>
  );
}
