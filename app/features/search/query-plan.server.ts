// What a typed text searches for (issue 28): each word with the forms, synonyms and corrections it
// may stand for, as FTS5 MATCH expressions from strict to forgiving. Pure: the vocabulary and the
// synonyms come in; the SQL stays in app/models/catalogue.server.ts.
//
// Levels, best first (item 1: exact > prefix > word form > typo):
//   exact   the words as typed (the last one also as a prefix while typing, or from 4 letters);
//   forms   + every indexed form of each word (item 2) and its synonyms (item 7);
//   fixed   + corrections: typos of unknown words (item 1), joined and split words (item 3).
// Results match `fixed`; the catalogue ranks apps that match a stricter level first.
// Relative imports with their extensions: the bench's `d1` scenario runs this plan under plain Node.
import { nameKey } from "../../lib/name-key.ts";
import { completes, completionsOf, correctionsOf, formsOf, isKnown, splitOf, type Vocabulary } from "./vocabulary.server.ts";
import { stemKey } from "./word-forms.server.ts";

export const MAX_WORDS = 12;
/** Alternatives per word: enough for forms and corrections, bounded so an expression stays small. */
const MAX_ALTERNATIVES = 16;
/** Words of this many letters or fewer are whole words: acronyms (IT, AI, HR, CRM), never prefixes, never corrected. */
export const WHOLE_WORD_MAX = 3;

/**
 * The longest prefix FTS5 keeps an index for (migration 0001: `prefix = '2 3 4'`). A longer prefix
 * query ("notes"*) makes FTS5 merge the whole doclist of every term that starts with it before it
 * can return a row, for every cursor of the statement that names it: 153 ms of SQL for "notes" at a
 * million apps, where one term of its own is read lazily and stops early (docs/decisions/054).
 */
export const INDEXED_PREFIX_MAX = 4;
/** A longer prefix is named by its terms when it has at most this many (else FTS5's prefix query). */
const MAX_COMPLETIONS = 12;

/** Synonyms: a word (or a phrase's words joined by a space) → phrases that mean the same. */
export type Synonyms = ReadonlyMap<string, readonly string[]>;

export type SearchPlanOptions = {
  /** The last word is still being typed (the typeahead): it is a prefix whatever its length. */
  typing?: boolean;
  synonyms?: Synonyms;
};

type Level = "exact" | "forms" | "fixed";

/** One word's (or a joined pair's) alternatives per level, as FTS5 fragments. */
type Group = Record<Level, string[]> & { corrected: string | null };

export type SearchPlan = {
  /** The words searched for, folded (lowercase, no diacritics). */
  words: string[];
  /** Matches every word, forgiving (the results). */
  all: string;
  /** Matches every word without corrections (what "Search instead for" runs). */
  literal: string;
  /** Matches at least one word (null with one word: the same as `all`). */
  any: string | null;
  /** Stricter expressions, best first, that rank their matches above the rest of `all`'s (each a subset of `all`). */
  tiers: string[];
  /**
   * The same for `literal` (each a subset of it): the words as typed without joined words, since
   * "Search instead for" leaves a joined word out and the ranking takes a tier's matches as they are.
   */
  literalTiers: string[];
  /** The text with its corrections, when a word was corrected, split or joined; else null. */
  corrected: string | null;
};

/**
 * Words that carry no meaning of their own in a search ("bot for polls"): left out while other
 * words remain. Short words that may be acronyms ("it", "us") are not here: they are matched in
 * names, companies and category names only (below).
 */
const STOPWORDS = new Set(["a", "an", "and", "the", "for", "of", "to", "with", "my", "your", "our", "that", "which", "from", "by", "or"]);
/** Short words that are also everyday English ("it", "in"): as acronyms they count only where a pronoun never is. */
const AMBIGUOUS_SHORT = new Set([
  "it",
  "in",
  "on",
  "at",
  "us",
  "as",
  "be",
  "do",
  "go",
  "is",
  "no",
  "so",
  "up",
  "we",
  "all",
  "any",
  "can",
  "get",
  "new",
  "one",
  "out",
  "see",
  "use",
]);
/** Where a whole short word counts: a tagline's "it" is a pronoun; a category's "IT" is not. */
const SHORT_COLUMNS = "{name company_name tagline category_names}";
const AMBIGUOUS_COLUMNS = "{name company_name category_names}";

