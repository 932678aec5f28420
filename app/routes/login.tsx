// /login (spec §2.1: blank layout): the way in for people sent here by a page that needs login,
// or back after a login that did not complete. Logged-in visitors go home.
import { data, redirect, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { Link, useLoaderData } from "@remix-run/react";
import { loginHref } from "~/components/auth-links";
import { buttonStyles } from "~/components/Button.css";
import { LogoMark } from "~/components/Icons";
import { visuallyHidden } from "../../styles/global.css";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";
import { safeLast } from "~/lib/safe-redirect";
import { getAuth } from "~/auth/session.server";
import { loginErrorMessage } from "~/features/login/login-errors";
import * as s from "~/features/login/LoginPage.css";
import type { RouteHandle } from "~/root";

export const handle: RouteHandle = { layout: "blank" };

export const meta: MetaFunction = () => [{ title: "Log in | App Hub" }, { name: "robots", content: "noindex" }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  if (await getAuth(request, context)) throw redirect("/");
  const url = new URL(request.url);
  return data(
    {
      last: safeLast(url.searchParams.get("last")),
      error: loginErrorMessage(url.searchParams.get("error")),
      productName: context.config.productName,
      freeTrialUrl: context.config.freeTrialUrl,
    },
    { headers: PRIVATE_HEADERS },
  );
}

export default function LoginRoute() {
  const { last, error, productName, freeTrialUrl } = useLoaderData<typeof loader>();
  return (
    <div className={s.page}>
      <div className={s.card}>
        <Link to="/" className={s.brand}>
          <LogoMark className={s.logo} />
          {productName} App Hub
        </Link>
        <h1 className={s.title}>Log in to add apps</h1>
        <p className={s.lead}>
          {last === "/"
            ? `Log in with your ${productName} account to add apps, manage your integrations and webhooks.`
            : `Log in with your ${productName} account to continue to the page you asked for.`}
        </p>
        {error ? (
          <p className={s.alert} role="alert">
            {error}
          </p>
        ) : null}
        <div className={s.actions}>
          <a href={loginHref(last)} className={buttonStyles.primary}>
            Log in with {productName}
          </a>
          <p className={s.small}>
            New to {productName}?{" "}
            <a href={freeTrialUrl} target="_blank" rel="noopener noreferrer">
              Sign up for a free trial<span className={visuallyHidden}> (opens in a new tab)</span>
            </a>
          </p>
          <Link to="/" className={s.small}>
            Back to App Hub
          </Link>
        </div>
      </div>
    </div>
  );
}
