// Any path no other route claims is not found (spec §2.1 NOT_FOUND, status 404), with the
// announcement and modals (notFound in app/lib/http.server.ts); the root error boundary renders the page.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { notFound } from "~/lib/http.server";

export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  throw await notFound(request, context);
};

export default function NotFound() {
  return null; // the root error boundary renders the not-found page
}
