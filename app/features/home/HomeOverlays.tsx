// The home page's announcement banner and CMS modals (spec §2.1, §4), with their data from the home
// route. Loaded only when the page has one (HomeView.tsx, app/components/lazy-hydrated.tsx).
import { useRouteLoaderData } from "@remix-run/react";
import { AnnouncementBanner } from "~/features/announcement/AnnouncementBanner";
import { CmsModals } from "~/features/announcement/CmsModals";
import type { Overlays } from "~/features/announcement/types";

const useOverlays = () => useRouteLoaderData<{ overlays: Overlays }>("routes/_index")?.overlays;

export function HomeBanner() {
  const banner = useOverlays()?.banner;
  return banner ? <AnnouncementBanner banner={banner} returnTo="/" /> : null;
}

export function HomeModals() {
  const modals = useOverlays()?.modals;
  return modals?.length ? <CmsModals modals={modals} returnTo="/" /> : null;
}
