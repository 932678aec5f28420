// Turns whatever a person typed into a safe FTS5 MATCH expression: every word becomes a quoted
// phrase (so quotes, '*', '-', parentheses, NEAR, AND/OR are searched for, never parsed), and the
// last word is a prefix match so "pol" finds "Pollster".
const MAX_TERMS = 12;

export function toFtsQuery(text: string): string {
  const words = text.normalize("NFKC").match(/[\p{L}\p{N}]+/gu) ?? [];
  const terms = words.slice(0, MAX_TERMS).map((w) => `"${w.toLowerCase()}"`);
  if (terms.length === 0) return "";
  terms[terms.length - 1] += "*";
  return terms.join(" ");
}
