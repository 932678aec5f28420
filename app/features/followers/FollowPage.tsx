// The follow page (./follow-page.server.ts): where an app's updates should go, as radio buttons (a
// direct message from the App Hub bot, or one of the person's group spaces), and unfollowing. Plain
// forms that work without JavaScript; a refused post comes back with the choice kept and why.
import { Form, Link, useNavigation } from "@remix-run/react";
import { buttonStyles } from "~/components/Button.css";
import { CsrfInput } from "~/components/CsrfInput";
import * as f from "~/components/FormField.css";
import { DIRECT_MESSAGE_LABEL, FOLLOW_MESSAGES, destinationPhrase, type FollowActionData, type FollowPageData } from "./follow-view";
import * as s from "./Followers.css";

export function FollowPage({ page, acted }: { page: FollowPageData; acted: FollowActionData | null }) {
  const { app, following, spaces, spacesError } = page;
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const current = following?.kind === "space" ? following.roomId : "direct";
  const selected = acted?.destination || current;
  return (
    <article className={s.page} aria-labelledby="follow-title">
      <h1 id="follow-title" className={s.title}>
        Follow updates about {app.name}
      </h1>
      <p className={s.lead}>
        When {app.name} publishes a new version or is deprecated, the App Hub bot posts what changed: the release notes in short, any new permission it asks for, and a link to its
        page. Every message has a link to stop them.
      </p>
      {following ? <p className={s.status}>{`You follow ${app.name}: updates go to ${destinationPhrase(following)}.`}</p> : null}
      {acted ? (
        <div className={f.problem} role="alert">
          <strong>{/[.!?]$/.test(acted.problem.title) ? acted.problem.title : `${acted.problem.title}.`}</strong> {acted.problem.message}
        </div>
      ) : null}

      {app.deprecated ? (
        <p className={s.lead}>{FOLLOW_MESSAGES.deprecated(app.name)}</p>
      ) : (
        <Form method="post" action={app.followPath} className={s.card}>
          <CsrfInput />
          <fieldset className={s.fieldset}>
            <legend className={s.legend}>Where should updates go?</legend>
            <ul className={s.choices}>
              <li>
                <label className={s.choice}>
                  <input type="radio" name="destination" value="direct" defaultChecked={selected === "direct"} required />
                  {DIRECT_MESSAGE_LABEL}
                </label>
              </li>
            </ul>
            <p id="your-spaces" className={s.groupLabel}>
              Or one of your spaces
            </p>
            {spacesError ? (
              <p className={f.problem} role="alert">
                {spacesError}
              </p>
            ) : spaces.length === 0 ? (
              <p className={s.muted}>You are not in any group spaces yet.</p>
            ) : (
              // A long list scrolls inside the form, so the button stays near.
              <ul className={spaces.length > 8 ? s.spaceChoices : s.choices} aria-labelledby="your-spaces">
                {spaces.map((space) => (
                  <li key={space.id}>
                    <label className={s.choice}>
                      <input type="radio" name="destination" value={space.id} defaultChecked={selected === space.id} />
                      <span>
                        {space.title}
                        {space.isLocked ? <span className={s.choiceNote}> (locked: only its moderators can add the bot)</span> : null}
                      </span>
                    </label>
                  </li>
                ))}
              </ul>
            )}
            <p className={s.muted}>For a space, the App Hub bot joins it, and everyone there sees the updates and the link that stops them.</p>
          </fieldset>
          <div className={s.buttons}>
            <button type="submit" name="intent" value="follow" className={buttonStyles.primary} disabled={busy}>
              {following ? "Save" : "Follow updates"}
            </button>
            <Link to={app.path}>Back to {app.name}</Link>
          </div>
        </Form>
      )}

      {following ? (
        <Form method="post" action={app.followPath} className={s.buttons}>
          <CsrfInput />
          <input type="hidden" name="back" value={app.path} />
          <button type="submit" name="intent" value="unfollow" className={buttonStyles.secondary} disabled={busy}>
            Unfollow {app.name}
          </button>
        </Form>
      ) : null}
    </article>
  );
}
