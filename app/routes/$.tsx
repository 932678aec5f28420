// Any path no other route claims is not found (spec §2.1 NOT_FOUND, status 404), with the
// announcement and modals (not-found.server.ts); the root error boundary renders the page.
import type { LoaderFunctionArgs } from "@remix-run/cloudflare";
import { notFoundWithOverlays } from "~/features/announcement/not-found.server";

export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  throw await notFoundWithOverlays(request, context);
};

export default function NotFound() {
  return null; // the root error boundary renders the not-found page
}
