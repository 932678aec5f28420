// Spec §4 "Announcement banner" and "Modals": who sees what, decided from the entry's publish time
// and the time the person stored when they closed it. Pure functions, shared by the loaders (which
// decide what to render), the /preferences/* actions (which write the cookies) and the tests.
// No zod here: this module also ships to the browser, where every KB counts (docs/decisions/008).

import { ANNOUNCEMENT_COOKIE, MODAL_COOKIE_PREFIX } from "~/lib/cookie-names";

// The names live with every other cookie name of ours (attributes and lifetimes: cookies.server.ts).
export { ANNOUNCEMENT_COOKIE, MODAL_COOKIE_PREFIX };

const COOKIE_NAME_SAFE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The cookie that remembers a closed modal. Ids made of token characters are used as they are (easy
 * to read in devtools); anything else is hex-encoded, since a cookie name cannot hold separators.
 */
export function modalCookieName(modalId: string): string {
  if (COOKIE_NAME_SAFE.test(modalId)) return `${MODAL_COOKIE_PREFIX}${modalId}`;
  const hex = Array.from(new TextEncoder().encode(modalId), (b) => b.toString(16).padStart(2, "0")).join("");
  return `${MODAL_COOKIE_PREFIX}x${hex}`.slice(0, 200);
}

// An ISO-8601 date-time with a zone (what the content service sends). Date.parse alone would also
// accept "1" or "March 3", and reads zone-less times in the server's local zone.
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/;

/** Milliseconds since the epoch for a publish time or a cookie value; null when missing or garbled. */
export function parseTime(value: string | null | undefined): number | null {
  if (typeof value !== "string") return null;
  let text = value.trim();
  // Cookie values may arrive percent-encoded (":" as %3A) from other writers; a bad escape is garbage.
  if (text.includes("%")) {
    try {
      text = decodeURIComponent(text);
    } catch {
      return null;
    }
  }
  if (!ISO_TIME.test(text)) return null;
  const ms = Date.parse(text);
  return Number.isFinite(ms) ? ms : null;
}

/**
 * The shared rule: shown unless the stored time is valid and the publish time is not later than it.
 * A missing or garbled cookie counts as "never closed": showing a banner once too often beats hiding
 * a newer one for good.
 */
export function isNewerThanStored(publishTime: string, stored: string | null | undefined): boolean {
  const published = parseTime(publishTime);
  if (published === null) return false;
  const closedAt = parseTime(stored);
  return closedAt === null || published > closedAt;
}

export type AnnouncementLike = { publishDetails?: { time?: string | null } | null } | null | undefined;

/** Banner: an entry exists, has publish details, and the person has not hidden this or a newer one. */
export function isBannerVisible(entry: AnnouncementLike, cookieValue: string | null | undefined): boolean {
  const time = entry?.publishDetails?.time;
  if (!time) return false;
  return isNewerThanStored(time, cookieValue);
}

/** The Close control exists only when the entry says the banner is closable. */
export const canCloseBanner = (entry: { isClosable?: boolean | null } | null | undefined): boolean => entry?.isClosable === true;

export type ModalLike = { modal_id: string; publish_details?: ReadonlyArray<{ time?: string | null }> | null };

/** Spec §3: a modal's publish time is the first publish_details entry's. */
export const modalPublishTime = (modal: ModalLike): string | null => modal.publish_details?.[0]?.time ?? null;

/**
 * Modal: visible when no cookie exists for its modal_id or its publish time is later than the
 * cookie's. A modal without a publish time is not shown: closing it could not be remembered.
 */
export function isModalVisible(modal: ModalLike, cookies: ReadonlyMap<string, string>): boolean {
  const time = modalPublishTime(modal);
  if (!time) return false;
  return isNewerThanStored(time, cookies.get(modalCookieName(modal.modal_id)));
}

/**
 * The value Close stores: the publish time, normalised to ISO form so the cookie (and the edge
 * cache key built from it) has one spelling per instant. Null when the time is not valid.
 */
export function storedTimeValue(publishTime: string): string | null {
  const ms = parseTime(publishTime);
  return ms === null ? null : new Date(ms).toISOString();
}
