// Needs said in plain words become filters (issue 28 item 6): "HIPAA transcription in the EU" is
// the text "transcription" with the filters certification HIPAA and data region EU. The vocabulary
// is the catalogue's own: its enums (certifications, data regions, app types, products, freshness)
// and category names, plus the small alias table below. No language model: words are matched as
// whole phrases, longest first, and each need is said back as a chip the person can remove.
import { nameKey } from "~/lib/name-key";
import { APP_TYPE_LABELS, PRODUCT_TYPE_LABELS, type AppType, type ProductType } from "~/models/enums";
import { FRESHNESS_LABELS, type Freshness } from "~/models/freshness";
import { PRODUCT_NAV } from "~/models/list-routes";
import { CERTIFICATION_LABELS, DATA_REGION_LABELS, type Certification, type DataRegion } from "~/models/security-facts";
import type { Catalogue, CatalogueQuery } from "~/models/catalogue-service.server";
import type { Category } from "~/models/types";
import { searchCatalogue } from "./text-search.server";

export type Need =
  | { kind: "certification"; value: Certification; words: string }
  | { kind: "region"; value: DataRegion; words: string }
  | { kind: "type"; value: AppType; words: string }
  | { kind: "product"; value: string; productType: ProductType; words: string }
  | { kind: "category"; value: string; words: string }
  | { kind: "freshness"; value: Freshness; words: string };

type Alias = { phrases: readonly string[]; need: Omit<Need, "words"> };

const CERTIFICATION_ALIASES: readonly Alias[] = [
  { phrases: ["soc 2 type ii", "soc 2 type 2", "soc2 type ii", "soc2 type 2", "soc 2", "soc2", "soc ii"], need: { kind: "certification", value: "soc2-type-ii" } },
  { phrases: ["iso 27001", "iso27001"], need: { kind: "certification", value: "iso-27001" } },
  { phrases: ["hipaa", "hippa"], need: { kind: "certification", value: "hipaa" } },
  { phrases: ["gdpr", "gdpr dpa"], need: { kind: "certification", value: "gdpr-dpa" } },
  { phrases: ["fedramp", "fed ramp"], need: { kind: "certification", value: "fedramp" } },
];

/** A region is a need when said as a place; "in"/"from"/"hosted in" before it belong to it. */
const REGION_ALIASES: readonly Alias[] = [
  { phrases: ["eu", "europe", "european union", "the eu"], need: { kind: "region", value: "eu" } },
  { phrases: ["the us", "usa", "the usa", "united states", "the united states"], need: { kind: "region", value: "us" } },
  { phrases: ["uk", "the uk", "united kingdom", "the united kingdom", "britain"], need: { kind: "region", value: "uk" } },
  { phrases: ["canada"], need: { kind: "region", value: "ca" } },
  { phrases: ["australia"], need: { kind: "region", value: "au" } },
  { phrases: ["japan"], need: { kind: "region", value: "jp" } },
  { phrases: ["india"], need: { kind: "region", value: "in" } },
  { phrases: ["singapore"], need: { kind: "region", value: "sg" } },
  { phrases: ["brazil"], need: { kind: "region", value: "br" } },
];
const REGION_LEADS = ["hosted in", "stored in", "data in", "in", "from"];

const TYPE_ALIASES: readonly Alias[] = [
  { phrases: ["bot", "bots", "chatbot", "chatbots"], need: { kind: "type", value: "bot" } },
  { phrases: ["integration", "integrations"], need: { kind: "type", value: "integration" } },
  { phrases: ["embedded app", "embedded apps"], need: { kind: "type", value: "embeddedApp" } },
  { phrases: ["service app", "service apps"], need: { kind: "type", value: "serviceApp" } },
];

const FRESHNESS_ALIASES: readonly Alias[] = [
  { phrases: ["actively maintained", "recently updated", "up to date"], need: { kind: "freshness", value: "active" } },
  { phrases: ["deprecated"], need: { kind: "freshness", value: "deprecated" } },
];

