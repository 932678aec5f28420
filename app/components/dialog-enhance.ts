// The behaviour of every Dialog (./Dialog.tsx) on the page, as delegated listeners installed once
// with the rest of the chrome's behaviour (./chrome.ts, after hydration): the trigger opens the
// <dialog> with showModal() (focus trap, Escape, backdrop), Close and a click on the backdrop close
// it, and closing returns focus to the trigger. Until then a trigger opens its dialog as the URL's
// :target, as without JavaScript.

/** Delegated listeners for every Dialog on the page, now and later; returns their removal. */
export function enhanceDialogs(doc: Document): () => void {
  const triggers = new WeakMap<HTMLDialogElement, HTMLElement>();
  const onClick = (event: MouseEvent) => {
    if (event.defaultPrevented || event.button !== 0) return;
    const target = event.target as Element;
    // A click on the dialog element itself (not its content) is a click on the backdrop.
    if (target instanceof HTMLDialogElement && target.hasAttribute("data-dialog")) {
      if (target.open) target.close();
      return;
    }
    const link = target.closest?.("a[data-dialog-open], a[data-dialog-close]");
    if (!(link instanceof HTMLAnchorElement)) return;
    if (link.hasAttribute("data-dialog-close")) {
      const dialog = link.closest("dialog");
      // Opened as the URL's :target (e.g. a shared link): let the #_ link clear the target.
      if (!dialog?.open) return;
      event.preventDefault();
      dialog.close();
      return;
    }
    const dialog = doc.getElementById(link.hash.slice(1));
    if (!(dialog instanceof HTMLDialogElement) || typeof dialog.showModal !== "function") return;
    event.preventDefault();
    triggers.set(dialog, link);
    if (!dialog.open) dialog.showModal();
  };
  // "close" does not bubble: listen in the capture phase.
  const onClose = (event: Event) => {
    const dialog = event.target;
    if (dialog instanceof HTMLDialogElement && dialog.hasAttribute("data-dialog")) triggers.get(dialog)?.focus();
  };
  doc.addEventListener("click", onClick);
  doc.addEventListener("close", onClose, true);
  return () => {
    doc.removeEventListener("click", onClick);
    doc.removeEventListener("close", onClose, true);
  };
}
