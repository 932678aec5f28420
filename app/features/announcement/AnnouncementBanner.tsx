// The announcement banner (spec §4): the entry's desktop or mobile markdown (CSS picks one by screen
// width) and, when the entry is closable, a Close button. Close is a form post that stores the
// publish time (works without JavaScript); with JavaScript it posts in the background and the banner
// hides in place. A click on a link in the banner reports the version to analytics.
import { useState, type FormEvent, type MouseEvent } from "react";
import { iconButton } from "~/components/Button.css";
import { CloseIcon } from "~/components/Icons";
import { dispatchAnalytics } from "./analytics-event";
import { postPreference } from "./post-preference";
import { BANNER_ACTION, type BannerData } from "./types";
import * as s from "./AnnouncementBanner.css";

type Props = {
  banner: BannerData;
  returnTo: string;
  /** Defaults to the "apphub:analytics" window event (analytics-event.ts). */
  onBannerClick?: (version: string) => void;
};

const track = (version: string) => dispatchAnalytics({ name: "AppHub_bannerClick", version });

export function AnnouncementBanner({ banner, returnTo, onBannerClick = track }: Props) {
  const [hidden, setHidden] = useState(false);
  if (hidden) return null;

  const onClose = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    postPreference(event.currentTarget);
    setHidden(true);
  };

  // Links come from rendered markdown, so one delegated handler catches them all (Enter on a link
  // fires click too, so keyboard use is counted).
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as Element).closest("a")) onBannerClick(banner.version);
  };

  return (
    <section aria-label="Announcement" className={s.banner} data-version={banner.version}>
      <div className={s.inner}>
        {/* biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: counts clicks on the links inside (Enter on a link clicks too) */}
        <div className={s.text} onClick={onClick}>
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: micromark's output (raw HTML escaped, unsafe links dropped: app/lib/markdown.server.ts) */}
          <div className={s.desktop} dangerouslySetInnerHTML={{ __html: banner.desktopHtml }} />
          {/* biome-ignore lint/security/noDangerouslySetInnerHtml: micromark's output (raw HTML escaped, unsafe links dropped: app/lib/markdown.server.ts) */}
          <div className={s.mobile} dangerouslySetInnerHTML={{ __html: banner.mobileHtml }} />
        </div>
        {banner.closable ? (
          <form method="post" action={BANNER_ACTION} className={s.form} onSubmit={onClose}>
            <input type="hidden" name="time" value={banner.time} />
            <input type="hidden" name="returnTo" value={returnTo} />
            <button type="submit" aria-label="Close announcement" className={`${iconButton} ${s.close}`}>
              <CloseIcon />
            </button>
          </form>
        ) : null}
      </div>
    </section>
  );
}
