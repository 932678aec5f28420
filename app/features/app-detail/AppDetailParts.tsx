// The app detail page's parts (./AppDetailView.tsx puts them together): the head (breadcrumb,
// identity and how to get the app) and the body (what it does and where to learn more). The server
// renders them into Islands; the browser loads this code for a client-side navigation to a detail
// page, or to hydrate the head when it holds the add-bot panel. Links the browser may follow
// client-side carry data-link; the dialogs and the video facade get their behaviour from delegated
// listeners (app/components/chrome.ts), so they work in the server's HTML too.
import { Link } from "@remix-run/react";
import { Dialog } from "~/components/Dialog";
import { displayImageUrl } from "~/lib/image-url";
import { slugify } from "~/lib/slug";
import { APP_TYPE_LABELS, PRODUCT_TYPE_LABELS, type AppType } from "~/models/enums";
import { PRODUCT_NAV } from "~/models/list-routes";
import type { AppDetail } from "~/models/types";
import { FreshnessBadge } from "~/components/FreshnessBadge";
import { RatingStars } from "~/components/RatingStars";
import type { DetailPage } from "./detail-page";
import { DeprecationNotice, FreshnessFact, PermissionsSection, PublisherFact, SecuritySection, VersionsSection } from "./TrustSections";
import * as t from "./TrustSections.css";
import { pill, pillList } from "~/components/Pill.css";
import { visuallyHidden } from "../../../styles/global.css";
import * as styles from "./AppDetailView.css";
import { VideoFacade } from "./VideoFacade";
import { PrimaryAction } from "./offers/PrimaryAction";
import { formatDate } from "~/lib/format-date";
import { appPath } from "~/lib/app-paths";
import { FollowUpdates } from "~/features/followers/FollowUpdates";
import { OrgAdminActions, StandingNotice } from "~/features/org-policy/StandingNotice";

const TYPE_LIST_PATH: Record<AppType, string> = {
  integration: "/integrations",
  bot: "/bots",
  skill: "/skills",
  embeddedApp: "/embedded-apps",
  serviceApp: "/service-apps",
};

function productPath(productType: AppDetail["productType"]): string {
  return `/${PRODUCT_NAV.find((p) => p.categoryType === productType)?.path ?? slugify(productType)}`;
}

/** Breadcrumb and header: identity, badges and what the page offers (./offers/). */
export function AppDetailHead({ page }: { page: DetailPage }) {
  const { app, primary, productName, permissionGroups } = page;
  const comingSoon = app.status === "coming_soon";
  return (
    <>
      <nav aria-label="Breadcrumb" className={styles.breadcrumb}>
        <ol>
          <li>
            <Link data-link="" to="/">
              Home
            </Link>
          </li>
          <li>
            <Link data-link="" to={TYPE_LIST_PATH[app.type]}>
              {APP_TYPE_LABELS[app.type]}s
            </Link>
          </li>
          <li aria-current="page">{app.name}</li>
        </ol>
      </nav>

      <header className={styles.header}>
        <img className={styles.logo} src={displayImageUrl(app.logo)} alt={`${app.name} logo`} width={96} height={96} />
        <div className={styles.identity}>
          <h1 id="app-name" className={styles.name}>
            {app.name}
          </h1>
          <p className={styles.company}>
            by{" "}
            <Link data-link="" to={`/publishers/${app.publisher.slug}`}>
              {app.companyName}
            </Link>
            {app.publisherVerified ? <span className={t.verifiedBadge}> ✓ Verified publisher</span> : null}
          </p>
          <p className={styles.tagline}>{app.tagline}</p>
          {comingSoon ? null : (
            <p className={t.headRating}>
              <RatingStars average={app.ratingAverage} count={app.ratingCount} />
              <a href="#reviews">Ratings and reviews</a>
            </p>
          )}
          <ul className={styles.badges} aria-label="About this app">
            <li className={styles.badge}>{APP_TYPE_LABELS[app.type]}</li>
            {comingSoon ? <li className={styles.badgeAccent}>Coming soon</li> : null}
            {comingSoon ? null : (
              <li>
                <FreshnessBadge freshness={app.freshness} />
              </li>
            )}
            {app.requiresAdmin ? (
              <li>
                <Dialog id="requires-admin" title="Requires Admin" triggerLabel="Requires Admin" triggerClassName={styles.badgeAdmin}>
                  <p>Only a Control Hub administrator can add {app.name} for your organization. If you are not an administrator, ask yours to set it up.</p>
                </Dialog>
              </li>
            ) : null}
          </ul>
        </div>
        <div className={styles.actions}>
          {page.orgStanding ? <StandingNotice view={page.orgStanding} appName={app.name} /> : null}
          <PrimaryAction action={primary} app={app} productName={productName} permissionGroups={permissionGroups} />
          <FollowUpdates offer={page.follow} appName={app.name} appPath={appPath(app)} />
          {page.orgAdmin ? <OrgAdminActions offer={page.orgAdmin} appName={app.name} /> : null}
          {/* Our own apps (the webhook apps, by the product itself) are not third-party. */}
          {app.companyName === productName ? null : (
            <Dialog id="third-party-disclaimer" title="Third-party app" triggerLabel="Third-party app disclaimer" triggerClassName={styles.disclaimerLink}>
              <p>
                {app.name} is provided by {app.companyName}, not by us. Its use is governed by {app.companyName}&apos;s terms of service and privacy policy. Review them, and the
                access the app asks for, before you add it.
              </p>
            </Dialog>
          )}
        </div>
        <DeprecationNotice app={app} />
      </header>
    </>
  );
}

