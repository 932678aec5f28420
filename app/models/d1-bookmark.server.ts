// The D1 bookmark a logged-in person carries after a write (docs/decisions/017): their next requests
// open their D1 session at it, so a replica that has not yet received their write is never asked
// (read-your-writes). A signed cookie rather than the KV session record: the Worker opens the
// session before any loader runs, from the Cookie header alone, without waiting for KV (and KV
// itself is only eventually consistent across locations, so it could lag the very write).
import { z } from "zod";
import { bookmarkCookie } from "~/lib/cookies.server";
import type { PortalConfig } from "~/lib/config.server";
import { BOOKMARK_PATTERN } from "./db.server";

// What the cookie holds, checked on the way in: a forged or old-format value is ignored, never
// handed to D1 (the signature keeps strangers out; the schema keeps our own old formats out).
const bookmarkValue = z.object({ b: z.string().regex(BOOKMARK_PATTERN) });

/** The bookmark the request carries (signature and shape checked), or null. */
export async function readBookmark(request: Request, config: PortalConfig): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header) return null;
  const value: unknown = await bookmarkCookie(request, config)
    .parse(header)
    .catch(() => null);
  // Most requests carry none: no zod error built only to say so.
  if (value === null) return null;
  const parsed = bookmarkValue.safeParse(value);
  return parsed.success ? parsed.data.b : null;
}

/** The Set-Cookie value that carries `bookmark` (its lifetime: bookmarkCookie in app/lib/cookies.server.ts). */
export const bookmarkSetCookie = (request: Request, config: PortalConfig, bookmark: string): Promise<string> =>
  bookmarkCookie(request, config).serialize({ b: bookmark } satisfies z.infer<typeof bookmarkValue>);
