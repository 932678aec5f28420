// The trust filters of list pages and search (issue 15), as GET parameters: one browser-safe module
// for the loaders, the pages' forms and chips, and the edge cache's key rules
// (app/lib/cacheable-routes.ts), so all of them read an address the same way.
//
//   certification=<c>  repeatable; the app holds EVERY certification named (a buyer needs them all)
//   region=<r>         repeatable; the app keeps data in ANY region named
//   ai=<a>             repeatable; none | no-training | training, ANY of them
//   freshness=<f>      repeatable; active | maintained | stale | deprecated, ANY of them. Deprecated
//                      apps are left out of lists unless "deprecated" is named.
//   verified=1         only apps of a verified publisher
//   rating=<n>         1..4: an average of at least n stars (apps without ratings are left out)
//
// A value that is not one of these is ignored, as a list page ignores a bad `sort`: the page is the
// one without it (and the edge cache keys it so). Repeated values are de-duplicated and sorted, so
// every spelling of one filter is one address.
import { FRESHNESS, FRESHNESS_LABELS, type Freshness } from "~/models/freshness";
import {
  AI_USE_LABELS,
  AI_USES,
  CERTIFICATION_LABELS,
  CERTIFICATIONS,
  DATA_REGION_LABELS,
  DATA_REGIONS,
  type AiUse,
  type Certification,
  type DataRegion,
} from "~/models/security-facts";

export type ListFilters = {
  certification: Certification[];
  region: DataRegion[];
  ai: AiUse[];
  freshness: Freshness[];
  verified: boolean;
  rating: number | null;
};

/** The repeatable parameters and their vocabularies. */
export const MULTI_FILTERS = {
  certification: CERTIFICATIONS,
  region: DATA_REGIONS,
  ai: AI_USES,
  freshness: FRESHNESS,
} as const;
export type MultiFilter = keyof typeof MULTI_FILTERS;

/** `rating=n`: at least n stars. 5 would mean only perfect averages: not offered. */
export const MIN_RATINGS = [4, 3, 2, 1] as const;
export const VERIFIED_VALUE = "1";

/** Every filter parameter, in the (alphabetical) order of canonical addresses. */
export const FILTER_PARAMS = ["ai", "certification", "freshness", "rating", "region", "verified"] as const;
export type FilterParam = (typeof FILTER_PARAMS)[number];

export const NO_FILTERS: ListFilters = { certification: [], region: [], ai: [], freshness: [], verified: false, rating: null };

/** A repeatable filter's values as the page reads them: known ones only, de-duplicated, sorted. */
export function canonicalValues<K extends MultiFilter>(name: K, values: readonly string[]): (typeof MULTI_FILTERS)[K][number][] {
  const known = MULTI_FILTERS[name] as readonly string[];
  return [...new Set(values.filter((v) => known.includes(v)))].sort() as (typeof MULTI_FILTERS)[K][number][];
}

/** `rating`: the first value, as `sort` is read; one of MIN_RATINGS written as one digit, else null. */
export function ratingValue(values: readonly string[]): number | null {
  const value = values[0] ?? "";
  return /^\d$/.test(value) && (MIN_RATINGS as readonly number[]).includes(Number(value)) ? Number(value) : null;
}

export const verifiedValue = (values: readonly string[]): boolean => values[0] === VERIFIED_VALUE;

/** The filters an address names (bad values ignored). */
export function parseListFilters(params: URLSearchParams): ListFilters {
  return {
    certification: canonicalValues("certification", params.getAll("certification")),
    region: canonicalValues("region", params.getAll("region")),
    ai: canonicalValues("ai", params.getAll("ai")),
    freshness: canonicalValues("freshness", params.getAll("freshness")),
    verified: verifiedValue(params.getAll("verified")),
    rating: ratingValue(params.getAll("rating")),
  };
}

/**
 * The canonical value(s) of one filter parameter, or null when it means no filter: the edge cache's
 * rule for it (app/lib/cacheable-routes.ts), the same reading as parseListFilters.
 */
