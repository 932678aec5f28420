// Add a bot (spec §2.5 add-bot flow): to one of the person's group spaces, picked from a list that
// a filter narrows (with JavaScript), or by messaging the bot directly. Both are plain forms that
// post to the detail page, which answers with a notice (Post/Redirect/Get).
import { Form, useNavigation } from "@remix-run/react";
import { useId, useState } from "react";
import { buttonStyles } from "~/components/Button.css";
import { CsrfInput } from "~/components/CsrfInput";
import { useHydrated } from "remix-utils/use-hydrated";
import type { AddBotOffer } from "./add-bot";
import * as s from "./AddBotPanel.css";

export function AddBotPanel({ appName, offer }: { appName: string; offer: AddBotOffer }) {
  const id = useId();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [filter, setFilter] = useState("");
  const needle = filter.trim().toLowerCase();
  const shown = needle ? offer.spaces.filter((space) => space.title.toLowerCase().includes(needle)) : offer.spaces;

  return (
    <section className={s.panel} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className={s.title}>
        Add {appName}
      </h2>
      {offer.spacesError ? (
        <p className={s.problem} role="alert">
          {offer.spacesError}
        </p>
      ) : offer.spaces.length === 0 ? (
        <p className={s.hint}>You are not in any group spaces yet.</p>
      ) : (
        <Form method="post" className={s.form}>
          <CsrfInput />
          {hydrated ? (
            <>
              <label htmlFor={`${id}-filter`} className={s.label}>
                Find a space
              </label>
              <input
                id={`${id}-filter`}
                type="search"
                className={s.input}
                value={filter}
                onChange={(event) => setFilter(event.target.value)}
                autoComplete="off"
                aria-controls={`${id}-space`}
              />
            </>
          ) : null}
          <label htmlFor={`${id}-space`} className={s.label}>
            Space
          </label>
          <select id={`${id}-space`} name="roomId" required className={s.select} size={Math.min(8, Math.max(3, shown.length))}>
            {shown.map((space) => (
              <option key={space.id} value={space.id}>
                {space.isLocked ? `${space.title} (locked)` : space.title}
              </option>
            ))}
          </select>
          <p className={s.hint} aria-live="polite">
            {hydrated && needle ? `${shown.length} of ${offer.spaces.length} spaces` : "Your spaces, most recently active first."}
          </p>
          <button type="submit" name="intent" value="add-to-space" className={buttonStyles.primary} disabled={busy}>
            Add to space
          </button>
        </Form>
      )}
      <Form method="post" className={s.direct}>
        <CsrfInput />
        <button type="submit" name="intent" value="direct-message" className={buttonStyles.secondary} disabled={busy}>
          Message {appName} directly
        </button>
      </Form>
    </section>
  );
}
