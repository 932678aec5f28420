// /support (spec §2.5 support page): the support text and e-mail address from the support entry,
// and the place where logged-in people join the developer-support space (a plain form posting to
// the route's action; the outcome shows in the notification area).
import { Form, useNavigation } from "@remix-run/react";
import { buttonStyles } from "~/components/Button.css";
import { CsrfInput } from "~/components/CsrfInput";
import { SUPPORT_SPACE_MESSAGES } from "~/features/support-space/messages";
import type { SupportContent } from "~/models/content";
import * as s from "./ContentPage.css";

export type SupportJoinOffer = { loggedIn: boolean; available: boolean; loginHref: string };

export function SupportPage({ content, join }: { content: SupportContent; join?: SupportJoinOffer }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <section className={s.page} aria-labelledby="support-title">
      <h1 id="support-title" className={s.title}>
        {content.title}
      </h1>
      {content.text.split("\n").map((paragraph, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: paragraphs of one fixed text, never reordered
        <p key={i} className={s.lead}>
          {paragraph}
        </p>
      ))}
      <p className={s.paragraph}>
        E-mail:{" "}
        <a href={`mailto:${content.email}`} className={s.link}>
          {content.email}
        </a>
      </p>
      <section className={s.section} aria-labelledby="developer-space-title" id="developer-space">
        <h2 id="developer-space-title" className={s.sectionTitle}>
          {content.developerSpaceTitle}
        </h2>
        <p className={s.paragraph}>{content.developerSpaceText}</p>
        {!join ? null : !join.available ? (
          <p className={s.paragraph}>{SUPPORT_SPACE_MESSAGES.unavailable}</p>
        ) : join.loggedIn ? (
          <Form method="post" className={s.actionRow}>
            <CsrfInput />
            <button type="submit" name="intent" value="join-support-space" className={`${buttonStyles.primary} ${s.wrappingButton}`} disabled={busy}>
              {SUPPORT_SPACE_MESSAGES.joinLabel}
            </button>
          </Form>
        ) : (
          <p className={s.actionRow}>
            <a href={join.loginHref} className={`${buttonStyles.primary} ${s.wrappingButton}`}>
              {SUPPORT_SPACE_MESSAGES.loginLabel}
            </a>
          </p>
        )}
      </section>
    </section>
  );
}
