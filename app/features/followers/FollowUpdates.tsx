// The detail page's "Follow updates" (issue 16; docs/decisions/026), in the header's actions. Links
// and a plain form, no state: it is part of the server-rendered head (an Island), so it adds nothing
// to the page's first-load JavaScript. The anonymous page (shared through the edge cache) only ever
// shows the link; the follow page sends a logged-out visitor to log in and back.
import { CsrfInput } from "~/components/CsrfInput";
import { Svg } from "~/components/Icons";
import { visuallyHidden } from "../../../styles/global.css";
import { destinationPhrase, type FollowOffer } from "./follow-view";
import * as s from "./Followers.css";

/** Drawn here, not in ~/components/Icons: this part loads lazily, and the icons' module is in every page's first load. */
const BellIcon = () => (
  <Svg size={18}>
    <path d="M6 8a6 6 0 0 1 12 0c0 7 3 9 3 9H3s3-2 3-9" />
    <path d="M10.3 21a1.94 1.94 0 0 0 3.4 0" />
  </Svg>
);

export function FollowUpdates({ offer, appName, appPath }: { offer: FollowOffer; appName: string; appPath: string }) {
  if (!offer) return null;
  if (offer.kind === "follow") {
    return (
      <a className={s.followLink} href={offer.href}>
        <BellIcon />
        Follow updates
      </a>
    );
  }
  return (
    <div className={s.follow}>
      <p className={s.following}>
        <BellIcon />
        Following updates
      </p>
      <p className={s.followingWhere}>{`They go to ${destinationPhrase(offer.destination)}.`}</p>
      <div className={s.followControls}>
        <a className={s.controlLink} href={offer.href}>
          Change<span className={visuallyHidden}> where updates about {appName} go</span>
        </a>
        <span aria-hidden="true">·</span>
        <form method="post" action={offer.href} className={s.inlineForm}>
          <CsrfInput />
          <input type="hidden" name="back" value={appPath} />
          <button type="submit" name="intent" value="unfollow" className={s.linkButton}>
            Unfollow<span className={visuallyHidden}> {appName}</span>
          </button>
        </form>
      </div>
    </div>
  );
}