/** Products by their navigation names ("contact center", "devices"); "meetings" stays a word unless said "for meetings". */
function productAliases(): Alias[] {
  return PRODUCT_NAV.map((p) => {
    const label = nameKey(p.label);
    const phrases = label === "meetings" || label === "messaging" || label === "calling" ? [`for ${label}`, `in ${label}`] : [label, `for ${label}`];
    return { phrases, need: { kind: "product", value: p.path, productType: p.categoryType } };
  });
}

/** Categories by their whole name ("project management", "IT service management", "CRM"); single everyday words stay text. */
function categoryAliases(categories: readonly Category[]): Alias[] {
  const out = new Map<string, Alias>();
  for (const c of categories) {
    if (c.categoryType === "appContext") continue;
    const name = nameKey(c.name);
    const single = !name.includes(" ");
    if (single && name.length > 4) continue;
    out.set(c.slug, { phrases: [name], need: { kind: "category", value: c.slug } });
  }
  return [...out.values()];
}

export type ParsedNeeds = { needs: Need[]; rest: string };

/**
 * Finds needs in a text: longest phrases first, and among phrases of one length the first said;
 * each kind once (the first said wins). The needs come in the order typed (their chips say them
 * back so), and `rest` is the text without them. Nothing found is the text unchanged.
 */
export function parseNeeds(text: string, categories: readonly Category[]): ParsedNeeds {
  const { needs, rest } = needsAt(text, categories);
  return { needs: needs.map(({ at: _at, ...need }) => need as Need), rest };
}

/**
 * `text` without the words of the needs `drop` picks (as parseNeeds finds them), the rest as typed:
 * its case and punctuation kept, so a heading can say what is searched once a chip is removed
 * ("HIPAA transcription in the EU" without the region is "HIPAA transcription"; issue 40 item 12).
 * A typed word goes when every word of it (nameKey's) belongs to a dropped need.
 */
export function textWithoutNeeds(text: string, categories: readonly Category[], drop: (need: Need) => boolean): string {
  const dropped = new Set<number>();
  for (const { at, ...need } of needsAt(text, categories).needs) {
    if (!drop(need as Need)) continue;
    for (let j = 0; j < need.words.split(" ").length; j++) dropped.add(at + j);
  }
  let index = 0;
  const kept: string[] = [];
  for (const token of text.split(/\s+/).filter(Boolean)) {
    const count = nameKey(token).split(" ").filter(Boolean).length;
    const covered = Array.from({ length: count }, (_, j) => index + j);
    index += count;
    if (count > 0 && covered.every((i) => dropped.has(i))) continue;
    kept.push(token);
  }
  return kept.join(" ");
}

function needsAt(text: string, categories: readonly Category[]): { needs: (Need & { at: number })[]; rest: string } {
  const words = nameKey(text).split(" ").filter(Boolean);
  const aliases = [...CERTIFICATION_ALIASES, ...TYPE_ALIASES, ...FRESHNESS_ALIASES, ...productAliases(), ...categoryAliases(categories)];
  const regionPhrases = REGION_ALIASES.flatMap((a) => a.phrases.flatMap((p) => [p, ...REGION_LEADS.map((lead) => `${lead} ${p}`)].map((phrase) => ({ phrase, a }))));
  const byLength = new Map<number, { phrase: string; parts: string[]; a: Alias }[]>();
  for (const { phrase, a } of [...aliases.flatMap((a) => a.phrases.map((phrase) => ({ phrase, a }))), ...regionPhrases]) {
    const parts = phrase.split(" ");
    byLength.set(parts.length, [...(byLength.get(parts.length) ?? []), { phrase, parts, a }]);
  }
  const used = new Array<boolean>(words.length).fill(false);
  const needs: (Need & { at: number })[] = [];
  for (const length of [...byLength.keys()].sort((x, y) => y - x)) {
    for (let i = 0; i + length <= words.length; i++) {
      for (const { phrase, parts, a } of byLength.get(length)!) {
        if (parts.some((p, j) => used[i + j] || words[i + j] !== p)) continue;
        // The whole text a single word (someone looking for "bots"): leave it to the text search.
        if (length === words.length && length === 1 && a.need.kind !== "certification") continue;
        const sameKind = needs.some((n) => n.kind === a.need.kind && (n.kind === "type" || n.kind === "product" || n.kind === "category" || n.value === a.need.value));
        if (sameKind) continue;
        for (let j = 0; j < length; j++) used[i + j] = true;
        needs.push({ ...a.need, words: phrase, at: i } as Need & { at: number });
        break;
      }
    }
  }
  return { needs: needs.sort((x, y) => x.at - y.at), rest: words.filter((_, i) => !used[i]).join(" ") };
}

