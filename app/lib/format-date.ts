// Dates as people read them on the hub's pages: "January 31, 2026", in UTC so the server's render
// and the browser's agree. Written out rather than with Intl.DateTimeFormat: the first Intl call of
// an isolate loads ICU's locale data, several ms of CPU that the first request in a new location paid
// (docs/decisions/036, 056). Same text as Intl's en-US long date (format-date.test.ts compares them).
const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December"];

export function formatDate(iso: string): string {
  const date = new Date(iso);
  // As Intl's format does with an invalid date.
  if (Number.isNaN(date.getTime())) throw new RangeError(`Invalid time value: ${iso}`);
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}`;
}
