// /casb-dlp-providers (spec §2.1 CASB_INTEGRATIONS): the page's entry and its provider items.
import { displayImageUrl } from "~/lib/image-url";
import type { SecurityIntegrationsContent } from "~/models/content";
import { visuallyHidden } from "../../../styles/global.css";
import * as s from "./ContentPage.css";

export function SecurityProviders({ content }: { content: SecurityIntegrationsContent }) {
  return (
    <section className={s.page} aria-labelledby="casb-title">
      <header>
        <h1 id="casb-title" className={s.title}>
          {content.title}
        </h1>
      </header>
      <p className={s.lead}>{content.description}</p>
      <ul role="list" className={s.providers} aria-label="Providers">
        {content.items.map((provider) => (
          <li key={provider.name} className={s.provider}>
            <img src={displayImageUrl(provider.logo)} alt="" width={56} height={56} loading="lazy" decoding="async" className={s.logo} />
            <h2 className={s.providerName}>{provider.name}</h2>
            <p className={s.providerText}>{provider.description}</p>
            <a href={provider.link} className={s.link} rel="noopener noreferrer">
              Visit {provider.name}
              <span className={visuallyHidden}> (external site)</span>
            </a>
          </li>
        ))}
      </ul>
    </section>
  );
}
