// Closing the test-environment bar (spec §2.4) without JavaScript: a form post that sets a
// session cookie and returns to the page (Post/Redirect/Get). Cross-site posts are refused by the
// Worker before they get here.
import { data, redirect, type ActionFunctionArgs } from "@remix-run/cloudflare";
import { testBarCookie } from "~/lib/cookies.server";
import { safeRedirectPath } from "~/lib/safe-redirect";

export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const headers = { "Set-Cookie": await testBarCookie(request).serialize("true") };
  if (form.get("enhanced") === "true") return data({ hidden: true }, { headers });
  const returnTo = safeRedirectPath(form.get("returnTo"));
  return redirect(returnTo, { headers });
}

export const loader = () => redirect("/");
