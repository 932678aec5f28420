// The D1 bookmark a logged-in person carries after a write (docs/decisions/017): their next requests
// open their D1 session at it, so a replica that has not yet received their write is never asked
// (read-your-writes). A signed cookie rather than the KV session record: the Worker opens the
// session before any loader runs, from the Cookie header alone, without waiting for KV (and KV
// itself is only eventually consistent across locations, so it could lag the very write).
import { createCookie } from "@remix-run/cloudflare";
import { z } from "zod";
import { cookieNameFor } from "~/lib/cookie-names";
import type { PortalConfig } from "~/lib/config.server";
import { BOOKMARK_PATTERN } from "./db.server";

export const BOOKMARK_COOKIE = "d1-bookmark";

/**
 * How long a bookmark is kept after the person's last write. Replicas normally catch up within
 * seconds, after which the bookmark constrains nothing; ten minutes covers a lagging replica with a
 * wide margin while keeping the cookie from outliving its use by much.
 */
export const BOOKMARK_MAX_AGE_SECONDS = 10 * 60;

// What the cookie holds, checked on the way in: a forged or old-format value is ignored, never
// handed to D1 (the signature keeps strangers out; the schema keeps our own old formats out).
const bookmarkValue = z.object({ b: z.string().regex(BOOKMARK_PATTERN) });

function bookmarkCookie(request: Request, config: PortalConfig) {
  return createCookie(cookieNameFor(request, BOOKMARK_COOKIE), {
    secrets: config.sessionSecrets,
    httpOnly: true,
    sameSite: "lax",
    secure: new URL(request.url).protocol === "https:",
    path: "/",
    maxAge: BOOKMARK_MAX_AGE_SECONDS,
  });
}

/** The bookmark the request carries (signature and shape checked), or null. */
export async function readBookmark(request: Request, config: PortalConfig): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  const parsed = bookmarkValue.safeParse(
    await bookmarkCookie(request, config)
      .parse(header)
      .catch(() => null),
  );
  return parsed.success ? parsed.data.b : null;
}

/** The Set-Cookie value that carries `bookmark` for the next BOOKMARK_MAX_AGE_SECONDS. */
export const bookmarkSetCookie = (request: Request, config: PortalConfig, bookmark: string): Promise<string> =>
  bookmarkCookie(request, config).serialize({ b: bookmark } satisfies z.infer<typeof bookmarkValue>);
