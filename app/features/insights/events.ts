// What an insight event is (docs/decisions/038): a measure, the app it is about (if any), and for
// searches the normalised words and the result count. Nothing that names a person: no user id, no
// address, no cookie, no page address beyond the app. Plain data, shared by the producers
// (record.server.ts) and the queue's consumer (rollup.server.ts).

/** The per-app measures, each a column of insights_app_daily (migration 0026). */
export const APP_MEASURES = ["views", "add_starts", "adds", "connect_starts", "connects", "follows", "unfollows", "search_opens"] as const;
export type AppMeasure = (typeof APP_MEASURES)[number];

export type InsightEvent =
  | { kind: AppMeasure; app: string; query?: string }
  /** A search: its normalised words and how many apps it found. */
  | {
      kind: "search";
      query: string;
      results: number;
      /**
       * Which of BROWSER_BUCKETS buckets the searching browser falls in (record.server.ts): the
       * search floor counts distinct browsers, not searches (issue 40 item 8). Never an address.
       */
      browser?: number;
    };

/** One queue message: the events of one request, on one UTC day. */
export type InsightsMessage = { v: 1; day: string; events: InsightEvent[] };

/** The longest query kept; longer ones are cut (people paste paragraphs). */
export const QUERY_MAX = 80;
/** Stands for a query that looks like it names someone (an e-mail address, a phone or card number). */
export const WITHHELD_QUERY = "(withheld: looked personal)";

/** The number of buckets browsers are counted in, per query and day: bits of one integer (≤ 2^53 in JS). */
export const BROWSER_BUCKETS = 48;

/**
 * The normalised form of a search query: Unicode NFKC, lower case, punctuation other than - and '
 * made a space, spaces collapsed, at most QUERY_MAX characters. A query that looks like it names
 * a person (an @, or six digits or more in a row, in any script) becomes WITHHELD_QUERY: a search box sometimes
 * receives an address, and the rollups must hold none. Empty stays empty (not counted).
 * The check runs on the normalised text (issue 40 item 8): checked before, "555.123.4567" and
 * "4111.1111.1111.1111" passed (dots between the digits) and then became "555 123 4567". The @
 * is looked for after NFKC (a full-width ＠ is one) and before punctuation goes, as it is punctuation.
 */
export function normaliseQuery(raw: string): string {
  const text = raw.normalize("NFKC").toLowerCase();
  const normalised = text
    .replace(/[^\p{L}\p{N}'\- ]+/gu, " ")
    .replace(/\s+/g, " ")
    .trim();
  // \p{Nd}, not \d: NFKC folds full-width digits to ASCII but leaves Arabic-Indic, Devanagari and
  // the other scripts' digits as they are, and a phone number in them names someone all the same.
  if (text.includes("@") || /\p{Nd}[\p{Nd}\s'-]{4,}\p{Nd}/u.test(normalised)) return WITHHELD_QUERY;
  return normalised.slice(0, QUERY_MAX).trim();
}

/** Every environment's insights queue is named "…-insights" (wrangler.toml); workers/queue.ts tells it apart by that. */
export const INSIGHTS_QUEUE_SUFFIX = "-insights";

export const utcDay = (now: Date) => now.toISOString().slice(0, 10);
