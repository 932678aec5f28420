// What a list's "Load more" needs in both of its forms (React's ./AppList.tsx and the server HTML's
// ./load-more.ts): the address of another page of the list and the count line.

import { formatCount } from "~/lib/format-number";

export function withParams(search: string, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/**
 * How a total reads: "400", or for a count that stopped at its bound (issue 31: `total` is then at
 * least that many) the bound it passed, "1,000+".
 */
export const totalText = (total: number, capped = false): string => (capped ? `${formatCount(total - 1)}+` : String(total));

/** "Showing 1–64 of 400 apps" (or "of 1,000+ apps"): from the first position shown to the last, of the list's total. */
export const countText = (first: number, last: number, total: number, capped = false): string =>
  total === 0 ? "There are no items to display" : `Showing ${first}–${last} of ${totalText(total, capped)} ${total === 1 && !capped ? "app" : "apps"}`;
