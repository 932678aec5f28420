// /developers/api (issue 16): the API reference, read from the OpenAPI document (/api/openapi.json)
// on the server. The work is in app/features/openapi/. Public and the same for everyone.
import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/cloudflare";
import { useLoaderData } from "@remix-run/react";
import { ApiReferencePage } from "~/features/openapi/ApiReferencePage";
import { cacheControl } from "~/lib/cache-policy.server";
import { routeHeaders } from "~/lib/route-headers";

export const headers = routeHeaders;

// The reference's server module (the OpenAPI document, markdown) is imported on the first request,
// not at the isolate's start-up (docs/decisions/036).
export async function loader({ context }: LoaderFunctionArgs) {
  const { apiReference } = await import("~/features/openapi/reference.server");
  return data(apiReference(context.config.url), { headers: { "Cache-Control": cacheControl("page", context.config) } });
}

export const meta: MetaFunction = () => [
  { title: "API reference | App Hub" },
  { name: "description", content: "The App Hub's public API: the catalogue, its content and the publisher API, with every endpoint's parameters and answers." },
  { tagName: "link", rel: "canonical", href: "/developers/api" },
];

export default function ApiReference() {
  return <ApiReferencePage data={useLoaderData<typeof loader>()} />;
}
