// Spec §2.1: "On a not-found route the client loads the announcement, the modal entries and all
// categories". A route that answers not found throws this: a 404 whose data carries the overlays for
// the root error boundary (ErrorOverlays.tsx); the categories come with the root loader.
import { data, type AppLoadContext } from "@remix-run/cloudflare";
import { loadOverlays } from "./overlays.server";

export async function notFoundWithOverlays(request: Request, context: AppLoadContext) {
  return data({ overlays: await loadOverlays(request, context) }, { status: 404 });
}
