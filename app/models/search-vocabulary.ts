// The search vocabulary's table (migration 0030, docs/decisions/049): the FTS index's terms per
// column with the number of apps that hold them, written where the index changes so the Worker
// never walks the index (fts5vocab) on a request. Shared by the catalogue import (scripts/lib/
// catalogue-sql.ts) and the review queue's approvals (app/features/review-queue/publish.server.ts).

/** The statements that rebuild the whole table from the index (the import's last step before its version). */
export const REBUILD_VOCABULARY = ["DELETE FROM search_vocabulary", "INSERT INTO search_vocabulary (term, col, doc) SELECT term, col, doc FROM apps_fts_terms"] as const;

/**
 * Re-reads these terms' rows from the index (fts5vocab looks each term up: no walk). Binds a JSON
 * array of terms; `condition` is extra SQL with its own parameters after it (an approval's guard).
 * A term an edit removed from every app keeps its old row: a known word that finds nothing, until
 * the next import rebuilds the table.
 */
export const refreshVocabularySql = (condition = "1") =>
  `INSERT OR REPLACE INTO search_vocabulary (term, col, doc) SELECT term, col, doc FROM apps_fts_terms WHERE term IN (SELECT value FROM json_each(?)) AND ${condition}`;

/**
 * The terms FTS5's tokenizer (unicode61, remove_diacritics 2: migration 0001) makes of these
 * texts: runs of letters and digits, lowercase, without diacritics. Only used to name the terms to
 * refresh; a term this misses keeps its old row (or none) until the next import.
 */
export function indexedTerms(texts: readonly (string | null | undefined)[]): string[] {
  const terms = new Set<string>();
  for (const text of texts) {
    if (!text) continue;
    const folded = text
      .normalize("NFKD")
      .replace(/\p{M}+/gu, "")
      .toLowerCase();
    for (const term of folded.match(/[\p{L}\p{N}]+/gu) ?? []) terms.add(term);
  }
  return [...terms];
}
