// Loads the announcement and the CMS modals for a page (home, not found) and keeps only what this
// person should see (visibility.ts), with markdown rendered to safe HTML here so the browser gets
// no markdown code. A failed read hides them (spec §4: "a fetch failure clears the entry and hides
// it") and is logged; it never fails the page.
import type { AppLoadContext } from "@remix-run/cloudflare";
import { renderMarkdown } from "~/lib/markdown.server";
import { findListRoute } from "~/models/list-routes";
import type { AnnouncementContent, ModalContent } from "~/models/content";
import { ANNOUNCEMENT_COOKIE, canCloseBanner, isBannerVisible, isModalVisible, modalPublishTime, storedTimeValue } from "./visibility";
import type { BannerData, ModalData, Overlays } from "./types";
import { requestCookies } from "~/lib/cookie-names";

export function toBanner(entry: AnnouncementContent | null, cookies: ReadonlyMap<string, string>): BannerData | null {
  if (!entry?.publishDetails || !isBannerVisible(entry, cookies.get(ANNOUNCEMENT_COOKIE))) return null;
  const time = storedTimeValue(entry.publishDetails.time);
  if (!time) return null;
  // Each text is shown as the entry gives it; one left empty falls back to the other.
  const desktop = entry.markdownDesktop || entry.markdownMobile;
  const mobile = entry.markdownMobile || entry.markdownDesktop;
  return {
    version: String(entry.publishDetails.version),
    time,
    closable: canCloseBanner(entry),
    desktopHtml: renderMarkdown(desktop, { describeLink }),
    mobileHtml: renderMarkdown(mobile, { describeLink }),
  };
}

export function toModals(entries: ModalContent[], cookies: ReadonlyMap<string, string>): ModalData[] {
  const out: ModalData[] = [];
  for (const modal of entries) {
    if (!isModalVisible(modal, cookies)) continue;
    const time = storedTimeValue(modalPublishTime(modal) ?? "");
    if (!time) continue;
    out.push({
      id: modal.modal_id,
      metricsId: modal.metrics_id,
      time,
      title: modal.title,
      bodyHtml: renderMarkdown(modal.modal_content),
      noteHtml: modal.modal_note.trim() ? renderMarkdown(modal.modal_note) : "",
      buttonText: modal.modal_button_text,
    });
  }
  return out;
}

export async function loadOverlays(request: Request, context: AppLoadContext): Promise<Overlays> {
  const cookies = requestCookies(request);
  const [announcement, modals] = await Promise.all([
    context.catalogue.content("announcement").catch((error: unknown) => {
      context.logger.error("Unable to fetch the announcement", { url: request.url, error: String(error) });
      return null;
    }),
    context.catalogue.contentEntries("app-hub-modal").catch((error: unknown) => {
      context.logger.error("Unable to fetch the modal entries", { url: request.url, error: String(error) });
      return [];
    }),
  ]);
  return {
    banner: toBanner(announcement?.body ?? null, cookies),
    modals: toModals(
      modals.map((m) => m.body),
      cookies,
    ),
  };
}

/** A banner link to a list page is named by that page's title ("See more: What's New"). */
const describeLink = (href: string) => (href.startsWith("/") ? findListRoute(href.slice(1).split(/[?#]/)[0]!)?.title : undefined);