/** How a chip says a need: the kind, then the value as the list pages' filters name it. */
export function needLabel(need: Need, categories: readonly Category[]): string {
  const names: Record<Need["kind"], () => Record<string, string>> = {
    certification: () => CERTIFICATION_LABELS,
    region: () => DATA_REGION_LABELS,
    type: () => APP_TYPE_LABELS,
    product: () => Object.fromEntries(PRODUCT_NAV.map((p) => [p.path, PRODUCT_TYPE_LABELS[p.categoryType]])),
    category: () => Object.fromEntries(categories.map((c) => [c.slug, c.name])),
    freshness: () => FRESHNESS_LABELS,
  };
  const kind = { certification: "Certification", region: "Data region", type: "App type", product: "Product", category: "Category", freshness: "Freshness" }[need.kind];
  return `${kind}: ${names[need.kind]()[need.value] ?? need.value}`;
}

/** The catalogue query with these needs as filters (a certification or region adds to those chosen; the others replace). */
export function withNeeds(base: CatalogueQuery, needs: readonly Need[], categories: readonly Category[]): CatalogueQuery {
  const query: CatalogueQuery = { ...base };
  for (const n of needs) {
    if (n.kind === "certification") query.certifications = [...new Set([...(query.certifications ?? []), n.value])];
    else if (n.kind === "region") query.dataRegions = [...new Set([...(query.dataRegions ?? []), n.value])];
    else if (n.kind === "freshness") query.freshness = [...new Set([...(query.freshness ?? []), n.value])];
    else if (n.kind === "type") query.appType = n.value;
    else if (n.kind === "product") query.productTypes = [n.productType];
    else query.categoryIds = categories.filter((c) => c.slug === n.value && c.categoryType !== "appContext").map((c) => c.id);
  }
  return query;
}

/** An exact name ranks in the top name tier (catalogue.server.ts NAME_TIER: 20000 above bm25). */
const EXACT_NAME_SCORE = 19000;

/**
 * Whether needs found in `text` should become filters: not when the text is an app's exact name
 * ("Candor Post Bot" need not be a bot), and not when the filtered search finds nothing (the text
 * as typed is searched instead). `keep` leaves out needs the caller's own filters already decide.
 */
export async function needsToApply(
  catalogue: Catalogue,
  base: CatalogueQuery,
  text: string,
  categories: readonly Category[],
  keep: (need: Need) => boolean = () => true,
): Promise<(ParsedNeeds & { query: CatalogueQuery }) | null> {
  const parsed = parseNeeds(text, categories);
  const needs = parsed.needs.filter(keep);
  if (needs.length === 0) return null;
  const asTyped = await searchCatalogue(catalogue, { ...base, searchQuery: text }, { offset: 0, limit: 1 });
  if ((asTyped.items[0]?._score ?? 0) >= EXACT_NAME_SCORE) return null;
  const { searchQuery: _typed, textMatch: _match, ...filters } = base;
  const query = withNeeds(filters, needs, categories);
  const total = parsed.rest !== "" ? (await searchCatalogue(catalogue, { ...query, searchQuery: parsed.rest }, { offset: 0, limit: 1 })).total : await catalogue.count(query);
  return total > 0 ? { needs, rest: parsed.rest, query } : null;
}
