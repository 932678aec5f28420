// Any path no other route claims is not found (spec §2.1 NOT_FOUND, status 404). Spec §2.1: the
// not-found route loads the announcement and the modal entries (the categories come with the root
// loader); they travel in the thrown 404's data to the root error boundary (ErrorOverlays.tsx).
import { data, type LoaderFunctionArgs } from "@remix-run/cloudflare";
import { loadOverlays } from "~/features/announcement/overlays.server";

export const loader = async ({ request, context }: LoaderFunctionArgs) => {
  throw data({ overlays: await loadOverlays(request, context) }, { status: 404 });
};

export default function NotFound() {
  return null; // the root error boundary renders the not-found page
}
