// /logout?last=… (spec §2.4, §7): ends the session and returns to `last`. A navigation from our own
// pages (or a typed address) logs out at once; one started by another site only shows a button,
// so a link or image elsewhere cannot log people out behind their back. Logging out also forgets an
// organisation admin's kept platform tokens (~/auth/logout.server.ts).
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { buttonStyles } from "~/components/Button.css";
import { CsrfInput } from "~/components/CsrfInput";
import { logout } from "~/auth/logout.server";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";
import { safeLast } from "~/lib/safe-redirect";
import { hasSessionCookie } from "~/auth/session.server";
import * as s from "~/features/login/LoginPage.css";
import type { RouteHandle } from "~/root";

export const handle: RouteHandle = { layout: "blank" };
export const meta: MetaFunction = () => [{ title: "Log out | App Hub" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const last = safeLast(new URL(request.url).searchParams.get("last"));
  const site = request.headers.get("Sec-Fetch-Site");
  if (site !== "cross-site" && site !== "same-site") return logout(request, context, last);
  if (!hasSessionCookie(request, context)) return redirect(last);
  return data({ last }, { headers: PRIVATE_HEADERS });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const form = await request.formData();
  return logout(request, context, safeLast(form.get("last")?.toString()));
}

export default function LogoutRoute() {
  const { last } = useLoaderData<typeof loader>();
  return (
    <div className={s.page}>
      <div className={s.card}>
        <h1 className={s.title}>Log out of App Hub?</h1>
        <Form method="post" className={s.actions}>
          <CsrfInput />
          <input type="hidden" name="last" value={last} />
          <button type="submit" className={buttonStyles.primary}>
            Log out
          </button>
          <Link to={last} className={s.small}>
            Stay logged in
          </Link>
        </Form>
      </div>
    </div>
  );
}
