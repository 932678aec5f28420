// Spec §2.1 UNSUPPORTED_BROWSER: shown in place of any page when the browser is too old; anyone
// else who opens it goes home.
import { data, redirect, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import type { MetaFunction } from "@remix-run/react";
import { Link } from "@remix-run/react";
import { isUnsupportedBrowser } from "~/lib/browser-support";
import * as styles from "~/features/errors/unsupported.css";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";
import { routeHeaders } from "~/lib/route-headers";

// The page stands in for whatever address an old browser asked for: it must never be shared.
export const headers = routeHeaders;

export function loader({ request, context }: LoaderFunctionArgs) {
  const unsupported = context.replacedRoute === "unsupported-browser" || isUnsupportedBrowser(request.headers.get("User-Agent"));
  if (!unsupported) throw redirect("/");
  return data(null, { headers: PRIVATE_HEADERS });
}

export const meta: MetaFunction = () => [{ title: "Unsupported browser | App Hub" }, { name: "robots", content: "noindex" }];

export default function UnsupportedBrowser() {
  return (
    <section className={styles.page} aria-labelledby="unsupported-title">
      <h1 id="unsupported-title">Your browser is not supported</h1>
      <p>The App Hub needs a recent browser. Please update your browser, or open the App Hub in a current version of Chrome, Edge, Firefox or Safari.</p>
      <p>
        <Link to="/">Return Home</Link>
      </p>
    </section>
  );
}
