// The banner and modals on the not-found page (spec §2.1). Loaded on demand by ErrorOverlaySlot.tsx,
// so pages that never fail do not carry this code in their first-load JavaScript.
import { useLocation } from "@remix-run/react";
import { AnnouncementBanner } from "./AnnouncementBanner";
import { CmsModals } from "./CmsModals";
import type { Overlays } from "./types";

/** The overlays a not-found route threw (notFound in app/lib/http.server.ts); a plain 404 carries none. */
export function overlaysOf(error: unknown): Overlays | null {
  const o = (error as { data?: { overlays?: Overlays } | null }).data?.overlays;
  return o && Array.isArray(o.modals) ? o : null;
}

export function ErrorOverlays({ error, slot }: { error: unknown; slot: "banner" | "modals" }) {
  const location = useLocation();
  const overlays = overlaysOf(error);
  const returnTo = location.pathname + location.search;
  if (!overlays) return null;
  if (slot === "modals") return <CmsModals modals={overlays.modals} returnTo={returnTo} />;
  return overlays.banner ? <AnnouncementBanner banner={overlays.banner} returnTo={returnTo} /> : null;
}
