// The video facade on the detail page (spec §3 "Video embed", §4): a thumbnail with a play button
// that is a real link to the video, so it works without JavaScript. With JavaScript a click asks
// /api/fetch-vimeo for the embed and only then loads the player iframe, which we build ourselves
// from the checked embed address (never the provider's HTML): ./video-player.ts, loaded on the
// first click by a delegated listener (app/components/chrome.ts, a[data-video]), so the facade works
// the same in server-rendered HTML that React does not hydrate. Until the click nothing is loaded
// from the video provider. Its name says what a click does: it opens a tab until the page is
// enhanced (<html data-enhanced>), then it plays here.
import { displayImageUrl } from "~/lib/image-url";
import * as styles from "./AppDetailView.css";

export function VideoFacade({ videoUrl, poster, appName }: { videoUrl: string; poster: string; appName: string }) {
  return (
    <a className={styles.video} href={videoUrl} target="_blank" rel="noopener noreferrer" data-video={appName}>
      <img src={displayImageUrl(poster)} alt="" width={640} height={400} loading="lazy" decoding="async" />
      <span className={styles.play} aria-hidden="true" />
      <span className={styles.videoLabel}>
        <span className={styles.videoLabelPlain}>Watch the {appName} video (opens in a new tab)</span>
        <span className={styles.videoLabelEnhanced}>Play the {appName} video</span>
      </span>
    </a>
  );
}
