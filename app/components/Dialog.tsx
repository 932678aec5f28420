// An accessible modal on the native <dialog>. Without JavaScript the trigger links to #id and the
// dialog shows as the :target, closed by a link to #_. With it, showModal() gives the focus trap,
// Escape and the backdrop, and closing returns focus to the trigger. The markup holds no handlers:
// one set of delegated listeners (./dialog-enhance.ts, with the chrome's, ./chrome.ts) drives every dialog,
// so a dialog works the same inside server-rendered HTML that React does not hydrate (Island).
import type { ReactNode } from "react";
import { buttonStyles } from "./Button.css";
import * as s from "./Dialog.css";

type DialogProps = {
  id: string;
  title: string;
  children: ReactNode;
  triggerLabel: string;
  triggerClassName?: string;
  /** Content of the trigger link instead of the label text (the label stays its accessible name). */
  trigger?: ReactNode;
};

export function Dialog({ id, title, children, triggerLabel, triggerClassName, trigger }: DialogProps) {
  const titleId = `${id}-title`;
  return (
    <>
      <a href={`#${id}`} className={triggerClassName} aria-haspopup="dialog" aria-label={trigger ? triggerLabel : undefined} data-dialog-open="">
        {trigger ?? triggerLabel}
      </a>
      <dialog id={id} aria-labelledby={titleId} className={s.dialog} data-dialog="">
        <div className={s.content}>
          <h2 id={titleId} className={s.title}>
            {title}
          </h2>
          <div className={s.body}>{children}</div>
          <div className={s.actions}>
            <a href="#_" className={buttonStyles.secondary} data-dialog-close="">
              Close
            </a>
          </div>
        </div>
      </dialog>
    </>
  );
}
