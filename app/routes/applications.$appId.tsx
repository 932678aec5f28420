// App detail (spec §2.1 APP_DETAILS): {appId} is an app's friendlyId, else its id.
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { AppDetailView } from "~/features/app-detail/AppDetailView";
import { hiddenAppTypes } from "~/features/list-page/list-page.server";
import { cacheControl } from "~/lib/cache-policy.server";
import { renderMarkdown } from "~/lib/markdown.server";
import { routeHeaders } from "~/lib/route-headers";
import { getAppDetail } from "~/models/catalogue.server";
import { APP_TYPE_LABELS, PRODUCT_TYPE_LABELS } from "~/models/enums";
import { notFoundWithOverlays } from "~/features/announcement/not-found.server";

export const headers = routeHeaders;

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  let app;
  try {
    app = await getAppDetail(context.env.DB, params.appId ?? "");
  } catch (error) {
    context.logger.error("Unable to fetch app details", { url: request.url, error: String(error) });
    throw error;
  }
  if (!app || hiddenAppTypes(context.config).includes(app.type)) throw await notFoundWithOverlays(request, context);
  const url = new URL(request.url);
  return data(
    {
      app,
      descriptionHtml: renderMarkdown(app.description),
      canonicalUrl: `${url.origin}/applications/${encodeURIComponent(app.friendlyId ?? app.id)}`,
      loginHref: `/auth?last=${encodeURIComponent(url.pathname)}`,
    },
    { headers: { "Cache-Control": cacheControl("page", context.config) } },
  );
}

export const meta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data) return [{ title: "Page not found | App Hub" }];
  const { app } = data;
  return [
    { title: `${app.name} by ${app.companyName} | App Hub` },
    { name: "description", content: app.tagline },
    { property: "og:title", content: app.name },
    { property: "og:description", content: app.tagline },
    { tagName: "link", rel: "canonical", href: data.canonicalUrl },
    {
      "script:ld+json": {
        "@context": "https://schema.org",
        "@type": "SoftwareApplication",
        name: app.name,
        description: app.tagline,
        url: data.canonicalUrl,
        applicationCategory: "BusinessApplication",
        applicationSubCategory: APP_TYPE_LABELS[app.type],
        operatingSystem: "Web",
        datePublished: app.submittedAt,
        dateModified: app.updatedAt,
        publisher: { "@type": "Organization", name: app.companyName },
        keywords: [...app.categories.map((c) => c.name), ...app.productTypes.map((p) => PRODUCT_TYPE_LABELS[p])].join(", "),
        ...(app.websiteUrl ? { sameAs: app.websiteUrl } : {}),
      },
    },
  ];
};

export default function AppDetailRoute() {
  const { app, descriptionHtml, loginHref } = useLoaderData<typeof loader>();
  return <AppDetailView app={app} descriptionHtml={descriptionHtml} loginHref={loginHref} />;
}
