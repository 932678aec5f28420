// /support (spec §2.5): the support page, from the support content entry (not found without one).
// A logged-in person can join the developer-support space here (a plain form, Post/Redirect/Get,
// the outcome in the notification area); a logged-out visitor gets a login link back to this page.
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { z } from "zod";
import { getAuth, requireAuth } from "~/auth/session.server";
import { loginHref } from "~/components/auth-links";
import { SupportPage } from "~/features/content/SupportPage";
import { hasContent } from "~/features/content/content-api.server";
import { joinSupportSpace } from "~/features/support-space/join.server";
import { pageCacheControl, PRIVATE_HEADERS } from "~/lib/cache-policy.server";
import { redirectWithNotice } from "~/lib/flash.server";
import { routeHeaders } from "~/lib/route-headers";
import { notFound } from "~/lib/http.server";

export const headers = routeHeaders;

const SUPPORT_PATH = "/support";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const entry = await context.catalogue.content("support");
  if (!hasContent(entry)) throw await notFound(request, context);
  const auth = await getAuth(request, context, SUPPORT_PATH);
  return data(
    {
      content: entry.body,
      join: { loggedIn: auth !== null, available: context.config.supportSpace !== null, loginHref: loginHref(SUPPORT_PATH) },
    },
    // The logged-in variant carries a form for this person: never stored anywhere.
    { headers: { "Cache-Control": pageCacheControl(Boolean(auth), context.config) } },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data: d }) =>
  d
    ? [{ title: `${d.content.title} | App Hub` }, { name: "description", content: d.content.text.split("\n")[0] ?? "" }, { tagName: "link", rel: "canonical", href: SUPPORT_PATH }]
    : [{ title: "Page not found | App Hub" }];

/** Lazy, so zod stays out of the browser bundle (see applications.$appId.tsx). */
const joinForm = () => z.object({ intent: z.literal("join-support-space") });

export async function action({ request, context }: ActionFunctionArgs) {
  const auth = await requireAuth(request, context);
  const parsed = joinForm().safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ message: "Unknown request." }, { status: 400, headers: PRIVATE_HEADERS });
  const { notice } = await joinSupportSpace(context, auth);
  return redirectWithNotice(request, context, SUPPORT_PATH, notice);
}

export default function Support() {
  const { content, join } = useLoaderData<typeof loader>();
  return <SupportPage content={content} join={join} />;
}
