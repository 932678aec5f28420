// A local oEmbed responder shaped like Vimeo's (https://vimeo.com/api/oembed.json), so the video
// facade (/api/fetch-vimeo, spec §7) runs with no network: GET /oembed?url=https://vimeo.com/<id>
// answers the provider's JSON, and /oembed/thumbnails/<id>[-play].svg the thumbnails it names.
// Like Vimeo, an address that is not a Vimeo video answers 404.
import { ApiError, badRequest } from "./errors.ts";
import type { Ctx } from "./http.ts";
import { json } from "./http.ts";

const VIDEO_URL = /^https:\/\/(?:www\.|player\.)?vimeo\.com\/(?:video\/)?(\d{1,12})\/?$/;
const THUMBNAIL = /^\/oembed\/thumbnails\/(\d{1,12})(-play)?\.svg$/;

function thumbnailSvg(id: string, play: boolean): string {
  const hue = Number(id) % 360;
  const button = play ? `<circle cx="320" cy="180" r="44" fill="rgba(0,0,0,.6)"/><path d="M305 155v50l42-25z" fill="#fff"/>` : "";
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="360" viewBox="0 0 640 360">` +
    `<rect width="640" height="360" fill="hsl(${hue} 45% 35%)"/>` +
    `<text x="24" y="336" font-family="system-ui, sans-serif" font-size="20" fill="#fff">Demo video ${id}</text>${button}</svg>`
  );
}

export async function oembed(c: Ctx): Promise<Response> {
  const thumb = THUMBNAIL.exec(c.url.pathname);
  if (thumb) {
    return new Response(thumbnailSvg(thumb[1]!, Boolean(thumb[2])), {
      headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
    });
  }
  if (c.url.pathname !== "/oembed") throw new ApiError(404, "Not found.");
  const url = c.url.searchParams.get("url");
  if (!url) throw badRequest("The url parameter is required.");
  const id = VIDEO_URL.exec(url)?.[1];
  if (!id) throw new ApiError(404, "No video found at that address.");
  const origin = c.url.origin;
  const title = `Demo video ${id}`;
  return json({
    type: "video",
    version: "1.0",
    provider_name: "Vimeo",
    provider_url: "https://vimeo.com/",
    title,
    author_name: "App Hub demo",
    author_url: "https://vimeo.com/",
    is_plus: "0",
    account_type: "basic",
    html: `<iframe src="https://player.vimeo.com/video/${id}?app_id=122963" width="640" height="360" frameborder="0" allow="autoplay; fullscreen; picture-in-picture; clipboard-write" title="${title}"></iframe>`,
    width: 640,
    height: 360,
    duration: 90,
    description: "",
    thumbnail_url: `${origin}/oembed/thumbnails/${id}.svg`,
    thumbnail_width: 640,
    thumbnail_height: 360,
    thumbnail_url_with_play_button: `${origin}/oembed/thumbnails/${id}-play.svg`,
    upload_date: "2024-01-15 10:00:00",
    video_id: Number(id),
    uri: `/videos/${id}`,
  });
}
