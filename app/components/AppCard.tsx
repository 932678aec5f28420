// One app in a list: logo, name (the card's single link), company, tagline and badges.
import { Link } from "@remix-run/react";
import { displayImageUrl } from "~/lib/image-url";
import { APP_TYPE_LABELS } from "~/models/enums";
import type { AppSummary } from "~/models/types";
import { appDetailsPath } from "./app-details-path";
import { Badge } from "./Badge";
import * as s from "./AppCard.css";

export { appDetailsPath } from "./app-details-path";

/** headingLevel: the card's name is one level below the heading its list sits under. */
export function AppCard({ app, headingLevel = 2 }: { app: AppSummary; headingLevel?: 2 | 3 }) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <div className={s.card}>
      <img
        src={displayImageUrl(app.logo)}
        alt=""
        width={56}
        height={56}
        loading="lazy"
        decoding="async"
        className={s.logo}
      />
      <Heading className={s.name}>
        <Link to={appDetailsPath(app)} prefetch="intent" className={s.link} data-link="">
          {app.name}
        </Link>
      </Heading>
      <p className={s.company}>{app.companyName}</p>
      <p className={s.tagline}>{app.tagline}</p>
      <div className={s.badges}>
        {app.status === "coming_soon" ? <Badge tone="warning">Coming soon</Badge> : null}
        <Badge>{APP_TYPE_LABELS[app.type]}</Badge>
      </div>
    </div>
  );
}
