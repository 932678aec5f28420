// "Know before you add" (issue 15): the detail page's permissions, security and compliance facts,
// versions, publisher and freshness. Server-rendered into the detail page's Islands; the browser
// loads this code with the other detail parts (./AppDetailParts.tsx). A fact the publisher did not
// give reads 'Not provided': it is never hidden.
import { Link } from "@remix-run/react";
import { FreshnessBadge } from "~/components/FreshnessBadge";
import { appPath } from "~/lib/app-paths";
import { FRESHNESS_DESCRIPTIONS, updatedAgo } from "~/models/freshness";
import { permissionsIntro, type PermissionGroupView } from "~/models/permissions";
import { AI_USE_LABELS, aiUseOf, CERTIFICATION_LABELS, DATA_REGION_LABELS, NOT_PROVIDED, type SecurityFacts } from "~/models/security-facts";
import type { AppDetail } from "~/models/types";
import { visuallyHidden } from "../../../styles/global.css";
import * as styles from "./AppDetailView.css";
import { PermissionList } from "./PermissionList";
import * as t from "./TrustSections.css";
import { formatDate } from "~/lib/format-date";

function Date_({ iso }: { iso: string }) {
  return <time dateTime={iso}>{formatDate(iso)}</time>;
}

function NotProvided() {
  return <span className={t.notProvided}>{NOT_PROVIDED}</span>;
}

/** The permissions section of the detail page's body. */
export function PermissionsSection({ app, groups }: { app: AppDetail; groups: PermissionGroupView[] }) {
  return (
    <section aria-labelledby="permissions-title" className={styles.section}>
      <h2 id="permissions-title" className={styles.sectionTitle}>
        Permissions
      </h2>
      {groups.length === 0 ? (
        <p className={t.muted}>{app.name} asks for no access to your account or spaces.</p>
      ) : (
        <>
          <p className={t.muted}>
            {permissionsIntro(app.type)}
            {groups.some((g) => g.group === "admin") ? " Items marked Admin reach beyond your own account: an administrator should review them." : null}
          </p>
          <div className={t.groups}>
            {groups.map((g) => (
              <div key={g.group}>
                <h3 className={t.groupTitle}>{g.label}</h3>
                <PermissionList items={g.items} className={t.list} />
              </div>
            ))}
          </div>
        </>
      )}
    </section>
  );
}

/** The same list, compact, in the add and connect steps (before the person confirms). */
export function PermissionSummary({ appName, groups, id }: { appName: string; groups: PermissionGroupView[]; id?: string }) {
  const items = groups.flatMap((g) => g.items);
  return (
    <div className={t.compact} id={id}>
      {items.length === 0 ? (
        <p>{appName} asks for no access to your account or spaces.</p>
      ) : (
        <>
          <p>{appName} will be able to:</p>
          <PermissionList items={items} />
        </>
      )}
    </div>
  );
}

/** A listed fact: 'Not provided' when the publisher gave none, 'None' when they said there are none. */
function FactList<T>({ items, render }: { items: readonly T[] | null; render: (item: T) => string }) {
  if (items === null) return <NotProvided />;
  if (items.length === 0) return <>None</>;
  return (
    <ul>
      {items.map((item) => (
        <li key={render(item)}>{render(item)}</li>
      ))}
    </ul>
  );
}

function yesNo(value: boolean | null, yes: string, no: string) {
  return value === null ? <NotProvided /> : value ? yes : no;
}

/** Security and compliance: every fact, 'Not provided' where the publisher gave none. */
export function SecuritySection({ security, publisherName }: { security: SecurityFacts; publisherName: string }) {
  const ai = aiUseOf(security);
  return (
    <section aria-labelledby="security-title" className={styles.section}>
      <h2 id="security-title" className={styles.sectionTitle}>
        Security and compliance
      </h2>
      <p className={t.muted}>
        As stated by {publisherName}
        {security.confirmedAt ? (
          <>
            , last confirmed on <Date_ iso={security.confirmedAt} />
          </>
        ) : null}
        . The hub shows these facts as given; ask the publisher for evidence.
      </p>
      <dl className={t.facts}>
        <dt>Data regions</dt>
        <dd>{security.dataRegions === null ? <NotProvided /> : security.dataRegions.map((r) => DATA_REGION_LABELS[r]).join(", ")}</dd>
        <dt>Certifications</dt>
        <dd>
          <FactList items={security.certifications} render={(c) => CERTIFICATION_LABELS[c]} />
        </dd>
        <dt>Data retention</dt>
        <dd>{security.dataRetention ?? <NotProvided />}</dd>
        <dt>AI on message content</dt>
        <dd>{ai ? AI_USE_LABELS[ai] : yesNo(security.aiUsesMessageContent, "Uses AI on message content", "Does not use AI on message content")}</dd>
        <dt>Trains AI models on your data</dt>
        <dd>{security.aiUsesMessageContent === false ? "No" : yesNo(security.aiTrainsModels, "Yes", "No")}</dd>
        <dt>Sub-processors</dt>
        <dd>
          <FactList items={security.subProcessors} render={(p) => `${p.name}: ${p.purpose}${p.country ? ` (${p.country})` : ""}`} />
        </dd>
        <dt>Security contact</dt>
        <dd>
          {security.securityContact === null ? (
            <NotProvided />
          ) : security.securityContact.startsWith("https://") ? (
            <a href={security.securityContact} rel="noopener noreferrer">
              {security.securityContact}
            </a>
          ) : (
            <a href={`mailto:${security.securityContact}`}>{security.securityContact}</a>
          )}
        </dd>
        <dt>Last confirmed</dt>
        <dd>{security.confirmedAt ? <Date_ iso={security.confirmedAt} /> : <NotProvided />}</dd>
      </dl>
    </section>
  );
}

