// Security headers for every response the Worker returns.
export function contentSecurityPolicy(nonce: string): string {
  return [
    "default-src 'self'",
    `script-src 'nonce-${nonce}' 'strict-dynamic'`,
    "style-src 'self'",
    "img-src 'self' data: https:",
    "font-src 'self'",
    "connect-src 'self'",
    "frame-src https://player.vimeo.com https://www.youtube-nocookie.com",
    "media-src 'self' https:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

export function withSecurityHeaders(response: Response, opts: { nonce: string; https: boolean }): Response {
  const res = new Response(response.body, response);
  const h = res.headers;
  const type = h.get("Content-Type") ?? "";
  // Resource routes (SVG, images, JSON) may set their own, stricter policy.
  if (!h.has("Content-Security-Policy")) {
    h.set("Content-Security-Policy", type.startsWith("text/html") ? contentSecurityPolicy(opts.nonce) : "default-src 'none'; frame-ancestors 'none'");
  }
  h.set("X-Content-Type-Options", "nosniff");
  h.set("Referrer-Policy", "strict-origin-when-cross-origin");
  h.set("X-Frame-Options", "DENY");
  h.set("Cross-Origin-Opener-Policy", "same-origin");
  h.set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), interest-cohort=()");
  if (opts.https) h.set("Strict-Transport-Security", "max-age=63072000; includeSubDomains; preload");
  return res;
}
