// Needs said in plain words become filters (issue 28 item 6): "HIPAA transcription in the EU" is
// the text "transcription" with the filters certification HIPAA and data region EU. The vocabulary
// is the catalogue's own: its enums (certifications, data regions, app types, products, freshness)
// and category names, plus the small alias table below. No language model: words are matched as
// whole phrases, longest first, and each need is said back as a chip the person can remove.
import { nameKey } from "~/lib/name-key";
import type { AppType, ProductType } from "~/models/enums";
import type { Freshness } from "~/models/freshness";
import { PRODUCT_NAV } from "~/models/list-routes";
import type { Certification, DataRegion } from "~/models/security-facts";
import type { Category } from "~/models/types";

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
  { phrases: ["the us", "usa", "united states", "the united states"], need: { kind: "region", value: "us" } },
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
 * Finds needs in a text: longest phrases first, each kind once (the first said wins). `rest` is
 * the text without them, in the order typed. Nothing found is the text unchanged.
 */
export function parseNeeds(text: string, categories: readonly Category[]): ParsedNeeds {
  const words = nameKey(text).split(" ").filter(Boolean);
  const aliases = [...CERTIFICATION_ALIASES, ...TYPE_ALIASES, ...FRESHNESS_ALIASES, ...productAliases(), ...categoryAliases(categories)];
  const regionPhrases = REGION_ALIASES.flatMap((a) => a.phrases.flatMap((p) => [p, ...REGION_LEADS.map((lead) => `${lead} ${p}`)].map((phrase) => ({ phrase, a }))));
  const candidates = [...aliases.flatMap((a) => a.phrases.map((phrase) => ({ phrase, a }))), ...regionPhrases].sort(
    (x, y) => y.phrase.split(" ").length - x.phrase.split(" ").length,
  );
  const used = new Array<boolean>(words.length).fill(false);
  const needs: Need[] = [];
  for (const { phrase, a } of candidates) {
    const parts = phrase.split(" ");
    for (let i = 0; i + parts.length <= words.length; i++) {
      if (parts.some((p, j) => used[i + j] || words[i + j] !== p)) continue;
      // The whole text a single word (someone looking for "bots"): leave it to the text search.
      if (parts.length === words.length && parts.length === 1 && a.need.kind !== "certification") continue;
      const sameKind = needs.some((n) => n.kind === a.need.kind && (n.kind === "type" || n.kind === "product" || n.kind === "category" || n.value === a.need.value));
      if (sameKind) continue;
      for (let j = 0; j < parts.length; j++) used[i + j] = true;
      needs.push({ ...a.need, words: phrase } as Need);
      break;
    }
  }
  return { needs, rest: words.filter((_, i) => !used[i]).join(" ") };
}

/** How a chip says a need. */
export function needLabel(
  need: Need,
  labels: {
    certification: Record<string, string>;
    region: Record<string, string>;
    type: Record<string, string>;
    product: Record<string, string>;
    category: Record<string, string>;
    freshness: Record<string, string>;
  },
): string {
  const kind = { certification: "Certification", region: "Data region", type: "App type", product: "Product", category: "Category", freshness: "Freshness" }[need.kind];
  return `${kind}: ${labels[need.kind][need.value] ?? need.value}`;
}
