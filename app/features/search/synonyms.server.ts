// Search synonyms (issue 28 item 7): the marketplace team's reviewed list (content/search-synonyms.json,
// validated and loaded like every content entry: README "Content"), as the query plan reads it:
// each word or phrase → the others of its group, folded the way search folds typed text.
import { nameKey } from "~/lib/name-key";
import { recall, remember } from "~/models/catalogue-memo.server";
import type { Catalogue } from "~/models/catalogue-service.server";
import type { SearchSynonymsContent } from "~/models/content";
import { synonymsFor, type Synonyms } from "./query-plan.server";
import { stemKey } from "./word-forms.server";

export function buildSynonyms(groups: SearchSynonymsContent["groups"]): Synonyms {
  const out = new Map<string, string[]>();
  for (const group of groups) {
    const phrases = [...new Set(group.map(nameKey).filter((p) => p !== ""))];
    for (const phrase of phrases) {
      const others = phrases.filter((p) => p !== phrase);
      // Under the phrase, and a single word also under its stem key, so "polls" finds what "poll" does.
      for (const key of phrase.includes(" ") ? [phrase] : [phrase, synonymsFor.stemKeyOf(stemKey(phrase))]) {
        out.set(key, [...new Set([...(out.get(key) ?? []), ...others])]);
      }
    }
  }
  return out;
}

const NONE: Synonyms = new Map();

/**
 * The synonyms of the current content, read once per version (the version carries the content
 * version, so `npm run content:load` is seen at once). No entry, or a stored body that no longer
 * fits, is no synonyms: search still works.
 */
export function synonymsOf(catalogue: Pick<Catalogue, "content" | "memoVersion">): Promise<Synonyms> {
  const read = () =>
    catalogue.content("search-synonyms").then(
      (entry) => (entry ? buildSynonyms(entry.body.groups) : NONE),
      () => NONE,
    );
  const version = catalogue.memoVersion;
  if (!version) return read();
  return recall<Promise<Synonyms>>(version, "search-synonyms") ?? remember(version, "search-synonyms", read());
}
