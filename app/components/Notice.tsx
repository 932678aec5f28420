// One notice in the notification area (./Notifications.tsx), dismissible: with JavaScript the
// Dismiss link hides it in place; without, it reloads the page, which no longer carries the notice.
import { useLocation } from "@remix-run/react";
import { useState } from "react";
import { CloseIcon } from "./Icons";
import type { Notice } from "./notice";
import * as s from "./Notifications.css";

export function NoticeAlert({ notice }: { notice: Notice }) {
  const [dismissed, setDismissed] = useState<Notice | null>(null);
  const location = useLocation();
  // A new notice (after another redirect) is a new object, so it shows even after a dismissal.
  if (notice === dismissed) return null;
  return (
    <div className={`${s.notice} ${s.level[notice.level]}`}>
      <div className={s.text}>
        <p className={s.title}>{notice.title}</p>
        <p>{notice.message}</p>
      </div>
      <a
        href={location.pathname + location.search}
        className={s.dismiss}
        aria-label={`Dismiss: ${notice.title}`}
        onClick={(event) => {
          event.preventDefault();
          setDismissed(notice);
        }}
      >
        <CloseIcon className={s.icon} />
      </a>
    </div>
  );
}
