// The unfollow link's page (./unfollow-page.server.ts): asks before it unfollows (a GET changes
// nothing), or says plainly that the link no longer unfollows anything. The result of the post shows
// on the app's page, in the notification area.
import { Form, Link, useNavigation } from "@remix-run/react";
import { CSRF_FORM_FIELD } from "~/auth/csrf";
import { buttonStyles } from "~/components/Button.css";
import { MY_INTEGRATIONS_PATH } from "~/components/auth-links";
import { destinationPhrase, type UnfollowPageData } from "./follow-view";
import * as s from "./Followers.css";

export function UnfollowPage({ page }: { page: UnfollowPageData }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  if (page.state === "unknown") {
    return (
      <article className={s.page} aria-labelledby="unfollow-title">
        <h1 id="unfollow-title" className={s.title}>
          This unfollow link does not work any more
        </h1>
        <p className={s.lead}>
          It unfollows nothing now: the app was unfollowed already (with this link or another way), its updates now go somewhere else (each new place gets a new link), or the link
          was cut short when it was copied.
        </p>
        <p className={s.lead}>
          Logged in, you can see every app you follow, and stop their updates, in <Link to={MY_INTEGRATIONS_PATH}>My Integrations</Link>.
        </p>
      </article>
    );
  }
  return (
    <article className={s.page} aria-labelledby="unfollow-title">
      <h1 id="unfollow-title" className={s.title}>
        Stop updates about {page.app.name}?
      </h1>
      <p className={s.lead}>{`The App Hub bot posts each new version of ${page.app.name} to ${destinationPhrase(page.destination)}. Unfollow to stop these messages.`}</p>
      <Form method="post" className={s.buttons}>
        <input type="hidden" name={CSRF_FORM_FIELD} value={page.csrf} />
        <button type="submit" className={buttonStyles.primary} disabled={busy}>
          Unfollow {page.app.name}
        </button>
        {page.app.path ? <Link to={page.app.path}>Keep following</Link> : null}
      </Form>
    </article>
  );
}
