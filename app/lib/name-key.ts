// An app name reduced to what a person types: lowercase, no diacritics, words of letters and digits
// joined by single spaces ("Café Board!" → "cafe board"). Stored per app (apps.name_key) so search
// can rank an exact name first and a name that starts with the query next; computed here, in one
// place, for both the stored names and the typed text.
export function nameKey(text: string): string {
  const words = text
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .match(/[\p{L}\p{N}]+/gu);
  return words ? words.join(" ") : "";
}
