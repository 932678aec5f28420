// Spec §2.1: "On a not-found route the client loads the announcement, the modal entries and all
// categories". The not-found route ($.tsx) throws a 404 whose data carries the overlays; the root
// error boundary passes the error here. Any other error shows none.
import { isRouteErrorResponse, useLocation } from "@remix-run/react";
import { AnnouncementBanner } from "./AnnouncementBanner";
import { CmsModals } from "./CmsModals";
import type { Overlays } from "./types";

/** The thrown data is our own loader's, but it crosses the network: check its shape before use. */
function overlaysOf(error: unknown): Overlays | null {
  if (!isRouteErrorResponse(error) || error.status !== 404) return null;
  const data: unknown = error.data;
  if (typeof data !== "object" || data === null || !("overlays" in data)) return null;
  const overlays = (data as { overlays: unknown }).overlays as Partial<Overlays> | null;
  if (typeof overlays !== "object" || overlays === null || !Array.isArray(overlays.modals)) return null;
  const banner = overlays.banner && typeof overlays.banner === "object" ? overlays.banner : null;
  return { banner, modals: overlays.modals };
}

export function ErrorBanner({ error }: { error: unknown }) {
  const location = useLocation();
  const banner = overlaysOf(error)?.banner;
  return banner ? <AnnouncementBanner banner={banner} returnTo={location.pathname + location.search} /> : null;
}

export function ErrorModals({ error }: { error: unknown }) {
  const location = useLocation();
  const modals = overlaysOf(error)?.modals ?? [];
  return modals.length ? <CmsModals modals={modals} returnTo={location.pathname + location.search} /> : null;
}
