// The notification area (spec §2.5): alerts with a title, a message and a level, each dismissible.
// Notices arrive from the server after a redirect (app/lib/flash.server.ts). Without JavaScript the
// Dismiss link reloads the page, which no longer carries the one-time notice.
import { useLocation } from "@remix-run/react";
import { useState } from "react";
import { CloseIcon } from "./Icons";
import type { Notice } from "./notice";
import * as s from "./Notifications.css";

export function Notifications({ notice }: { notice: Notice | null }) {
  const [dismissed, setDismissed] = useState<Notice | null>(null);
  const location = useLocation();
  // A new notice (after another redirect) is a new object, so it shows even after a dismissal.
  const visible = notice && notice !== dismissed ? notice : null;
  return (
    <div className={s.area} role="status" aria-live="polite" aria-label="Notifications">
      {visible ? (
        <div className={`${s.notice} ${s.level[visible.level]}`}>
          <div className={s.text}>
            <p className={s.title}>{visible.title}</p>
            <p>{visible.message}</p>
          </div>
          <a
            href={location.pathname + location.search}
            className={s.dismiss}
            aria-label={`Dismiss: ${visible.title}`}
            onClick={(event) => {
              event.preventDefault();
              setDismissed(visible);
            }}
          >
            <CloseIcon className={s.icon} />
          </a>
        </div>
      ) : null}
    </div>
  );
}
