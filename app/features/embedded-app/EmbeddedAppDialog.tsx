// The embedded-app modal (spec §2.5): what a logged-in person can do with an embedded app — open it
// from a meeting or a space, or, when their organisation has not enabled it, ask their IT admin.
// Built on the accessible Dialog, which opens as the URL's :target without JavaScript.
import type { ReactNode } from "react";
import { Dialog } from "~/components/Dialog";
import { EMBEDDED_APP_MESSAGES as M, type EmbeddedAppOffer } from "./embedded-app";
import * as s from "./EmbeddedAppDialog.css";

export const EMBEDDED_APP_DIALOG_ID = "embedded-app";

export function EmbeddedAppDialog({
  appName,
  productName,
  offer,
  triggerClassName,
  permissions = null,
}: {
  appName: string;
  productName: string;
  offer: EmbeddedAppOffer;
  triggerClassName?: string;
  /** What the app can do once opened (issue 15), shown before the steps. */
  permissions?: ReactNode;
}) {
  const inMeeting = offer.contexts.includes("in_meeting");
  const inSpace = offer.contexts.some((c) => c === "space" || c === "sidebar");
  // An app that names neither place is shown both ways: it is opened from one of them.
  const ways = inMeeting || inSpace ? { inMeeting, inSpace } : { inMeeting: true, inSpace: true };
  const title =
    offer.state === "available"
      ? M.availableTitle(appName)
      : offer.state === "not-enabled"
        ? M.notEnabledTitle(appName)
        : offer.state === "not-yet"
          ? M.notYetTitle
          : M.unknownTitle;
  return (
    <Dialog id={EMBEDDED_APP_DIALOG_ID} title={title} triggerLabel={M.trigger(appName)} triggerClassName={triggerClassName}>
      {offer.state === "available" ? (
        <>
          <p>{M.availableIntro(appName, productName)}</p>
          {permissions}
          <ul className={s.steps}>
            {ways.inMeeting ? <li>{M.inMeeting(appName)}</li> : null}
            {ways.inSpace ? <li>{M.inSpace(appName)}</li> : null}
          </ul>
          <p>{M.availableNote}</p>
        </>
      ) : offer.state === "not-enabled" ? (
        <>
          <p>{M.notEnabled(appName)}</p>
          <p className={s.strong}>{M.talkToAdmin}</p>
        </>
      ) : offer.state === "not-yet" ? (
        <p>{M.notYet(appName, productName)}</p>
      ) : (
        <p>{M.unknown(appName)}</p>
      )}
    </Dialog>
  );
}
