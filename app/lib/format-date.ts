// Dates as people read them on the hub's pages: "January 31, 2026", in UTC so the server's render
// and the browser's agree. One formatter, made once: toLocaleDateString builds a new one on every
// call, which showed up as several per cent of a detail page's render (a page has dozens of dates).
const LONG_DATE = new Intl.DateTimeFormat("en-US", { year: "numeric", month: "long", day: "numeric", timeZone: "UTC" });

export const formatDate = (iso: string): string => LONG_DATE.format(new Date(iso));
