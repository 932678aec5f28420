// Spec §2.1: "On a not-found route the client loads the announcement, the modal entries and all
// categories". A not-found route throws a 404 whose data carries the overlays (notFound in app/lib/http.server.ts);
// the root error boundary puts a slot for the banner and one for the modals.
//
// The components behind the slots are a separate chunk (ErrorOverlays.tsx): the root error boundary
// is part of every page's first-load JavaScript, which has a 100 KB budget (docs/decisions/008).
// The server loads the chunk at start-up, so it renders the slots at once, in the page's HTML (no
// streamed Suspense content, so nothing needs JavaScript); the browser fetches the chunk only on a
// 404, and React keeps the server's HTML inside the Suspense boundary until it is there.
import { isRouteErrorResponse } from "@remix-run/react";
import { Suspense } from "react";

type Props = { error: unknown; slot: "banner" | "modals" };

let loaded: typeof import("./ErrorOverlays") | null = null;
let loading: Promise<unknown> | null = null;
const load = () => (loading ??= import("./ErrorOverlays").then((m) => (loaded = m)));
if (typeof document === "undefined") void load();

function Loaded(props: Props) {
  // Suspends (React 18's thrown-promise protocol) until the chunk is here.
  if (!loaded) throw load();
  return <loaded.ErrorOverlays {...props} />;
}

export function ErrorOverlaySlot(props: Props) {
  if (!isRouteErrorResponse(props.error) || props.error.status !== 404) return null;
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  );
}
