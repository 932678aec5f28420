// /support (spec §2.5 support page): the support text and e-mail address from the support entry,
// and the place where logged-in people join the developer-support space.
import type { SupportContent } from "~/models/content";
import * as s from "./ContentPage.css";

export function SupportPage({ content }: { content: SupportContent }) {
  return (
    <section className={s.page} aria-labelledby="support-title">
      <h1 id="support-title" className={s.title}>
        {content.title}
      </h1>
      {content.text.split("\n").map((paragraph, i) => (
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
        {/*
          JOIN THE DEVELOPER-SUPPORT SPACE: the add-app issue builds joining (a form posting to its
          action, success / already joined / already-a-member messages of spec §8) and renders it here.
        */}
      </section>
    </section>
  );
}
