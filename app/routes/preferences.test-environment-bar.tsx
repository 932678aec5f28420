// Closing the test-environment bar (spec §2.4) without JavaScript: a form post that sets a
// session cookie and returns to the page (Post/Redirect/Get). Cross-site posts are refused by the
// Worker before they get here.
import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { hideTestBarCookie } from "~/lib/cookies.server";
import { safeRedirectPath } from "~/lib/safe-redirect";

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  if (form.get("enhanced") === "true") return data({ hidden: true }, { headers: { "Set-Cookie": hideTestBarCookie(request) } });
  const returnTo = safeRedirectPath(form.get("returnTo"));
  return redirect(returnTo, { headers: { "Set-Cookie": hideTestBarCookie(request) } });
}

export const loader = () => redirect("/");
