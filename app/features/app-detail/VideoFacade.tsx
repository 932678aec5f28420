// The video facade on the detail page (spec §3 "Video embed", §4): a thumbnail with a play button
// that is a real link to the video, so it works without JavaScript. With JavaScript a click asks
// /api/fetch-vimeo for the embed and only then loads the player iframe, which we build ourselves
// from the checked embed address (never the provider's HTML). Until the click nothing is loaded
// from the video provider.
import { useEffect, useState, type MouseEvent } from "react";
import { displayImageUrl } from "~/lib/image-url";
import { isPlayerSrc, type VideoEmbed } from "./video";
import * as styles from "./AppDetailView.css";

type State = { status: "idle" | "loading" } | { status: "playing"; src: string } | { status: "error" };

export function VideoFacade({ videoUrl, poster, appName }: { videoUrl: string; poster: string; appName: string }) {
  const [state, setState] = useState<State>({ status: "idle" });
  // After hydration a click plays the video here; before it (and without JS) the link opens a tab.
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => setEnhanced(true), []);

  async function play(event: MouseEvent<HTMLAnchorElement>) {
    // Let modified clicks (new tab, new window) do what links do.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    if (state.status === "loading") return;
    setState({ status: "loading" });
    try {
      const res = await fetch(`/api/fetch-vimeo?url=${encodeURIComponent(videoUrl)}`, { headers: { Accept: "application/json" } });
      const embed = res.ok ? ((await res.json()) as Partial<VideoEmbed>) : null;
      const src = embed?.embedSrc;
      if (typeof src !== "string" || !isPlayerSrc(src)) throw new Error("no playable embed");
      const url = new URL(src);
      url.searchParams.set("autoplay", "1");
      setState({ status: "playing", src: url.toString() });
    } catch {
      setState({ status: "error" });
    }
  }

  if (state.status === "playing") {
    return (
      <iframe
        className={styles.player}
        src={state.src}
        title={`${appName} video`}
        width={640}
        height={400}
        allow="autoplay; fullscreen; picture-in-picture"
        allowFullScreen
        referrerPolicy="strict-origin-when-cross-origin"
      />
    );
  }
  return (
    <>
      <a className={styles.video} href={videoUrl} target="_blank" rel="noopener noreferrer" onClick={play} aria-busy={state.status === "loading" || undefined}>
        <img src={displayImageUrl(poster)} alt="" width={640} height={400} loading="lazy" decoding="async" />
        <span className={styles.play} aria-hidden="true" />
        <span className={styles.videoLabel}>{enhanced ? `Play the ${appName} video` : `Watch the ${appName} video (opens in a new tab)`}</span>
      </a>
      {state.status === "error" ? (
        <p className={styles.videoError} role="alert">
          The video could not be loaded here.{" "}
          <a href={videoUrl} target="_blank" rel="noopener noreferrer">
            Watch it on the provider&apos;s site
          </a>
          .
        </p>
      ) : null}
    </>
  );
}
