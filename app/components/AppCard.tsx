// One app in a list: logo, name (the card's single link), company, tagline and badges. Lean markup
// (docs/decisions/019): the card is the list item or the carousel's slide itself, and a single
// badge sits in the card's grid without a wrapper.
import { appPath } from "~/lib/app-paths";
import { displayImageUrl } from "~/lib/image-url";
import { APP_TYPE_LABELS } from "~/models/enums";
import type { AppSummary } from "~/models/types";
import { Badge } from "./Badge";
import { FreshnessBadge } from "./FreshnessBadge";
import { RatingStars } from "./RatingStars";
import { SiteLink } from "./static-markup";
import * as s from "./AppCard.css";
import { useOrgCardState } from "./org-standing-context";
import { STANDING_LABELS } from "~/features/org-policy/standing-view";

type AppCardProps = {
  app: AppSummary;
  /** The card's name is one level below the heading its list sits under. */
  headingLevel?: 2 | 3;
  /** "li": the card is the grid's list item (with `id` and `className`). */
  as?: "div" | "li";
  id?: string;
  className?: string;
  /** A carousel slide (WAI-ARIA APG): the card is the slide's group, named "n of m". */
  slideLabel?: string;
};

/** A check after the company name: the hub verified the publisher's domain. */
export function VerifiedMark() {
  return (
    <span className={s.verified} title="Verified publisher">
      <span aria-hidden="true">✓</span>
      <span data-visually-hidden="">, verified publisher</span>
    </span>
  );
}

export function AppCard({ app, headingLevel = 2, as: Element = "div", id, className, slideLabel }: AppCardProps) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const typeLabel = APP_TYPE_LABELS[app.type];
  const orgState = useOrgCardState(app.id);
  return (
    <Element
      id={id}
      className={className ? `${s.card} ${className}` : s.card}
      role={slideLabel ? "group" : undefined}
      aria-roledescription={slideLabel ? "slide" : undefined}
      aria-label={slideLabel}
    >
      <img src={displayImageUrl(app.logo)} alt="" width={56} height={56} loading="lazy" decoding="async" className={s.logo} />
      <Heading className={s.name}>
        <SiteLink to={appPath(app)} prefetch="intent" className={s.link} data-link="">
          {app.name}
        </SiteLink>
      </Heading>
      <p className={s.company}>
        {app.companyName}
        {app.publisherVerified ? <VerifiedMark /> : null}
      </p>
      <p className={s.tagline}>{app.tagline}</p>
      {app.status === "coming_soon" ? null : (
        <p className={s.meta}>
          <RatingStars average={app.ratingAverage} count={app.ratingCount} />
          <FreshnessBadge freshness={app.freshness} />
        </p>
      )}
      {app.status === "coming_soon" ? (
        <div className={s.badges}>
          <Badge tone="warning">Coming soon</Badge>
          <Badge>{typeLabel}</Badge>
        </div>
      ) : orgState ? (
        // The person's organisation's word on it (issue 29; only on a member's own list pages).
        <div className={s.badges}>
          <Badge>{typeLabel}</Badge>
          <Badge tone={orgState === "approved" ? "success" : orgState === "restricted" ? "danger" : "warning"}>{STANDING_LABELS[orgState]}</Badge>
        </div>
      ) : (
        <Badge className={s.soloBadge}>{typeLabel}</Badge>
      )}
    </Element>
  );
}
