// One-time notices carried across a redirect (Post/Redirect/Get) in a short signed cookie
// (flashCookie in ./cookies.server): the notification area (spec §2.5) shows them once on the next
// page, which then clears the cookie. A flash may also carry an install (spec §9 "installs") that
// the page reports once to analytics, in the browser, with the visitor's consent (issue 14).
import { redirect, type AppLoadContext } from "@remix-run/cloudflare";
import type { Notice } from "~/components/notice";
import { PRIVATE_HEADERS } from "./cache-policy.server";
import type { InstallEvent } from "~/features/analytics/events";
import type { PortalConfig } from "./config.server";
import { FLASH_COOKIE } from "./cookie-names";
import { flashCookie, readCookie } from "./cookies.server";
import { type Flash, flashSchema } from "./flash-payload";
import { safeRedirectPath } from "./safe-redirect";

export { FLASH_COOKIE };

export async function setFlash(request: Request, config: PortalConfig, notice: Notice, install?: InstallEvent): Promise<string> {
  const flash: Flash = install ? { notice, install } : { notice };
  return flashCookie(request, config).serialize(flash);
}

/**
 * Post/Redirect/Get: back to `path` with a one-time notice. Never stored by a cache (it is one
 * person's result); `cookies` go along (e.g. clearing a flow's own cookie), and `install` is
 * reported by the next page (app/features/analytics). `path` is often the posted URL's own path,
 * so it passes the redirect rule like every other target.
 */
export async function redirectWithNotice(request: Request, context: AppLoadContext, path: string, notice: Notice, options: { cookies?: string[]; install?: InstallEvent } = {}) {
  const headers = new Headers(PRIVATE_HEADERS);
  for (const cookie of options.cookies ?? []) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", await setFlash(request, context.config, notice, options.install));
  return redirect(safeRedirectPath(path), { headers });
}

/**
 * The notice (and install) for this page and the Set-Cookie that clears it, or null when there is
 * no flash cookie. A cookie that does not verify (unsigned, as written before issue 14, or forged)
 * gives no notice and is cleared all the same.
 */
export async function takeFlash(request: Request, config: PortalConfig): Promise<{ notice: Notice | null; install: InstallEvent | null; clear: string } | null> {
  if (readCookie(request, FLASH_COOKIE) === null) return null;
  const cookie = flashCookie(request, config);
  const parsed = flashSchema.safeParse(await cookie.parse(request.headers.get("Cookie")));
  const clear = await cookie.serialize("", { maxAge: 0 });
  return parsed.success ? { notice: parsed.data.notice, install: parsed.data.install ?? null, clear } : { notice: null, install: null, clear };
}

/** Spec §8: Session Expired — 'You were logged out.' */
export const sessionExpiredFlash = (): Notice => ({ title: "Session Expired", message: "You were logged out.", level: "warning" });
