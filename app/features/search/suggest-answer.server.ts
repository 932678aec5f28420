// The typeahead's answer as /api/suggest sends it (issue 28 item 5, docs/decisions/044): the JSON
// body and its ETag, made once per catalogue version, hidden types and typed text in this isolate,
// then sent as they are. A letter typed again (by this person after a backspace, or by anyone
// else) costs neither the plan, nor D1, nor JSON, nor a digest: only the memo's lookup.
import { strongEtag } from "~/lib/etag";
import { recallSuggestion, rememberSuggestion } from "~/models/catalogue-memo.server";
import type { Catalogue } from "~/models/catalogue-service.server";
import { suggestFor } from "./text-search.server";

export type SuggestAnswer = { body: string; etag: string };

type Reader = Pick<Catalogue, "suggest" | "searchTerms" | "memoVersion" | "content" | "hiddenTypes">;

async function make(catalogue: Reader, text: string): Promise<SuggestAnswer> {
  const body = JSON.stringify(await suggestFor(catalogue, text));
  return { body, etag: await strongEtag(body) };
}

/**
 * The answer for `text` (already trimmed). Kept as a promise, so letters arriving together are
 * answered by one read; a failed read is not kept. Without a catalogue version nothing is kept.
 */
export function suggestAnswer(catalogue: Reader, text: string): Promise<SuggestAnswer> {
  const version = catalogue.memoVersion;
  const key = `suggest\u0000${catalogue.hiddenTypes.join(",")}\u0000${text}`;
  const known = recallSuggestion<Promise<SuggestAnswer>>(version, key);
  if (known) return known;
  const making = make(catalogue, text);
  making.catch(() => rememberSuggestion(version, key, undefined));
  return rememberSuggestion(version, key, making);
}
