// Enhances a <details> used as a menu or popover: closes on navigation, Escape and outside clicks.
// Without JavaScript the <details> still opens and closes by its <summary>.
import { useLocation } from "@remix-run/react";
import { useEffect, useRef, type RefObject } from "react";

export function useDetailsDismiss(ref: RefObject<HTMLDetailsElement>, { outsideClick = true } = {}) {
  const location = useLocation();
  const firstRender = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: location.key is the trigger (close on every navigation)
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    if (ref.current) ref.current.open = false;
  }, [location.key, ref]);

  useEffect(() => {
    const details = ref.current;
    if (!details) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== "Escape" || !details.open) return;
      details.open = false;
      details.querySelector<HTMLElement>(":scope > summary")?.focus();
    };
    const onClick = (event: MouseEvent) => {
      if (details.open && event.target instanceof Node && !details.contains(event.target)) details.open = false;
    };
    details.addEventListener("keydown", onKeyDown);
    if (outsideClick) document.addEventListener("click", onClick);
    return () => {
      details.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("click", onClick);
    };
  }, [ref, outsideClick]);
}
