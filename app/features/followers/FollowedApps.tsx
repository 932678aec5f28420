// My Integrations' "Apps you follow" (issue 16; docs/decisions/026): each followed app, where its
// updates go, whether the last one could not be posted there, and Unfollow (a plain form to the
// app's follow route, which comes back here with a notice). Change goes to the follow page.
import { Form, Link, useNavigation } from "@remix-run/react";
import { buttonStyles } from "~/components/Button.css";
import { CsrfInput } from "~/components/CsrfInput";
import { MY_INTEGRATIONS_PATH } from "~/components/auth-links";
import { formatDate } from "~/lib/format-date";
import { visuallyHidden } from "../../../styles/global.css";
import { destinationPhrase, FOLLOW_MESSAGES, type FollowedAppView } from "./follow-view";
import * as s from "./Followers.css";

export function FollowedApps({ follows }: { follows: FollowedAppView[] }) {
  return (
    <section className={s.section} aria-labelledby="follows-title">
      <h2 id="follows-title" className={s.sectionTitle}>
        Apps you follow
      </h2>
      {follows.length === 0 ? (
        <p className={s.muted}>You follow no apps. On an app's page, choose Follow updates to hear about its new versions.</p>
      ) : (
        <ul className={s.list} aria-labelledby="follows-title">
          {follows.map((follow) => (
            <FollowedAppRow key={follow.appId} follow={follow} />
          ))}
        </ul>
      )}
    </section>
  );
}

function FollowedAppRow({ follow }: { follow: FollowedAppView }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === follow.followPath;
  const headingId = `follow-${follow.appId}`;
  return (
    <li className={s.row} aria-labelledby={headingId}>
      <div className={s.rowDetails}>
        <h3 id={headingId} className={s.rowName}>
          {follow.path ? <Link to={follow.path}>{follow.name}</Link> : follow.name}
        </h3>
        <p className={s.muted}>{`Updates go to ${destinationPhrase(follow.destination)}. Following since ${formatDate(follow.since)}.`}</p>
        {follow.problem ? (
          <p className={s.rowProblem}>{`${FOLLOW_MESSAGES.problem(follow.problem.kind, follow.destination, follow.name)} (${formatDate(follow.problem.at)})`}</p>
        ) : null}
      </div>
      <div className={s.rowActions}>
        {follow.path ? (
          <Link to={follow.followPath}>
            Change<span className={visuallyHidden}> where updates about {follow.name} go</span>
          </Link>
        ) : null}
        <Form method="post" action={follow.followPath}>
          <CsrfInput />
          <input type="hidden" name="back" value={MY_INTEGRATIONS_PATH} />
          <button type="submit" name="intent" value="unfollow" className={buttonStyles.secondary} disabled={busy}>
            <span>
              {busy ? "Unfollowing…" : "Unfollow"}
              <span className={visuallyHidden}> {follow.name}</span>
            </span>
          </button>
        </Form>
      </div>
    </li>
  );
}
