// The video facade's click (./VideoFacade.tsx), loaded by the delegated listener in
// app/components/chrome.ts on the first click: asks /api/fetch-vimeo for the embed, checks the
// player address (./video.ts) and puts our own iframe in place of the facade; if that fails, says so
// beside it with a link to the provider's page.
import { player as playerClass, videoError } from "./AppDetailView.css";
import { isPlayerSrc, type VideoEmbed } from "./video";

export async function playVideo(link: HTMLAnchorElement): Promise<void> {
  const videoUrl = link.getAttribute("href") ?? "";
  const appName = link.dataset.video ?? "";
  if (link.getAttribute("aria-busy") === "true" || !link.isConnected) return;
  link.setAttribute("aria-busy", "true");
  link.parentElement?.querySelector("[data-video-error]")?.remove();
  try {
    const res = await fetch(`/api/fetch-vimeo?url=${encodeURIComponent(videoUrl)}`, { headers: { Accept: "application/json" } });
    const embed = res.ok ? ((await res.json()) as Partial<VideoEmbed>) : null;
    const src = embed?.embedSrc;
    if (typeof src !== "string" || !isPlayerSrc(src)) throw new Error("no playable embed");
    const url = new URL(src);
    url.searchParams.set("autoplay", "1");
    const iframe = document.createElement("iframe");
    iframe.className = playerClass;
    iframe.src = url.toString();
    iframe.title = `${appName} video`;
    iframe.width = "640";
    iframe.height = "400";
    iframe.allow = "autoplay; fullscreen; picture-in-picture";
    iframe.allowFullscreen = true;
    iframe.referrerPolicy = "strict-origin-when-cross-origin";
    // In place of the facade (where React rendered it, after a client-side navigation, it renders
    // nothing there again: its props do not change while the page is shown).
    link.replaceWith(iframe);
  } catch {
    const error = document.createElement("p");
    error.className = videoError;
    error.setAttribute("role", "alert");
    error.dataset.videoError = "";
    error.textContent = "The video could not be loaded here. ";
    const fallback = document.createElement("a");
    fallback.href = videoUrl;
    fallback.target = "_blank";
    fallback.rel = "noopener noreferrer";
    fallback.textContent = "Watch it on the provider's site";
    error.appendChild(fallback);
    error.appendChild(document.createTextNode("."));
    link.insertAdjacentElement("afterend", error);
  } finally {
    link.removeAttribute("aria-busy");
  }
}
