// Privacy settings (spec §9 "performance consent"): a plain form, so the choice works without
// JavaScript. POST sets the `performance_consent` cookie to "true" or "false" for a year and returns
// to the page (Post/Redirect/Get). It only sets the poster's own cookie, so like the other
// /preferences/* forms it carries no CSRF token; cross-site posts are refused by the Worker.
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { buttonStyles } from "~/components/Button.css";
import { CONSENT_PATH } from "~/features/analytics/consent";
import * as s from "~/features/analytics/ConsentPage.css";
import { PRIVATE_HEADERS } from "~/lib/cache-policy.server";
import { consentCookie, readText } from "~/lib/cookies.server";
import { routeHeaders } from "~/lib/route-headers";
import { safeRedirectPath } from "~/lib/safe-redirect";

export const headers = routeHeaders;
export const meta: MetaFunction = () => [{ title: "Privacy settings | App Hub" }, { name: "robots", content: "noindex" }];

/** Lazy, so zod stays out of the browser bundle (see applications.$appId.tsx). */
const choice = () => z.object({ consent: z.enum(["true", "false"]), returnTo: z.string().optional() });

export async function loader({ request }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  return data(
    {
      consent: await readText(consentCookie(request), request),
      // Browsers with Global Privacy Control send Sec-GPC: 1; then nothing is sent whatever the choice.
      gpc: request.headers.get("Sec-GPC") === "1",
      saved: url.searchParams.get("saved") === "1",
    },
    // Shows this browser's own choice: never shared or stored by a cache.
    { headers: PRIVATE_HEADERS },
  );
}

export async function action({ request }: ActionFunctionArgs) {
  const parsed = choice().safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ message: "Choose Allow or Don't allow." }, { status: 400, headers: PRIVATE_HEADERS });
  // A year, not HttpOnly: the browser's tracker reads it before sending anything (cookies.server.ts).
  const cookie = await consentCookie(request).serialize(parsed.data.consent);
  const back = parsed.data.returnTo ? safeRedirectPath(parsed.data.returnTo, { fallback: CONSENT_PATH }) : `${CONSENT_PATH}?saved=1`;
  return redirect(back, { headers: { "Set-Cookie": cookie } });
}

export default function AnalyticsConsent() {
  const { consent, gpc, saved } = useLoaderData<typeof loader>();
  const allowed = consent === "true";
  return (
    <div className={s.page}>
      <h1>Privacy settings</h1>
      <p>
        With your permission, App Hub counts page views, searches, app views and similar events to learn which apps and pages people use. We store only counts per event and day; a
        logged-in person&apos;s id is sent as a one-way hash. Nothing is sent unless you allow it.
      </p>
      {gpc ? (
        <p className={s.note} role="note">
          Your browser sends Global Privacy Control, so App Hub sends no analytics whatever you choose here.
        </p>
      ) : null}
      {saved ? <p role="status">Your choice is saved.</p> : null}
      <form method="post" action={CONSENT_PATH}>
        <fieldset className={s.fieldset}>
          <legend>Performance analytics</legend>
          <label className={s.option}>
            <input type="radio" name="consent" value="true" defaultChecked={allowed} required />
            Allow performance analytics
          </label>
          <label className={s.option}>
            <input type="radio" name="consent" value="false" defaultChecked={!allowed} required />
            Don&apos;t allow
          </label>
        </fieldset>
        <button type="submit" className={buttonStyles.primary}>
          Save choice
        </button>
      </form>
      <p className={s.note}>Currently: {allowed ? "allowed" : "not allowed"}.</p>
    </div>
  );
}
