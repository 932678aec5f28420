// The two "I closed it" preferences of spec §4, written by /preferences/announcement and
// /preferences/modal. Both are plain form posts (they work without JavaScript) and store the
// publish time of what was closed, so a later publish shows again.
import { redirect } from "@remix-run/cloudflare";
import { z } from "zod";
import { CACHE_CONTROL } from "~/lib/cache-policy.server";
import { preferenceCookie as preferenceCookieOf } from "~/lib/cookies.server";
import { safeRedirectPath } from "~/lib/safe-redirect";
import { ANNOUNCEMENT_COOKIE, modalCookieName, parseTime, storedTimeValue } from "./visibility";

const publishTime = z
  .string()
  .max(64)
  .refine((value) => parseTime(value) !== null, "must be an ISO date-time with a zone")
  .transform((value) => storedTimeValue(value)!);

const common = {
  time: publishTime,
  returnTo: z.string().max(2048).optional(),
  /** Sent by the enhanced (fetcher) form: answer with JSON instead of redirecting. */
  enhanced: z.literal("true").optional(),
};

export const closeBannerForm = z.object(common);
export const closeModalForm = z.object({ ...common, modalId: z.string().min(1).max(200) });

/** The Set-Cookie of a long-lived, first-party, script-invisible preference; `name` is bare (cookies.server.ts). */
export function preferenceCookie(request: Request, name: string, value: string): Promise<string> {
  return preferenceCookieOf(request, name).serialize(value);
}

async function formFields(request: Request): Promise<Record<string, string>> {
  const form = await request.formData().catch(() => null);
  const out: Record<string, string> = {};
  form?.forEach((value, key) => {
    if (typeof value === "string") out[key] = value;
  });
  return out;
}

function answer(_request: Request, setCookie: string, parsed: { returnTo?: string; enhanced?: "true" }): Response {
  const headers = { "Set-Cookie": setCookie, "Cache-Control": CACHE_CONTROL.private };
  if (parsed.enhanced) return Response.json({ closed: true }, { headers });
  // Post/Redirect/Get back to the page the form was on (same-site paths only).
  return redirect(safeRedirectPath(parsed.returnTo), { headers });
}

const badRequest = (issues: z.ZodError) =>
  new Response(`Bad request: ${issues.issues.map((i) => `${i.path.join(".") || "form"} ${i.message}`).join("; ")}`, {
    status: 400,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": CACHE_CONTROL.private },
  });

export async function closeBannerAction(request: Request): Promise<Response> {
  const parsed = closeBannerForm.safeParse(await formFields(request));
  if (!parsed.success) return badRequest(parsed.error);
  return answer(request, await preferenceCookie(request, ANNOUNCEMENT_COOKIE, parsed.data.time), parsed.data);
}

export async function closeModalAction(request: Request): Promise<Response> {
  const parsed = closeModalForm.safeParse(await formFields(request));
  if (!parsed.success) return badRequest(parsed.error);
  return answer(request, await preferenceCookie(request, modalCookieName(parsed.data.modalId), parsed.data.time), parsed.data);
}