const quote = (phrase: string) => `"${phrase.replace(/"/g, "")}"`;
const or = (fragments: readonly string[]) => {
  const unique = [...new Set(fragments)].slice(0, MAX_ALTERNATIVES);
  return unique.length === 1 ? unique[0]! : `(${unique.join(" OR ")})`;
};

/** The words of a text as the index holds them: letters and digits, lowercase, no diacritics. */
export function searchWords(text: string): string[] {
  const key = nameKey(text.normalize("NFKC"));
  if (key === "") return [];
  const words = key.split(" ");
  const meaningful = words.filter((w) => !STOPWORDS.has(w));
  return (meaningful.length > 0 ? meaningful : words).slice(0, MAX_WORDS);
}

/**
 * A word as a prefix, as an FTS5 fragment: `"pol"*` within the prefix index's lengths; a longer one
 * as the terms the vocabulary says complete it (`("notes" OR "notesapp")`: the same matches, read
 * term by term), unless it has many or there is no vocabulary.
 */
function prefixOf(vocabulary: Vocabulary | null, word: string): string {
  const completions = vocabulary && word.length > INDEXED_PREFIX_MAX ? completionsOf(vocabulary, word, MAX_COMPLETIONS) : null;
  if (!completions) return `${quote(word)}*`;
  // No term starts with it: the word itself, which matches nothing, as the prefix query would.
  if (completions.length === 0) return quote(word);
  return completions.length === 1 ? quote(completions[0]!) : `(${completions.map(quote).join(" OR ")})`;
}

/** A whole short word (IT, AI, CRM): matched where it is an acronym rather than a pronoun or a piece of prose. */
const shortWord = (word: string) => `(${AMBIGUOUS_SHORT.has(word) ? AMBIGUOUS_COLUMNS : SHORT_COLUMNS} : ${quote(word)})`;

/** Where a single word's synonyms are kept besides under the word itself: under its stem key. */
export const synonymsFor = {
  stemKeyOf: (stem: string) => `~${stem}`,
  word: (synonyms: Synonyms | undefined, word: string): readonly string[] => [...new Set([...(synonyms?.get(word) ?? []), ...(synonyms?.get(`~${stemKey(word)}`) ?? [])])],
};

/** Words that form a synonym phrase ("customer relationship") become one phrase of the plan. */
function withPhrases(words: string[], synonyms: Synonyms | undefined): string[] {
  if (!synonyms || synonyms.size === 0) return words;
  const out: string[] = [];
  for (let i = 0; i < words.length; i++) {
    const three = words.slice(i, i + 3).join(" ");
    const two = words.slice(i, i + 2).join(" ");
    if (i + 2 < words.length && synonyms.has(three)) {
      out.push(three);
      i += 2;
    } else if (i + 1 < words.length && synonyms.has(two)) {
      out.push(two);
      i += 1;
    } else out.push(words[i]!);
  }
  return out;
}

