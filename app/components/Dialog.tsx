// An accessible modal on the native <dialog>. Without JavaScript the trigger links to #id and the
// dialog shows as the :target, closed by a link to #_. With it, showModal() gives the focus trap,
// Escape and the backdrop, and closing returns focus to the trigger.
import { useRef, type MouseEvent, type ReactNode } from "react";
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
  const dialogRef = useRef<HTMLDialogElement>(null);
  const triggerRef = useRef<HTMLAnchorElement>(null);
  const titleId = `${id}-title`;

  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    const dialog = dialogRef.current;
    if (!dialog || typeof dialog.showModal !== "function") return;
    event.preventDefault();
    if (!dialog.open) dialog.showModal();
  };

  const close = (event: MouseEvent<HTMLAnchorElement>) => {
    const dialog = dialogRef.current;
    // Opened as the URL's :target (e.g. a shared link): let the #_ link clear the target.
    if (!dialog?.open) return;
    event.preventDefault();
    dialog.close();
  };

  // A click on the dialog element itself (not its content) is a click on the backdrop.
  const closeOnBackdrop = (event: MouseEvent<HTMLDialogElement>) => {
    if (event.target === event.currentTarget && event.currentTarget.open) event.currentTarget.close();
  };

  return (
    <>
      <a
        ref={triggerRef}
        href={`#${id}`}
        className={triggerClassName}
        aria-haspopup="dialog"
        aria-label={trigger ? triggerLabel : undefined}
        onClick={open}
      >
        {trigger ?? triggerLabel}
      </a>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop closes; Escape is the dialog's own key */}
      <dialog
        ref={dialogRef}
        id={id}
        aria-labelledby={titleId}
        className={s.dialog}
        onClick={closeOnBackdrop}
        onClose={() => triggerRef.current?.focus()}
      >
        <div className={s.content}>
          <h2 id={titleId} className={s.title}>
            {title}
          </h2>
          <div className={s.body}>{children}</div>
          <div className={s.actions}>
            {/* biome-ignore lint/a11y/useValidAnchor: without JavaScript the link closes the :target dialog (progressive enhancement) */}
            <a href="#_" className={buttonStyles.secondary} onClick={close}>
              Close
            </a>
          </div>
        </div>
      </dialog>
    </>
  );
}
