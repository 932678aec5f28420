// The add-bot dialog (spec §2.5 add-bot modal; §3 statuses select, direct-message, group-space and
// error). "Add to {product}" opens it at `select`: add the bot to a group space (picked from a list a
// filter narrows, with JavaScript) or message it directly. With JavaScript the steps change in place
// inside a modal; without it each step is a page (`?add=<status>#add-bot`) showing the dialog as the
// URL's :target. Both end in plain forms posting to the detail page, which answers with a notice
// (Post/Redirect/Get); the dialog is re-created closed after each navigation.
import { Form, useLocation, useNavigation } from "@remix-run/react";
import { useId, useState, type MouseEvent, type ReactNode } from "react";
import { useHydrated } from "remix-utils/use-hydrated";
import { buttonStyles } from "~/components/Button.css";
import { CsrfInput } from "~/components/CsrfInput";
import { Dialog } from "~/components/Dialog";
import type { AddBotOffer, AddBotStatus } from "./add-bot";
import * as s from "~/components/FormField.css";

export function AddBotPanel({ appName, productName, offer, permissions = null }: { appName: string; productName: string; offer: AddBotOffer; permissions?: ReactNode }) {
  const location = useLocation();
  return (
    <Dialog key={location.key} id="add-bot" title={`Add ${appName}`} triggerLabel={`Add to ${productName}`} triggerClassName={buttonStyles.primary}>
      {/* What the bot can do once added (issue 15), above every step: read before confirming. */}
      {permissions}
      <AddBotSteps appName={appName} offer={offer} />
    </Dialog>
  );
}

function AddBotSteps({ appName, offer }: { appName: string; offer: AddBotOffer }) {
  const id = useId();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const [status, setStatus] = useState<AddBotStatus>(offer.status);
  const [filter, setFilter] = useState("");
  const needle = filter.trim().toLowerCase();
  const shown = needle ? offer.spaces.filter((space) => space.title.toLowerCase().includes(needle)) : offer.spaces;
  // A step link: a page without JavaScript, a change in place with it.
  const step = (next: AddBotStatus, label: string, className: string = buttonStyles.secondary) => {
    const target = next === "group-space" && offer.spacesError ? "error" : next;
    const go = (event: MouseEvent<HTMLAnchorElement>) => {
      event.preventDefault();
      setStatus(target);
    };
    return (
      <a href={`?add=${next}#add-bot`} className={className} onClick={hydrated ? go : undefined}>
        {label}
      </a>
    );
  };

  if (status === "error") {
    return (
      <div className={s.form}>
        <p className={s.problem} role="alert">
          {offer.spacesError}
        </p>
        {step("select", "Back")}
      </div>
    );
  }
  if (status === "direct-message") {
    return (
      <Form method="post" className={s.form}>
        <CsrfInput />
        <p className={s.hint}>We send {appName} a hello from you, and it answers in a direct space.</p>
        <button type="submit" name="intent" value="direct-message" className={buttonStyles.primary} disabled={busy}>
          Message {appName} directly
        </button>
        {step("select", "Back")}
      </Form>
    );
  }
  if (status === "group-space") {
    return offer.spaces.length === 0 ? (
      <div className={s.form}>
        <p className={s.hint}>You are not in any group spaces yet.</p>
        {step("select", "Back")}
      </div>
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
              className={s.field}
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
        <select id={`${id}-space`} name="roomId" required className={s.field} size={Math.min(8, Math.max(3, shown.length))}>
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
        {step("select", "Back")}
      </Form>
    );
  }
  return (
    <div className={s.form}>
      <p>Where do you want to use {appName}?</p>
      {step("group-space", "Add to a space", buttonStyles.primary)}
      {step("direct-message", `Message ${appName} directly`)}
    </div>
  );
}