/** The body: media, description and facts (the Island's element is the body's grid). */
export function AppDetailBody({ page }: { page: DetailPage }) {
  const { app, descriptionHtml } = page;
  const now = new Date();
  const links = [
    { href: app.websiteUrl, label: "Website" },
    { href: app.supportUrl, label: "Support" },
    { href: app.privacyUrl, label: "Privacy Policy" },
    { href: app.termsUrl, label: "Terms of Service" },
  ].filter((l): l is { href: string; label: string } => Boolean(l.href));
  return (
    <>
      <div className={styles.main}>
        {app.screenshots.length > 0 || app.videoUrl ? (
          <section aria-labelledby="media-title" className={styles.section}>
            <h2 id="media-title" className={styles.sectionTitle}>
              Screenshots{app.videoUrl ? " and video" : ""}
            </h2>
            {/* It scrolls sideways: focusable, so a keyboard can scroll it too (WCAG 2.1.1). */}
            {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must take focus when nothing in it can */}
            <ul className={styles.media} tabIndex={0} aria-labelledby="media-title">
              {app.videoUrl ? (
                <li>
                  <VideoFacade videoUrl={app.videoUrl} poster={app.screenshots[0] ?? app.logo} appName={app.name} />
                </li>
              ) : null}
              {app.screenshots.map((src, i) => (
                <li key={src}>
                  <img
                    className={styles.screenshot}
                    src={displayImageUrl(src)}
                    alt={`${app.name} screenshot ${i + 1} of ${app.screenshots.length}`}
                    width={640}
                    height={400}
                    loading="lazy"
                    decoding="async"
                  />
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <section aria-labelledby="description-title" className={styles.section}>
          <h2 id="description-title" className={styles.sectionTitle}>
            Description
          </h2>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: rendered on the server by micromark, which escapes raw HTML and unsafe links (app/lib/markdown.server.ts) */}
          <div className={styles.description} dangerouslySetInnerHTML={{ __html: descriptionHtml }} />
        </section>

        <PermissionsSection app={app} groups={page.permissionGroups} />
        <SecuritySection security={app.security} publisherName={app.publisher.name} />
        <VersionsSection app={app} releaseNotesHtml={page.releaseNotesHtml} now={now} />
      </div>

      <aside className={styles.aside} aria-label="Details">
        <PublisherFact app={app} />
        {app.status === "coming_soon" ? null : <FreshnessFact app={app} now={now} />}
        {app.categories.filter((c) => c.categoryType !== "appContext").length > 0 ? (
          <section className={styles.fact}>
            <h2 className={styles.factTitle}>Categories</h2>
            <ul className={pillList}>
              {[...new Map(app.categories.filter((c) => c.categoryType !== "appContext").map((c) => [c.slug, c])).values()].map((c) => (
                <li key={c.slug}>
                  <Link className={pill} data-link="" to={`/category/${c.slug}`}>
                    {c.name}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section className={styles.fact}>
          <h2 className={styles.factTitle}>Works with</h2>
          <ul className={pillList}>
            {app.productTypes.map((p) => (
              <li key={p}>
                <Link className={pill} data-link="" to={productPath(p)}>
                  {PRODUCT_TYPE_LABELS[p]}
                </Link>
              </li>
            ))}
          </ul>
        </section>
        {links.length > 0 ? (
          <section className={styles.fact}>
            <h2 className={styles.factTitle}>Resources</h2>
            <ul className={styles.linkList}>
              {links.map((l) => (
                <li key={l.label}>
                  <a href={l.href} target="_blank" rel="noopener noreferrer">
                    {l.label}
                    <span className={visuallyHidden}> (opens in a new tab)</span>
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
        <section className={styles.fact}>
          <h2 className={styles.factTitle}>Listing updated</h2>
          <p className={styles.factText}>
            <time dateTime={app.updatedAt}>{formatDate(app.updatedAt)}</time>
          </p>
        </section>
      </aside>
    </>
  );
}
