// The publisher page's view (./publisher-page.server.ts): identity and verification, facts and
// links, then their apps with plain paging links.
import { AppGrid } from "~/components/AppGrid";
import { NOT_PROVIDED } from "~/models/security-facts";
import { visuallyHidden } from "../../../styles/global.css";
import type { PublisherPageData } from "./publisher-page.server";
import * as s from "./PublisherPage.css";
import { formatDate } from "~/lib/format-date";

function Fact({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <dt>{label}</dt>
      <dd>{children ?? <span className={s.notProvided}>{NOT_PROVIDED}</span>}</dd>
    </>
  );
}

function External({ href }: { href: string | null }) {
  if (!href) return null;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer">
      {new URL(href).host}
      <span className={visuallyHidden}> (opens in a new tab)</span>
    </a>
  );
}

export function PublisherPage({ data }: { data: PublisherPageData }) {
  const { publisher, items, total, page, pageSize } = data;
  const first = (page - 1) * pageSize + 1;
  const last = first + items.length - 1;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const contact = publisher.securityContact;
  return (
    <article className={s.page} aria-labelledby="publisher-name">
      <header className={s.head}>
        <h1 id="publisher-name" className={s.title}>
          {publisher.name}
        </h1>
        <p className={s.verification}>
          {publisher.verifiedAt ? (
            <span className={s.verified}>
              ✓ Verified publisher: the hub confirmed on {formatDate(publisher.verifiedAt)} that {publisher.name} owns {publisher.domain ?? "its domain"}.
            </span>
          ) : (
            <span className={s.unverified}>Not verified: the hub has not confirmed who runs this publisher's domain.</span>
          )}
        </p>
        {publisher.about ? <p className={s.lead}>{publisher.about}</p> : null}
      </header>

      <section aria-labelledby="publisher-facts" className={s.section}>
        <h2 id="publisher-facts" className={s.sectionTitle}>
          About this publisher
        </h2>
        <dl className={s.facts}>
          <Fact label="Domain">{publisher.domain}</Fact>
          <Fact label="Location">{publisher.location}</Fact>
          <Fact label="Website">{publisher.websiteUrl ? <External href={publisher.websiteUrl} /> : null}</Fact>
          <Fact label="Support">{publisher.supportUrl ? <External href={publisher.supportUrl} /> : null}</Fact>
          <Fact label="Privacy policy">{publisher.privacyUrl ? <External href={publisher.privacyUrl} /> : null}</Fact>
          <Fact label="Security contact">{contact ? contact.startsWith("https://") ? <External href={contact} /> : <a href={`mailto:${contact}`}>{contact}</a> : null}</Fact>
        </dl>
      </section>

      <section aria-labelledby="publisher-apps" className={s.section}>
        <h2 id="publisher-apps" className={s.sectionTitle}>
          Apps by {publisher.name}
        </h2>
        {total === 0 ? (
          <p>{publisher.name} has no apps in the App Hub right now.</p>
        ) : (
          <>
            <p className={s.count}>
              Showing {first}–{last} of {total} {total === 1 ? "app" : "apps"}
            </p>
            <AppGrid apps={items} startIndex={first - 1} headingLevel={3} />
            {pages > 1 ? (
              <nav aria-label="Pages of apps" className={s.pager}>
                {page > 1 ? <a href={page === 2 ? "?" : `?page=${page - 1}`}>Previous page</a> : null}
                <span>
                  Page {page} of {pages}
                </span>
                {page < pages ? <a href={`?page=${page + 1}`}>Next page</a> : null}
              </nav>
            ) : null}
          </>
        )}
      </section>
    </article>
  );
}
