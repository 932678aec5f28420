// GET /getImage?imageUrl= (spec §7): the image proxy for plain-http images.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { CACHE_CONTROL } from "~/lib/cache-policy.server";
import { ImageProxyError, proxyImage } from "~/lib/image-proxy.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const imageUrl = new URL(request.url).searchParams.get("imageUrl");
  try {
    const image = await proxyImage(imageUrl, { allowPrivate: context.config.imageProxyAllowPrivate });
    return new Response(image.body, {
      headers: {
        "Content-Type": image.contentType,
        "Cache-Control": CACHE_CONTROL.imageProxy,
        // An SVG opened directly must not run scripts on our origin.
        "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; sandbox",
      },
    });
  } catch (error) {
    const status = error instanceof ImageProxyError ? error.status : 502;
    const message = error instanceof Error ? error.message : "The image could not be loaded.";
    if (status >= 500) context.logger.warn("Image proxy failed", { url: imageUrl ?? "", status });
    return new Response(message, {
      status,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE_CONTROL.private },
    });
  }
}
