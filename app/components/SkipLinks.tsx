// Skip links (spec §2.4): move focus to the main content or the footer.
// Plain anchors without JavaScript; with it, focus moves reliably and Home keeps its 335 px offset.
import type { MouseEvent } from "react";
import * as s from "./SkipLinks.css";

export const MAIN_CONTENT_ID = "main-content";
export const FOOTER_ID = "footer";
/** Spec §2.4: on the home page the skip-to-content scroll offset is 335 pixels. */
export const HOME_SKIP_OFFSET_PX = 335;

function skipTo(id: string, scrollTop?: number) {
  return (event: MouseEvent<HTMLAnchorElement>) => {
    const target = document.getElementById(id);
    if (!target) return;
    event.preventDefault();
    if (!target.hasAttribute("tabindex")) target.setAttribute("tabindex", "-1");
    if (scrollTop === undefined) target.scrollIntoView();
    else window.scrollTo({ top: scrollTop });
    target.focus({ preventScroll: true });
  };
}

export function SkipLinks({ homeOffset = false }: { homeOffset?: boolean }) {
  return (
    <div className={s.root}>
      <a
        href={`#${MAIN_CONTENT_ID}`}
        className={s.link}
        onClick={skipTo(MAIN_CONTENT_ID, homeOffset ? HOME_SKIP_OFFSET_PX : undefined)}
      >
        Skip to content
      </a>
      <a href={`#${FOOTER_ID}`} className={s.link} onClick={skipTo(FOOTER_ID)}>
        Skip to footer
      </a>
    </div>
  );
}
