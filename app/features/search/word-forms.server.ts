// Word forms (issue 28 item 2): a light English stemmer that maps a word's common forms to one key,
// so "poll", "polls" and "polling" or "transcript", "transcripts" and "transcription" meet. The key
// is never shown and need not be a word: search groups the catalogue's own terms by it
// (./vocabulary.server.ts) and searches every term of the query word's group, which is how the
// same forms match on the index side and the query side alike without a second FTS index.
//
// Deliberately small (plurals and a handful of suffixes, Porter's first steps): a full Porter
// stemmer conflates more ("general" and "generate") than a marketplace's short texts can afford.

const VOWEL = /[aeiouy]/;

/** Strips `suffix` when what remains is at least `min` letters long and has a vowel. */
function strip(word: string, suffix: string, min: number): string | null {
  if (!word.endsWith(suffix)) return null;
  const rest = word.slice(0, -suffix.length);
  return rest.length >= min && VOWEL.test(rest) ? rest : null;
}

/** "runn" → "run", "plann" → "plan" (but "call", "pass", "buzz" keep theirs). */
function undouble(stem: string): string {
  const last = stem.at(-1) ?? "";
  return stem.length >= 4 && last === stem.at(-2) && !"lsz".includes(last) && !VOWEL.test(last) ? stem.slice(0, -1) : stem;
}

/** The plural's singular: "replies" → "reply", "boxes" → "box", "polls" → "poll"; "status" and "class" stay. */
function singular(word: string): string {
  if (word.length <= 3) return word;
  if (word.endsWith("ies") && word.length > 4) return `${word.slice(0, -3)}y`;
  if (/(?:ss|x|ch|sh|zz)es$/.test(word)) return word.slice(0, -2);
  if (/(?:ss|us|is)$/.test(word)) return word;
  if (word.endsWith("s") && !word.endsWith("'s")) return word.slice(0, -1);
  return word;
}

/**
 * The stem key of a lowercase word without diacritics. Words of 3 letters or fewer (IT, AI, HR,
 * CRM) are whole words and keep their letters; numbers too.
 */
export function stemKey(word: string): string {
  if (word.length <= 3 || /^\d+$/.test(word)) return word;
  let w = singular(word);
  // One derivational or inflectional suffix, longest first; each leaves a stem of 4+ letters.
  for (const [suffix, min] of [
    ["ations", 4],
    ["ation", 4],
    ["ments", 4],
    ["ment", 4],
    ["ated", 4],
    ["ates", 4],
    ["ate", 4],
    ["ings", 3],
    ["ing", 3],
    ["ions", 4],
    ["ion", 4],
    ["ers", 4],
    ["er", 4],
    ["ed", 4],
    ["ly", 4],
  ] as const) {
    const rest = strip(w, suffix, min);
    if (rest !== null) {
      w = undouble(rest);
      break;
    }
  }
  // "schedule"/"scheduled", "automate"/"automation", "categor y/ies": one spelling for the end.
  if (w.endsWith("e") && w.length > 4) w = w.slice(0, -1);
  if (w.endsWith("y") && w.length > 4) w = `${w.slice(0, -1)}i`;
  return w;
}
