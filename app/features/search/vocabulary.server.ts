// The catalogue's own words, kept in the isolate per catalogue version (issue 28; why not FTS5's
// trigram index or correction tables: docs/decisions/034). Read once per version from the FTS
// index's vocabulary (fts5vocab, migration 0022), so it can never disagree with what the index
// finds: every word the index holds is "known"; the words of names, companies, taglines and
// category names are the ones a typo may be corrected to.
import { boundedDistance, typoBudget } from "./edit-distance.server.ts";
import { stemKey } from "./word-forms.server.ts";

export type TermRow = { term: string; col: string; doc: number };

/** Columns a typo may be corrected towards (issue 28 item 1); descriptions are too noisy. */
const CORRECTABLE_COLUMNS = new Set(["name", "company_name", "tagline", "category_names"]);

export type Vocabulary = {
  /** Every indexed term and the number of apps that hold it (the largest per-column count). */
  docs: ReadonlyMap<string, number>;
  /** Terms by stem key (./word-forms.server.ts). */
  byStem: ReadonlyMap<string, readonly string[]>;
  /** Correctable terms by first letter (the first letter is never corrected), frequent first. */
  byInitial: ReadonlyMap<string, readonly string[]>;
  /** Every term, sorted, to tell whether a prefix completes to anything. */
  sorted: readonly string[];
};

export function buildVocabulary(rows: readonly TermRow[]): Vocabulary {
  const docs = new Map<string, number>();
  const correctable = new Map<string, number>();
  for (const { term, col, doc } of rows) {
    docs.set(term, Math.max(docs.get(term) ?? 0, doc));
    if (CORRECTABLE_COLUMNS.has(col) && term.length >= 3 && !/^\d+$/.test(term)) correctable.set(term, Math.max(correctable.get(term) ?? 0, doc));
  }
  const byStem = new Map<string, string[]>();
  for (const term of docs.keys()) {
    const key = stemKey(term);
    const group = byStem.get(key);
    if (group) group.push(term);
    else byStem.set(key, [term]);
  }
  const byInitial = new Map<string, string[]>();
  for (const [term] of [...correctable].sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))) {
    const initial = term[0]!;
    const list = byInitial.get(initial);
    if (list) list.push(term);
    else byInitial.set(initial, [term]);
  }
  return { docs, byStem, byInitial, sorted: [...docs.keys()].sort() };
}

export const isKnown = (vocabulary: Vocabulary, word: string) => vocabulary.docs.has(word);

/** Where `prefix` would sit in the sorted terms: the first term not before it. */
function firstAtOrAfter(sorted: readonly string[], prefix: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Whether any indexed term starts with `prefix`. */
export function completes(vocabulary: Vocabulary, prefix: string): boolean {
  const at = firstAtOrAfter(vocabulary.sorted, prefix);
  return at < vocabulary.sorted.length && vocabulary.sorted[at]!.startsWith(prefix);
}

/**
 * The indexed terms that start with `prefix`, in order, or null when there are more than `max`
 * (then FTS5's own prefix query is the cheaper way to name them all).
 */
export function completionsOf(vocabulary: Vocabulary, prefix: string, max: number): string[] | null {
  const { sorted } = vocabulary;
  const out: string[] = [];
  for (let i = firstAtOrAfter(sorted, prefix); i < sorted.length && sorted[i]!.startsWith(prefix); i++) {
    if (out.length === max) return null;
    out.push(sorted[i]!);
  }
  return out;
}

/** The other indexed forms of a word: every term with its stem key. */
export function formsOf(vocabulary: Vocabulary, word: string): readonly string[] {
  return vocabulary.byStem.get(stemKey(word)) ?? [];
}

/** At most this many corrections per word: the frequent ones (a word rarely has more than two). */
const MAX_CORRECTIONS = 6;

/**
 * Terms within the typo budget, same first letter, the fewest edits only, most frequent first.
 * With `asPrefix` a term also counts when its start is within the budget (typing "incidn…").
 */
export function correctionsOf(vocabulary: Vocabulary, word: string, asPrefix = false): { term: string; edits: number }[] {
  if (typoBudget(word.length) === 0) return [];
  let best = typoBudget(word.length + 1) + 1;
  let found: { term: string; edits: number }[] = [];
  for (const term of vocabulary.byInitial.get(word[0]!) ?? []) {
    // The budget of the longer of the two: "pielien" (7 letters, two typos) is "pipeline" (8).
    const budget = typoBudget(Math.max(word.length, term.length));
    let edits = boundedDistance(word, term, budget);
    if (asPrefix && edits > budget && term.length > word.length) edits = boundedDistance(word, term.slice(0, word.length), budget);
    if (edits > budget || edits > best || edits === 0) continue;
    if (edits < best) {
      best = edits;
      found = [];
    }
    if (found.length < MAX_CORRECTIONS) found.push({ term, edits });
  }
  return found;
}

/** "helpdesk" → ["help", "desk"] when both halves (3+ letters) are correctable words; the most frequent split. */
export function splitOf(vocabulary: Vocabulary, word: string): [string, string] | null {
  let best: [string, string] | null = null;
  let bestDocs = 0;
  for (let i = 3; i <= word.length - 3; i++) {
    const a = word.slice(0, i);
    const b = word.slice(i);
    const docs = Math.min(vocabulary.docs.get(a) ?? 0, vocabulary.docs.get(b) ?? 0);
    if (docs > bestDocs) {
      best = [a, b];
      bestDocs = docs;
    }
  }
  return best;
}
