// Splits an app name into runs, marking where a typed word matches the start of one of its words,
// ignoring case and diacritics ("cafe" marks "Café" in "Le Café Board"): the same matches the
// search index makes (word prefixes), so what is highlighted is why the app was suggested.
export type HighlightPart = { text: string; match: boolean };

const fold = (s: string) =>
  s
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
const isWordChar = (c: string | undefined) => c !== undefined && /[\p{L}\p{N}]/u.test(c);

export function highlightParts(name: string, typed: string): HighlightPart[] {
  const words = [...new Set(fold(typed).match(/[\p{L}\p{N}]+/gu) ?? [])].sort((a, b) => b.length - a.length);
  if (words.length === 0 || name === "") return [{ text: name, match: false }];

  // Fold the name character by character, remembering which original character each folded one
  // came from, so matches found in the folded text map back onto the name as written.
  const chars = Array.from(name);
  let folded = "";
  const origin: number[] = [];
  chars.forEach((c, i) => {
    for (const f of Array.from(fold(c))) {
      folded += f;
      origin.push(i);
    }
  });
  const foldedChars = Array.from(folded);

  const marked = new Array<boolean>(chars.length).fill(false);
  for (const word of words) {
    const w = Array.from(word);
    for (let at = 0; at + w.length <= foldedChars.length; at++) {
      if (isWordChar(foldedChars[at - 1])) continue; // only at the start of a word
      if (w.every((c, k) => foldedChars[at + k] === c)) {
        for (let k = 0; k < w.length; k++) marked[origin[at + k]!] = true;
      }
    }
  }

  const parts: HighlightPart[] = [];
  chars.forEach((c, i) => {
    const last = parts[parts.length - 1];
    if (last && last.match === marked[i]) last.text += c;
    else parts.push({ text: c, match: marked[i]! });
  });
  return parts;
}
