// /auth?last=… (spec §7): starts a login at the platform and comes back to `last` afterwards.
import { redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { beginLogin } from "~/auth/oauth.server";
import { CACHE_CONTROL } from "~/lib/cache-policy.server";
import { safeLast } from "~/lib/safe-redirect";
import { getAuth } from "~/auth/session.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const last = safeLast(new URL(request.url).searchParams.get("last"));
  if (await getAuth(request, context)) return redirect(last);
  const { location, setCookie } = await beginLogin(request, context, last);
  return redirect(location, { headers: { "Set-Cookie": setCookie, "Cache-Control": CACHE_CONTROL.private } });
}
