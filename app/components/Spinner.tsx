// Loading feedback (spec §2.2): a spinner (default size 56) and the navigation-pending indicator that
// shows it only after 400 ms. Sized by SVG attributes, since the CSP forbids inline styles.
import { useNavigation } from "@remix-run/react";
import { useEffect, useState } from "react";
import { visuallyHidden } from "../../styles/global.css";
import * as s from "./Spinner.css";

export const DEFAULT_SPINNER_SIZE = 56;

/** The decorative graphic alone, for callers that own the live region. */
export function SpinnerGraphic({ size = DEFAULT_SPINNER_SIZE }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 50 50" fill="none" aria-hidden="true" focusable="false" className={s.svg}>
      <circle cx="25" cy="25" r="20" strokeWidth="5" className={s.track} />
      <circle cx="25" cy="25" r="20" strokeWidth="5" strokeLinecap="round" strokeDasharray="40 126" className={s.arc} />
    </svg>
  );
}

export function Spinner({ size = DEFAULT_SPINNER_SIZE, label = "Loading" }: { size?: number; label?: string }) {
  return (
    <span role="status" className={s.root}>
      <SpinnerGraphic size={size} />
      <span className={visuallyHidden}>{label}</span>
    </span>
  );
}

/** Fast navigations never flash the spinner. */
export const SPINNER_DELAY_MS = 400;

export function PendingIndicator() {
  const busy = useNavigation().state !== "idle";
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!busy) {
      setVisible(false);
      return;
    }
    const timer = setTimeout(() => setVisible(true), SPINNER_DELAY_MS);
    return () => clearTimeout(timer);
  }, [busy]);

  // The live region stays in the page so screen readers announce "Loading" when it fills.
  return (
    <div role="status" className={s.pendingSlot}>
      {visible ? (
        <div className={s.pendingBubble}>
          <SpinnerGraphic size={DEFAULT_SPINNER_SIZE} />
          <span className={visuallyHidden}>Loading</span>
        </div>
      ) : null}
    </div>
  );
}
