// What a list's "Load more" needs in both of its forms (React's ./AppList.tsx and the server HTML's
// ./load-more.ts): the address of another page of the list and the count line.

export function withParams(search: string, changes: Record<string, string | null>): string {
  const params = new URLSearchParams(search);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) params.delete(key);
    else params.set(key, value);
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

/** "Showing 1–64 of 400 apps": from the first position shown to the last, of the list's total. */
export const countText = (first: number, last: number, total: number): string =>
  total === 0 ? "There are no items to display" : `Showing ${first}–${last} of ${total} ${total === 1 ? "app" : "apps"}`;
