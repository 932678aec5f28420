// One-time notices carried across a redirect (Post/Redirect/Get) in a short cookie: the
// notification area (spec §2.5) shows them once on the next page, which then clears the cookie.
import { redirect } from "@remix-run/cloudflare";
import { z } from "zod";
import type { Notice } from "~/components/notice";
import { PRIVATE_HEADERS } from "./cache-policy.server";
import { cookieNameFor } from "./cookie-names";
import { readCookie } from "./cookies.server";
import { safeRedirectPath } from "./safe-redirect";

export const FLASH_COOKIE = "flash";

const noticeSchema = z.object({
  title: z.string().max(200),
  message: z.string().max(1000),
  level: z.enum(["success", "error", "info", "warning"]),
});

const encode = (notice: Notice) => btoa(unescape(encodeURIComponent(JSON.stringify(notice))));

function decode(raw: string): Notice | null {
  try {
    const parsed = noticeSchema.safeParse(JSON.parse(decodeURIComponent(escape(atob(raw)))));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

const attributes = (request: Request) =>
  `Path=/; HttpOnly; SameSite=Lax${new URL(request.url).protocol === "https:" ? "; Secure" : ""}`;

export function setFlash(request: Request, notice: Notice): string {
  return `${cookieNameFor(request, FLASH_COOKIE)}=${encode(notice)}; Max-Age=60; ${attributes(request)}`;
}

/**
 * Post/Redirect/Get: back to `path` with a one-time notice. Never stored by a cache (it is one
 * person's result); `extraCookies` go along (e.g. clearing a flow's own cookie). `path` is often the
 * posted URL's own path, so it passes the redirect rule like every other target.
 */
export function redirectWithNotice(request: Request, path: string, notice: Notice, extraCookies: string[] = []) {
  const headers = new Headers(PRIVATE_HEADERS);
  for (const cookie of [...extraCookies, setFlash(request, notice)]) headers.append("Set-Cookie", cookie);
  return redirect(safeRedirectPath(path), { headers });
}

/** The notice for this page and the Set-Cookie that clears it, or null when there is none. */
export function takeFlash(request: Request): { notice: Notice | null; clear: string } | null {
  const raw = readCookie(request, FLASH_COOKIE);
  if (raw === null) return null;
  return { notice: decode(raw), clear: `${cookieNameFor(request, FLASH_COOKIE)}=; Max-Age=0; ${attributes(request)}` };
}

/** Spec §8: Session Expired — 'You were logged out.' */
export const sessionExpiredFlash = (): Notice => ({ title: "Session Expired", message: "You were logged out.", level: "warning" });
