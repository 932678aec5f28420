// Dates as people read them on the hub's pages: "January 31, 2026", in UTC so the server's render
// and the browser's agree. One formatter, made once: toLocaleDateString builds a new one on every
// call, which showed up as several per cent of a detail page's render (a page has dozens of dates).
// Made on first use, not at import: creating an Intl formatter loads locale data, which showed in the
// Worker's startup profile (docs/decisions/036).
let longDate: Intl.DateTimeFormat | undefined;

export function formatDate(iso: string): string {
  longDate ??= new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });
  return longDate.format(new Date(iso));
}