/** How many releases show before "Earlier versions". */
const RECENT_VERSIONS = 3;

function VersionItem({ version, notesHtml }: { version: AppDetail["versions"][number]; notesHtml: string }) {
  return (
    <li>
      <h3 className={t.versionHead}>
        Version {version.version}
        <span className={t.versionDate}>
          <Date_ iso={version.releasedAt} />
        </span>
      </h3>
      {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered on the server by micromark, which escapes raw HTML and unsafe links (app/lib/markdown.server.ts) */}
      <div className={t.notes} dangerouslySetInnerHTML={{ __html: notesHtml }} />
    </li>
  );
}

/** The current version, 'Updated N days ago', and the history with release notes. */
export function VersionsSection({ app, releaseNotesHtml, now }: { app: AppDetail; releaseNotesHtml: string[]; now: Date }) {
  const [current] = app.versions;
  const recent = app.versions.slice(0, RECENT_VERSIONS);
  const older = app.versions.slice(RECENT_VERSIONS);
  return (
    <section aria-labelledby="versions-title" className={styles.section}>
      <h2 id="versions-title" className={styles.sectionTitle}>
        Versions
      </h2>
      {current ? (
        <>
          <p className={t.muted}>
            Current version {current.version}, released <Date_ iso={current.releasedAt} />. {updatedAgo(current.releasedAt, now)}.
          </p>
          <ol className={t.versions}>
            {recent.map((v, i) => (
              <VersionItem key={v.version} version={v} notesHtml={releaseNotesHtml[i] ?? ""} />
            ))}
          </ol>
          {older.length > 0 ? (
            <details className={t.older}>
              <summary>
                Earlier versions ({older.length})<span className={visuallyHidden}> of {app.name}</span>
              </summary>
              <ol className={t.versions}>
                {older.map((v, i) => (
                  <VersionItem key={v.version} version={v} notesHtml={releaseNotesHtml[RECENT_VERSIONS + i] ?? ""} />
                ))}
              </ol>
            </details>
          ) : null}
        </>
      ) : (
        <p className={t.muted}>{app.status === "coming_soon" ? "Not released yet." : "The publisher has not listed any versions."}</p>
      )}
    </section>
  );
}

/** The aside's publisher: name (to the publisher's page) and whether the hub verified them. */
export function PublisherFact({ app }: { app: AppDetail }) {
  const { publisher } = app;
  return (
    <section className={styles.fact}>
      <h2 className={styles.factTitle}>Publisher</h2>
      <p className={styles.factText}>
        <Link data-link="" to={`/publishers/${publisher.slug}`}>
          {publisher.name}
        </Link>
      </p>
      <p className={styles.factText}>
        {publisher.verifiedAt ? (
          <span className={t.verifiedBadge}>✓ Verified publisher{publisher.domain ? <span className={t.versionDate}>{publisher.domain}</span> : null}</span>
        ) : (
          <span className={t.notProvided}>Not verified</span>
        )}
      </p>
    </section>
  );
}

/** The aside's freshness: the badge and what it means, with the latest release. */
export function FreshnessFact({ app, now }: { app: AppDetail; now: Date }) {
  return (
    <section className={styles.fact}>
      <h2 className={styles.factTitle}>Maintenance</h2>
      <p className={styles.factText}>
        <FreshnessBadge freshness={app.freshness} /> {FRESHNESS_DESCRIPTIONS[app.freshness]}
      </p>
      <p className={styles.factText}>{updatedAgo(app.lastReleaseAt, now)}</p>
    </section>
  );
}

/** Above the body of a deprecated app: what to use instead, when the publisher named it. */
export function DeprecationNotice({ app }: { app: AppDetail }) {
  if (app.freshness !== "deprecated") return null;
  return (
    <p className={t.deprecation} role="note">
      <strong>{app.name} is deprecated.</strong> Its publisher no longer supports it.{" "}
      {app.replacement ? (
        <>
          Use{" "}
          <Link data-link="" to={appPath(app.replacement.key)}>
            {app.replacement.name}
          </Link>{" "}
          instead.
        </>
      ) : null}
    </p>
  );
}
