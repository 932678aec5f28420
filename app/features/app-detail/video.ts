// The video embed (spec §3 "Video embed": html, thumbnail_url_with_play_button; the embed source is
// extracted from html). Pure rules shared by /api/fetch-vimeo and the detail page's facade: the
// provider's HTML is never injected; we take its iframe src, check the host, and build our own.

/** Video pages we ask the provider about (catalogue videoUrl values). */
export const VIDEO_HOSTS = ["vimeo.com", "www.vimeo.com", "player.vimeo.com"] as const;
/** Hosts whose player we frame (workers/security-headers.ts frame-src allows exactly these). */
export const PLAYER_HOSTS = ["player.vimeo.com"] as const;

const parse = (value: string): URL | null => {
  try {
    return new URL(value);
  } catch {
    return null;
  }
};

/** An https address on a video host, without credentials or a port. */
export function isAllowedVideoUrl(value: string): boolean {
  const url = parse(value);
  return Boolean(url && url.protocol === "https:" && !url.username && !url.password && !url.port && (VIDEO_HOSTS as readonly string[]).includes(url.hostname));
}

/**
 * The player address from the provider's embed HTML: the first <iframe>'s src, only if it is https
 * on a player host. `dnt=1` asks the player not to track the viewer (Vimeo's "do not track").
 */
export function extractEmbedSrc(html: string): string | null {
  const match = /<iframe\b[^>]*?\ssrc\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(html);
  const raw = match ? (match[1] ?? match[2] ?? "") : "";
  const url = parse(raw.replace(/&amp;/g, "&"));
  if (url?.protocol !== "https:" || url.username || url.password || url.port) return null;
  if (!(PLAYER_HOSTS as readonly string[]).includes(url.hostname)) return null;
  url.searchParams.set("dnt", "1");
  return url.toString();
}

/** What /api/fetch-vimeo answers (the spec's two fields, plus the checked embed address). */
export type VideoEmbed = { html: string; thumbnail_url_with_play_button: string; embedSrc: string };

/** The browser's second check before it frames an address (the API already checked it). */
export function isPlayerSrc(src: string): boolean {
  const url = parse(src);
  return Boolean(url && url.protocol === "https:" && !url.port && (PLAYER_HOSTS as readonly string[]).includes(url.hostname));
}
