// Runs a typed text against the catalogue the forgiving way (issue 28): the plan (./query-plan),
// the vocabulary kept per catalogue version, all words first, and "did you mean". Shared by
// /search, /api/search and /api/suggest so the three always agree.
import { recall, remember } from "~/models/catalogue-memo.server";
import type { Catalogue, CatalogueQuery, PageRange } from "~/models/catalogue-service.server";
import type { TextMatch } from "~/models/catalogue.server";
import type { AppPage } from "~/models/types";
import { planSearch, type SearchPlan } from "./query-plan.server";
import { synonymsOf } from "./synonyms.server";
import { buildVocabulary, type Vocabulary } from "./vocabulary.server";

/** "Finds little" (item 5): a corrected query is shown instead when the text as typed finds at most this many. */
export const FINDS_LITTLE = 2;

/**
 * The catalogue's own part of the data version (workers/catalogue-version.ts: catalogue, then
 * "+c<content>", "+r<community>", "@<date>"): the vocabulary changes only with the catalogue, so a
 * review, a content load or midnight need not rebuild it (~0.35 s at 50,000 apps).
 */
export function catalogueOnly(version: string | undefined): string | undefined {
  const match = version?.match(/^(.*?)(?:\+c[^+@]*)?(?:\+r[^+@]*)?(?:@\d{4}-\d{2}-\d{2})?$/);
  return match ? `vocabulary:${match[1]}` : undefined;
}

type Reader = Pick<Catalogue, "searchTerms" | "memoVersion" | "content">;

/**
 * The vocabulary of the current catalogue version, built on first use and kept (as a promise, so
 * requests arriving together build it once). Its rows are shared between isolates through KV under
 * the same key (docs/decisions/044): only the first isolate of a version walks the index. Without a
 * version nothing may be kept, and search goes without corrections rather than read the whole
 * vocabulary on every request.
 */
export function vocabularyOf(catalogue: Reader): Promise<Vocabulary | null> {
  const version = catalogueOnly(catalogue.memoVersion);
  if (!version) return Promise.resolve(null);
  const known = recall<Promise<Vocabulary | null>>(version, "search-vocabulary");
  if (known) return known;
  // Shared between isolates under the same key (KV: app/models/search-terms-store.server.ts).
  const building = catalogue.searchTerms(`search-${version}`).then(buildVocabulary);
  // A failed read is not kept: the next request tries again.
  building.catch(() => remember(version, "search-vocabulary", undefined));
  return remember(version, "search-vocabulary", building);
}

export async function planFor(catalogue: Reader, text: string, options: { typing?: boolean } = {}): Promise<SearchPlan> {
  const [vocabulary, synonyms] = await Promise.all([vocabularyOf(catalogue), synonymsOf(catalogue)]);
  return planSearch(text, vocabulary, { ...options, synonyms });
}

export type TextSearchOptions = {
  /** "Search instead for …": the words as typed and their forms, no corrections. */
  literal?: boolean;
  /** Also the apps that match only some of the words, after those that match all. */
  anyWords?: boolean;
};

export type TextSearchResult = AppPage & {
  /** The corrected text the results are for, when the text as typed found little; else null. */
  correctedQuery: string | null;
  /** Apps that match some but not all of the words (offered after the all-words results); 0 with `anyWords`. */
  moreWithSomeWords: number;
  /** What was matched (for a count without listing: paging past the last page). */
  match: TextMatch;
};

/** The whole text search: `base` carries the filters and sort; the text is `base.searchQuery`. */
export async function searchCatalogue(
  catalogue: Catalogue,
  base: CatalogueQuery & { searchQuery: string },
  page: PageRange,
  options: TextSearchOptions = {},
): Promise<TextSearchResult> {
  const plan = await planFor(catalogue, base.searchQuery);
  const forgiving: TextMatch = { expression: plan.all, tiers: plan.tiers };
  const chosen: TextMatch = options.literal ? { expression: plan.literal, tiers: plan.literalTiers } : forgiving;
  // All words first (item 4): with `anyWords` the all-words expression is the last tier above the rest.
  const someToo = plan.any !== null && options.anyWords === true;
  const match: TextMatch = someToo ? { expression: `(${chosen.expression}) OR ${plan.any}`, tiers: [...(chosen.tiers ?? []), chosen.expression] } : chosen;
  // "Did you mean" is in question only when a word was corrected (split or joined): then what the
  // words as typed find decides it. What the corrected words find is the page's own total (the
  // forgiving match), so it is not counted again, except when the page also lists some-words apps.
  const inQuestion = !options.literal && plan.corrected !== null;
  const count = (expression: string) => catalogue.count({ ...base, textMatch: { expression } });
  // The page (with its total) and the counts go to D1 side by side.
  const [result, some, asTyped, correctedApart] = await Promise.all([
    catalogue.list({ ...base, textMatch: match }, page),
    plan.any !== null && !options.anyWords ? count(plan.any) : Promise.resolve(0),
    inQuestion ? count(plan.literal) : Promise.resolve(0),
    inQuestion && someToo ? count(plan.all) : Promise.resolve(null),
  ]);
  const corrected = correctedApart ?? result.total;
  const correctedQuery = inQuestion && asTyped <= FINDS_LITTLE && corrected > asTyped ? plan.corrected : null;
  // Counts stop at a bound (issue 31): when the all-words total did, "more with some words" is not told.
  const moreWithSomeWords = plan.any !== null && !options.anyWords && !result.totalCapped ? Math.max(0, some - result.total) : 0;
  return { ...result, correctedQuery, moreWithSomeWords, match };
}

/**
 * Typeahead (item 5): the words as typed first; when they suggest nothing, the corrected words.
 * /api/suggest sends it through ./suggest-answer.server.ts, which keeps the answer per version.
 */
export async function suggestFor(catalogue: Pick<Catalogue, "suggest" | "searchTerms" | "memoVersion" | "content">, text: string) {
  const plan = await planFor(catalogue, text, { typing: true });
  if (plan.all === "") return { items: [], more: false, correctedQuery: null };
  const asTyped = await catalogue.suggest(text, { expression: plan.literal, tiers: plan.literalTiers });
  if (asTyped.items.length > 0 || plan.corrected === null) return { ...asTyped, correctedQuery: null };
  const corrected = await catalogue.suggest(text, { expression: plan.all, tiers: plan.tiers });
  return { ...corrected, correctedQuery: corrected.items.length > 0 ? plan.corrected : null };
}
