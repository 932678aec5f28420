// The CMS modals (spec §2.5 "Closable modal": header title, body, note, button; §4 rules). The first
// visible one is shown; closing it shows the next.
//
// Without JavaScript the server renders <dialog open> over the page with a dimmed surround, and both
// Close and the button post /preferences/modal, which stores the per-modal cookie and redirects back.
// With JavaScript the same dialog is re-opened with showModal(): the rest of the page turns inert
// (focus stays inside), Escape closes, and the post goes in the background so the page stays put.
import { useEffect, useRef, useState, type FormEvent, type SyntheticEvent } from "react";
import { buttonStyles, iconButton } from "~/components/Button.css";
import { CloseIcon } from "~/components/Icons";
import { dispatchAnalytics } from "./analytics-event";
import { postPreference } from "./post-preference";
import { MODAL_ACTION, type ModalData } from "./types";
import * as s from "./CmsModals.css";

export function CmsModals({ modals, returnTo }: { modals: ModalData[]; returnTo: string }) {
  const [closed, setClosed] = useState<string[]>([]);
  const modal = modals.find((m) => !closed.includes(m.id));
  if (!modal) return null;
  return <CmsModal key={modal.id} modal={modal} returnTo={returnTo} onClosed={() => setClosed((ids) => [...ids, modal.id])} />;
}

function CmsModal({ modal, returnTo, onClosed }: { modal: ModalData; returnTo: string; onClosed: () => void }) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const titleId = `cms-modal-${modal.id}-title`;
  const bodyId = `cms-modal-${modal.id}-body`;

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per modal shown (its id and metrics id), not on every render
  useEffect(() => {
    const dialog = dialogRef.current;
    // Server-rendered as a non-modal <dialog open>; showModal() needs it closed first.
    if (dialog && typeof dialog.showModal === "function") {
      if (dialog.open) dialog.close();
      dialog.showModal();
    }
    dispatchAnalytics({ name: "AppHub_modalView", metricsId: modal.metricsId });
  }, [modal.id, modal.metricsId]);

  const finish = () => {
    // close() hands focus back to where it was before the dialog opened.
    if (dialogRef.current?.open) dialogRef.current.close();
    onClosed();
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    postPreference(event.currentTarget);
    finish();
  };

  // Escape: a "cancel" event. Treated as Close, so it is remembered too (spec §4).
  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    if (formRef.current) postPreference(formRef.current);
    finish();
  };

  return (
    <dialog ref={dialogRef} open aria-labelledby={titleId} aria-describedby={bodyId} className={s.dialog} onCancel={onCancel}>
      <form ref={formRef} method="post" action={MODAL_ACTION} className={s.content} onSubmit={onSubmit}>
        <input type="hidden" name="modalId" value={modal.id} />
        <input type="hidden" name="time" value={modal.time} />
        <input type="hidden" name="returnTo" value={returnTo} />
        <div className={s.header}>
          <h2 id={titleId} className={s.title}>
            {modal.title}
          </h2>
          <button type="submit" aria-label="Close" className={iconButton}>
            <CloseIcon />
          </button>
        </div>
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: micromark's output (raw HTML escaped, unsafe links dropped: app/lib/markdown.server.ts) */}
        <div id={bodyId} className={s.body} dangerouslySetInnerHTML={{ __html: modal.bodyHtml }} />
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: micromark's output (raw HTML escaped, unsafe links dropped: app/lib/markdown.server.ts) */}
        {modal.noteHtml ? <div className={s.note} dangerouslySetInnerHTML={{ __html: modal.noteHtml }} /> : null}
        <div className={s.actions}>
          <button type="submit" className={buttonStyles.primary}>
            {modal.buttonText}
          </button>
        </div>
      </form>
    </dialog>
  );
}
