// The image proxy behind /getImage (spec §5, §9): loads plain-http images so pages stay on https.
// It only fetches http(s) URLs on public hosts (never loopback, private or link-local addresses,
// so it cannot be used to reach internal hosts), only passes images through, caps the size, and
// gives up after 30 s.
import { readCapped } from "./read-capped";
export const IMAGE_PROXY_TIMEOUT_MS = 30_000;
export const IMAGE_PROXY_MAX_BYTES = 5 * 1024 * 1024;
const MAX_REDIRECTS = 3;
const ALLOWED_TYPES = new Set([
  "image/png",
  "image/jpeg",
  "image/gif",
  "image/webp",
  "image/avif",
  "image/svg+xml",
  "image/x-icon",
  "image/vnd.microsoft.icon",
  "image/bmp",
]);

export class ImageProxyError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function ipv4Parts(host: string): number[] | null {
  const m = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(host);
  if (!m) return null;
  const parts = m.slice(1).map(Number);
  return parts.every((n) => n <= 255) ? parts : null;
}

function isPrivateIpv4([a, b]: number[]): boolean {
  return (
    a === 0 || a === 10 || a === 127 || a! >= 224 ||
    (a === 100 && b! >= 64 && b! <= 127) || // carrier-grade NAT
    (a === 169 && b === 254) || // link-local
    (a === 172 && b! >= 16 && b! <= 31) ||
    (a === 192 && b === 168) ||
    (a === 192 && b === 0) ||
    (a === 198 && (b === 18 || b === 19))
  );
}

/** The eight 16-bit groups of an IPv6 address (as URL prints it: lowercase, maybe "::"), or null. */
function ipv6Groups(v6: string): number[] | null {
  let text = v6;
  // A trailing dotted IPv4 (URL prints these in hex, but be safe) becomes two groups.
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    const v4 = ipv4Parts(dotted[2]!);
    if (!v4) return null;
    text = `${dotted[1]}${((v4[0]! << 8) | v4[1]!).toString(16)}:${((v4[2]! << 8) | v4[3]!).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN)));
  const head = parse(halves[0]!);
  const tail = halves.length === 2 ? parse(halves[1]!) : [];
  const missing = 8 - head.length - tail.length;
  if (halves.length === 1 ? missing !== 0 : missing < 1) return null;
  const groups = [...head, ...Array<number>(halves.length === 2 ? missing : 0).fill(0), ...tail];
  return groups.some(Number.isNaN) ? null : groups;
}

const v4FromGroups = (hi: number, lo: number) => [hi >> 8, hi & 255, lo >> 8, lo & 255];

function isPrivateIpv6(g: number[]): boolean {
  const [g0, g1, g2, , g4, g5, g6, g7] = g as [number, number, number, number, number, number, number, number];
  const zeroTo = (n: number) => g.slice(0, n).every((x) => x === 0);
  if (zeroTo(8) || (zeroTo(7) && g7 === 1)) return true; // :: and ::1
  if (zeroTo(5) && g5 === 0xffff) return isPrivateIpv4(v4FromGroups(g6, g7)); // IPv4-mapped
  if (zeroTo(6)) return isPrivateIpv4(v4FromGroups(g6, g7)); // IPv4-compatible (deprecated), e.g. ::7f00:1
  if (zeroTo(4) && g4 === 0xffff && g5 === 0) return isPrivateIpv4(v4FromGroups(g6, g7)); // SIIT ::ffff:0:a.b.c.d
  if (g0 === 0x64 && g1 === 0xff9b) return isPrivateIpv4(v4FromGroups(g6, g7)); // NAT64 64:ff9b::/96, 64:ff9b:1::/48
  if (g0 === 0x2002) return isPrivateIpv4(v4FromGroups(g1, g2)); // 6to4 embeds the IPv4 in bits 16-47
  if (g0 === 0x2001 && g1 === 0) return isPrivateIpv4(v4FromGroups(g6 ^ 0xffff, g7 ^ 0xffff)); // Teredo client
  if (g0 === 0x2001 && g1 === 0xdb8) return true; // documentation
  if ((g0 & 0xfe00) === 0xfc00) return true; // unique local fc00::/7
  if ((g0 & 0xffc0) === 0xfe80 || (g0 & 0xffc0) === 0xfec0) return true; // link-local, old site-local
  if ((g0 & 0xff00) === 0xff00) return true; // multicast
  return false;
}

/** True for hosts the proxy must never contact. `hostname` is as URL parses it (IPs normalised). */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, "");
  if (host === "localhost" || /\.(localhost|local|internal|home\.arpa)$/.test(host)) return true;
  const v4 = ipv4Parts(host);
  if (v4) return isPrivateIpv4(v4);
  if (host.startsWith("[")) {
    const groups = ipv6Groups(host.slice(1, -1).replace(/%.*$/, ""));
    // An address we cannot read is refused rather than fetched.
    return groups === null || isPrivateIpv6(groups);
  }
  return false;
}

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
