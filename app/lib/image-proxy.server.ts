// The image proxy behind /getImage (spec §5, §9): loads plain-http images so pages stay on https.
// It only fetches http(s) URLs on public hosts (never loopback, private or link-local addresses,
// nor names that point there by convention: isPrivateHost), so it cannot be used to reach internal
// hosts; redirects are followed by hand, each hop checked again. It only passes images through,
// caps the size, and gives up after 30 s.
import { isPrivateHost } from "./private-host.server";
import { readCapped } from "./read-capped";
export const IMAGE_PROXY_TIMEOUT_MS = 30_000;
export const IMAGE_PROXY_MAX_BYTES = 5 * 1024 * 1024;
const MAX_REDIRECTS = 3;
const ALLOWED_TYPES = new Set(["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif", "image/svg+xml", "image/x-icon", "image/vnd.microsoft.icon", "image/bmp"]);

export class ImageProxyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export { isPrivateHost };

export function checkTarget(raw: string | null, allowPrivate: boolean): URL {
  if (!raw) throw new ImageProxyError(400, "The imageUrl parameter is required.");
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ImageProxyError(400, "The imageUrl parameter must be an absolute http URL.");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw new ImageProxyError(400, "The imageUrl parameter must be an http URL.");
  }
  if (url.username || url.password) throw new ImageProxyError(400, "Image URLs with credentials are not allowed.");
  if (!allowPrivate && isPrivateHost(url.hostname)) {
    throw new ImageProxyError(403, "Images on private or local addresses cannot be loaded.");
  }
  return url;
}

async function readImage(body: ReadableStream<Uint8Array>): Promise<Uint8Array<ArrayBuffer>> {
  const bytes = await readCapped(body, IMAGE_PROXY_MAX_BYTES);
  if (!bytes) throw new ImageProxyError(413, "The image is too large.");
  return bytes;
}

export async function proxyImage(
  rawUrl: string | null,
  opts: { allowPrivate: boolean; fetcher?: typeof fetch; timeoutMs?: number },
): Promise<{ body: Uint8Array<ArrayBuffer>; contentType: string }> {
  const doFetch = opts.fetcher ?? fetch;
  let target = checkTarget(rawUrl, opts.allowPrivate);
  const signal = AbortSignal.timeout(opts.timeoutMs ?? IMAGE_PROXY_TIMEOUT_MS);
  try {
    for (let hop = 0; ; hop++) {
      const upstream = await doFetch(target.toString(), {
        redirect: "manual",
        signal,
        headers: { Accept: "image/avif,image/webp,image/*;q=0.8" },
      });
      if (upstream.status >= 300 && upstream.status < 400) {
        const location = upstream.headers.get("Location");
        if (!location || hop >= MAX_REDIRECTS) throw new ImageProxyError(502, "The image could not be loaded.");
        // Every hop is checked again, so a redirect cannot lead to an internal host.
        target = checkTarget(new URL(location, target).toString(), opts.allowPrivate);
        continue;
      }
      if (!upstream.ok || !upstream.body) throw new ImageProxyError(502, "The image could not be loaded.");
      const contentType = (upstream.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();
      if (!ALLOWED_TYPES.has(contentType)) {
        await upstream.body.cancel();
        throw new ImageProxyError(415, "The address does not point to an image.");
      }
      const length = Number(upstream.headers.get("Content-Length") ?? "0");
      if (length > IMAGE_PROXY_MAX_BYTES) {
        await upstream.body.cancel();
        throw new ImageProxyError(413, "The image is too large.");
      }
      return { body: await readImage(upstream.body), contentType };
    }
  } catch (error) {
    if (error instanceof ImageProxyError) throw error;
    if (signal.aborted) throw new ImageProxyError(504, "The image took too long to load.");
    throw new ImageProxyError(502, "The image could not be loaded.");
  }
}
