// Typeahead data for the search box (spec §5, §8): asks /api/suggest 150 ms after typing stops,
// only for non-empty text; a newer request aborts the older one and a late answer for older text
// is dropped, so what is shown always belongs to what is in the box; a failed call only clears.
import { useEffect, useRef, useState } from "react";
import type { Suggestion } from "~/models/catalogue.server";

export const SUGGEST_DEBOUNCE_MS = 150;

export type SuggestionResult = { text: string; items: Suggestion[]; more: boolean };

const EMPTY: SuggestionResult = { text: "", items: [], more: false };

export function useSuggestions(text: string): SuggestionResult {
  const [result, setResult] = useState<SuggestionResult>(EMPTY);
  // Answers already fetched in this page view: deleting a letter shows the earlier list at once.
  const cache = useRef(new Map<string, SuggestionResult>());

  useEffect(() => {
    const typed = text.trim();
    if (typed === "") {
      setResult(EMPTY);
      return;
    }
    const known = cache.current.get(typed);
    if (known) {
      setResult(known);
      return;
    }
    const controller = new AbortController();
    const timer = window.setTimeout(async () => {
      try {
        const res = await fetch(`/api/suggest?${new URLSearchParams({ q: typed })}`, {
          signal: controller.signal,
          headers: { Accept: "application/json" },
        });
        if (!res.ok) throw new Error(`suggest ${res.status}`);
        const body = (await res.json()) as { items: Suggestion[]; more: boolean };
        const next = { text: typed, items: body.items, more: body.more };
        if (cache.current.size > 50) cache.current.clear();
        cache.current.set(typed, next);
        if (!controller.signal.aborted) setResult(next);
      } catch {
        if (!controller.signal.aborted) setResult(EMPTY);
      }
    }, SUGGEST_DEBOUNCE_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [text]);

  return result;
}