function wordGroup(vocabulary: Vocabulary | null, word: string, last: boolean, options: SearchPlanOptions): Group {
  if (word.includes(" ")) {
    // A synonym phrase: the phrase itself, then its synonyms; never corrected.
    const exact = [quote(word)];
    const forms = [...exact, ...(options.synonyms?.get(word) ?? []).map(quote)];
    return { exact, forms, fixed: forms, corrected: null };
  }
  // A short word the index holds (IT, CRM) is a whole word. A short last word it does not hold is
  // the start of one ("pol", from the typeahead's Enter): a prefix, as the box suggested.
  const whole = word.length <= WHOLE_WORD_MAX && !options.typing && (!last || vocabulary === null || isKnown(vocabulary, word));
  const prefix = last && !whole;
  const exact = [whole ? shortWord(word) : prefix ? prefixOf(vocabulary, word) : quote(word)];
  const group: Group = { exact, forms: [...exact], fixed: [], corrected: null };
  for (const phrase of synonymsFor.word(options.synonyms, word)) if (phrase !== word) group.forms.push(quote(phrase));
  if (vocabulary && !whole) {
    const forms = formsOf(vocabulary, word);
    for (const form of forms) if (form !== word) group.forms.push(quote(form));
    // The last word's stem as a prefix: "polls" and "poll" both find "Pollster".
    const stem = stemKey(word);
    if (prefix && stem.length >= 4 && stem !== word) group.forms.push(prefixOf(vocabulary, stem));
    const known = isKnown(vocabulary, word) || forms.length > 0 || (prefix && completes(vocabulary, word));
    group.fixed = [...group.forms];
    // Split words (item 3): "helpdesk" finds what "help desk" finds (both words); a known word
    // only its phrase ("notebook" → "note book"), so a real word does not widen much.
    const split = word.length >= 6 ? splitOf(vocabulary, word) : null;
    const halfForms = (half: string) => or([quote(half), ...formsOf(vocabulary, half).map(quote)]);
    if (split) group.fixed.push(known ? quote(split.join(" ")) : `(${halfForms(split[0])} AND ${halfForms(split[1])})`);
    if (!known) {
      const corrections = correctionsOf(vocabulary, word, prefix);
      for (const { term } of corrections) {
        group.fixed.push(quote(term));
        for (const form of formsOf(vocabulary, term)) group.fixed.push(quote(form));
      }
      group.corrected = split ? split.join(" ") : (corrections[0]?.term ?? null);
    }
  } else group.fixed = [...group.forms];
  return group;
}

/**
 * The plan for a typed text: an empty `all` when it has no letter or digit. Without a vocabulary
 * (the catalogue version could not be read) only the exact and synonym levels apply.
 */
export function planSearch(text: string, vocabulary: Vocabulary | null, options: SearchPlanOptions = {}): SearchPlan {
  const words = withPhrases(searchWords(text), options.synonyms);
  if (words.length === 0) return { words, all: "", literal: "", any: null, tiers: [], literalTiers: [], corrected: null };
  const groups = words.map((w, i) => wordGroup(vocabulary, w, i === words.length - 1, options));
  // Joined words (item 3): "pine gate" also finds "Pinegate" when the index holds it.
  const joined: { at: number; term: string }[] = [];
  if (vocabulary) {
    for (let i = 0; i + 1 < words.length; i++) {
      const term = words[i]! + words[i + 1]!;
      if (isKnown(vocabulary, term) && !joined.some((j) => j.at === i - 1)) joined.push({ at: i, term });
    }
  }
  // A joined word ranks as if typed that way ("pine gate" is "Pinegate" said aloud), but it is a
  // correction all the same: "Search instead for" (the literal expression) leaves it out.
  const expression = (level: Level, joins: boolean) => {
    const parts: string[] = [];
    for (let i = 0; i < groups.length; i++) {
      const join = joins ? joined.find((j) => j.at === i) : undefined;
      if (join) {
        parts.push(`((${or(groups[i]![level])} AND ${or(groups[i + 1]![level])}) OR ${quote(join.term)})`);
        i++;
      } else parts.push(or(groups[i]![level]));
    }
    return parts;
  };
  const all = expression("fixed", true).join(" AND ");
  const literal = expression("forms", false).join(" AND ");
  const tiers = [...new Set([expression("exact", true).join(" AND "), expression("forms", true).join(" AND ")])].filter((e) => e !== all);
  const literalTiers = [expression("exact", false).join(" AND ")].filter((e) => e !== literal);
  const anyParts = expression("fixed", true);
  const corrections = groups.map((g, i) => g.corrected ?? words[i]!);
  for (const join of joined) {
    corrections[join.at] = join.term;
    corrections[join.at + 1] = "";
  }
  const correctedText = corrections.filter((w) => w !== "").join(" ");
  return {
    words,
    all,
    literal,
    any: anyParts.length > 1 ? anyParts.join(" OR ") : null,
    tiers,
    literalTiers,
    corrected: correctedText !== words.join(" ") ? correctedText : null,
  };
}