export function canonicalFilterParam(name: FilterParam, values: readonly string[]): string | string[] | null {
  switch (name) {
    case "verified":
      return verifiedValue(values) ? VERIFIED_VALUE : null;
    case "rating": {
      const rating = ratingValue(values);
      return rating === null ? null : String(rating);
    }
    default: {
      const list = canonicalValues(name, values);
      return list.length ? list : null;
    }
  }
}

/** The filters as [name, value] pairs in canonical order (what an address or a form carries). */
export function filterEntries(filters: ListFilters): [FilterParam, string][] {
  const out: [FilterParam, string][] = [];
  for (const name of FILTER_PARAMS) {
    if (name === "verified") {
      if (filters.verified) out.push([name, VERIFIED_VALUE]);
    } else if (name === "rating") {
      if (filters.rating !== null) out.push([name, String(filters.rating)]);
    } else {
      for (const value of filters[name]) out.push([name, value]);
    }
  }
  return out;
}

/** An address of `path` with these filters and any other parameters (null ones left out), canonical order. */
export function filteredHref(path: string, filters: ListFilters, others: Record<string, string | null> = {}): string {
  const entries: [string, string][] = [...filterEntries(filters)];
  for (const [name, value] of Object.entries(others)) if (value !== null) entries.push([name, value]);
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams(entries).toString();
  return query ? `${path}?${query}` : path;
}

export function activeFilterCount(filters: ListFilters): number {
  return filterEntries(filters).length;
}

/**
 * What the catalogue's AppQuery makes of the filters (app/models/catalogue.server.ts): the same
 * field names, written out here so this module stays free of server code.
 */
export function filtersToQuery(filters: ListFilters): {
  certifications?: Certification[];
  dataRegions?: DataRegion[];
  aiUses?: AiUse[];
  freshness?: Freshness[];
  verifiedPublisher?: boolean;
  minRating?: number;
} {
  return {
    ...(filters.certification.length ? { certifications: filters.certification } : {}),
    ...(filters.region.length ? { dataRegions: filters.region } : {}),
    ...(filters.ai.length ? { aiUses: filters.ai } : {}),
    ...(filters.freshness.length ? { freshness: filters.freshness } : {}),
    ...(filters.verified ? { verifiedPublisher: true } : {}),
    ...(filters.rating !== null ? { minRating: filters.rating } : {}),
  };
}

// --- what people read

export const FILTER_LEGENDS: Record<FilterParam, string> = {
  certification: "Certifications",
  region: "Data region",
  ai: "AI use",
  freshness: "Freshness",
  verified: "Publisher",
  rating: "Rating",
};

export const VERIFIED_LABEL = "Verified publisher";
export const ratingLabel = (n: number) => `${n} ${n === 1 ? "star" : "stars"} or more`;
/** What a chip calls a filter's value ("Certification: HIPAA"). */
const CHIP_PREFIX: Record<MultiFilter | "rating", string> = { certification: "Certification", region: "Data region", ai: "AI use", freshness: "Freshness", rating: "Rating" };
export const ANY_RATING_LABEL = "Any rating";

/** The options of a repeatable filter, in the vocabulary's order (the form's checkboxes). */
export function filterOptions(name: MultiFilter): { value: string; label: string }[] {
  const labels: Record<string, string> = { certification: CERTIFICATION_LABELS, region: DATA_REGION_LABELS, ai: AI_USE_LABELS, freshness: FRESHNESS_LABELS }[name];
  return MULTI_FILTERS[name].map((value) => ({ value, label: labels[value]! }));
}

/** One active filter value, as a removable chip shows it ("Certification: HIPAA"). */
export type ActiveFilter = { name: FilterParam; value: string; label: string; without: ListFilters };

export function activeFilters(filters: ListFilters): ActiveFilter[] {
  return filterEntries(filters).map(([name, value]) => {
    const without: ListFilters = { ...filters };
    let label: string;
    if (name === "verified") {
      without.verified = false;
      label = VERIFIED_LABEL;
    } else if (name === "rating") {
      without.rating = null;
      label = `${CHIP_PREFIX.rating}: ${ratingLabel(Number(value))}`;
    } else {
      (without[name] as string[]) = (filters[name] as string[]).filter((v) => v !== value);
      label = `${CHIP_PREFIX[name]}: ${filterOptions(name).find((o) => o.value === value)!.label}`;
    }
    return { name, value, label, without };
  });
}
