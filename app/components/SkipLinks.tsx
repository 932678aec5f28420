// Skip links (spec §2.4): move focus to the main content or the footer.
// Plain anchors without JavaScript; with it (skipTo, installed by ./chrome.ts), focus moves
// reliably and Home keeps its 335 px offset (data-skip-top).
import * as s from "./SkipLinks.css";

export const MAIN_CONTENT_ID = "main-content";
export const FOOTER_ID = "footer";
/** Spec §2.4: on the home page the skip-to-content scroll offset is 335 pixels. */
export const HOME_SKIP_OFFSET_PX = 335;

export function SkipLinks({ homeOffset = false }: { homeOffset?: boolean }) {
  return (
    <div className={s.root}>
      <a href={`#${MAIN_CONTENT_ID}`} className={s.link} data-skip="" data-skip-top={homeOffset ? HOME_SKIP_OFFSET_PX : undefined}>
        Skip to content
      </a>
      <a href={`#${FOOTER_ID}`} className={s.link} data-skip="">
        Skip to footer
      </a>
    </div>
  );
}
