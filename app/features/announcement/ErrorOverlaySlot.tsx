// Spec §2.1: "On a not-found route the client loads the announcement, the modal entries and all
// categories". A not-found route throws a 404 whose data carries the overlays (notFound in app/lib/http.server.ts);
// the root error boundary puts a slot for the banner and one for the modals.
//
// The components behind the slots are a separate chunk (ErrorOverlays.tsx): the root error boundary
// is part of every page's first-load JavaScript (docs/decisions/008). A lazily hydrated part
// (app/components/lazy-hydrated.tsx): the server renders it at once, in the page's HTML (nothing
// needs JavaScript); the browser keeps that HTML, fetches the chunk only on a 404, and then renders
// the component in its place. (Hydrating it behind a Suspense boundary, as this slot did, let an
// update during hydration throw the boundary away: React error 421, seen in the errors e2e test.)
import { isRouteErrorResponse } from "@remix-run/react";
import { lazyHydrated } from "~/components/lazy-hydrated";

type Props = { error: unknown; slot: "banner" | "modals" };

const ErrorOverlays = lazyHydrated(() => import("./ErrorOverlays").then((m) => m.ErrorOverlays));

export function ErrorOverlaySlot(props: Props) {
  if (!isRouteErrorResponse(props.error) || props.error.status !== 404) return null;
  return <ErrorOverlays {...props} />;
}
