// GET /api/fetch-vimeo?url= (spec §7): the video's oEmbed answer from the provider
// (OEMBED_ENDPOINT: Vimeo in production, the platform emulator's /oembed locally). Only https
// addresses on video hosts are asked about; the provider gets 30 s (spec §9 external resource
// time-out); answers are cached like the catalogue (spec §9 cache ages).
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { z } from "zod";
import { parseSearchParams } from "~/features/api/json.server";
import { videoParamsSchema } from "~/features/api/query-schemas.server";
import { extractEmbedSrc, type VideoEmbed } from "~/features/app-detail/video";
import { cacheControl } from "~/lib/cache-policy.server";
import { jsonError } from "~/lib/http.server";

/** Spec §9: external resource proxy time-out. */
export const OEMBED_TIMEOUT_MS = 30_000;

const oembedAnswer = z.object({
  html: z.string().max(10_000),
  thumbnail_url_with_play_button: z.string().url().optional(),
  thumbnail_url: z.string().url().optional(),
});

/** A thumbnail we may show: https, or the oEmbed endpoint's own origin (the local emulator). */
function allowedThumbnail(value: string | undefined, endpoint: string): string | null {
  if (!value) return null;
  const url = new URL(value);
  if (url.protocol === "https:" || url.origin === new URL(endpoint).origin) return url.toString();
  return null;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const params = parseSearchParams(new URL(request.url), videoParamsSchema);
  const endpoint = new URL(context.config.oembedEndpoint);
  endpoint.searchParams.set("url", params.url);
  endpoint.searchParams.set("dnt", "1");
  let upstream: Response;
  try {
    upstream = await fetch(endpoint, { headers: { Accept: "application/json" }, signal: AbortSignal.timeout(OEMBED_TIMEOUT_MS) });
  } catch (error) {
    const timedOut = error instanceof Error && (error.name === "TimeoutError" || error.name === "AbortError");
    context.logger.error("Unable to fetch the video embed", { url: params.url, error: String(error) });
    return timedOut ? jsonError(504, "The video provider did not answer in time.") : jsonError(502, "The video provider could not be reached.");
  }
  if (upstream.status === 404) {
    await upstream.body?.cancel();
    return jsonError(404, "No video found at that address.");
  }
  if (!upstream.ok) {
    await upstream.body?.cancel();
    context.logger.error("Unable to fetch the video embed", { url: params.url, status: upstream.status });
    return jsonError(502, `The video provider answered ${upstream.status}.`);
  }
  const parsed = oembedAnswer.safeParse(await upstream.json().catch(() => null));
  const embedSrc = parsed.success ? extractEmbedSrc(parsed.data.html) : null;
  if (!parsed.success || !embedSrc) return jsonError(502, "The video provider's answer has no playable embed.");
  const thumbnail =
    allowedThumbnail(parsed.data.thumbnail_url_with_play_button, context.config.oembedEndpoint) ?? allowedThumbnail(parsed.data.thumbnail_url, context.config.oembedEndpoint);
  if (!thumbnail) return jsonError(502, "The video provider's answer has no usable thumbnail.");
  const body: VideoEmbed = { html: parsed.data.html, thumbnail_url_with_play_button: thumbnail, embedSrc };
  return Response.json(body, { headers: { "Cache-Control": cacheControl("catalogue", context.config) } });
}
