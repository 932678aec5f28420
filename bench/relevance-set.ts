// The relevance test set (issue 28): labelled queries against the 400-app seed catalogue
// (generateCatalogue({ apps: 400, seed: 1 }), the one `npm run db:seed` and the tests load).
//
//   npx node bench/relevance-set.ts       rewrites bench/relevance-set.json
//
// Generated cases come from the catalogue with a fixed seed (names, one and two typos, company
// names split in two, two name words joined); hand-written cases (word forms, acronyms, needs that
// become filters, synonyms) are in HAND_WRITTEN below. Each case names the apps that count as a hit
// by friendlyId or id: a ranked answer "hits at k" when one of them is among its first k.
// `npm run bench -- --only=relevance` (bench/scenarios/relevance.ts) runs the set through the built Worker.
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { AppRecord } from "../app/models/catalogue-record.ts";
import { generateCatalogue } from "../scripts/lib/catalogue-generator.ts";
import type { RelevanceCase } from "./scenarios/relevance.ts";

const root = path.resolve(import.meta.dirname, "..");
const catalogue = generateCatalogue({ apps: 400, seed: 1 });
const listed = catalogue.apps.filter((a) => a.status === "published" && !a.deprecation);
const keyOf = (a: AppRecord) => a.friendlyId ?? a.id;
const fold = (s: string) =>
  s
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase();
const wordsOf = (s: string): string[] => fold(s).match(/[\p{L}\p{N}]+/gu) ?? [];

// Every word the catalogue holds anywhere: a "typo" that is itself a word is not a typo.
const known = new Set(catalogue.apps.flatMap((a) => wordsOf(`${a.name} ${a.companyName} ${a.tagline} ${a.description}`)));

let state = 28;
const rnd = () => {
  state = (Math.imul(state, 1103515245) + 12345) >>> 0;
  return state / 2 ** 32;
};
const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;

/** Apps with exactly this name (a few names repeat in the generated catalogue). */
const byName = (name: string) => listed.filter((a) => fold(a.name) === fold(name)).map(keyOf);

/** One edit at a random position after the first letter: swap neighbours, drop, double or replace a letter. */
function typo(word: string): string | null {
  for (let tries = 0; tries < 50; tries++) {
    const i = 1 + Math.floor(rnd() * (word.length - 1));
    const kind = Math.floor(rnd() * 4);
    let out;
    if (kind === 0 && i < word.length - 1) out = word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2);
    else if (kind === 1) out = word.slice(0, i) + word.slice(i + 1);
    else if (kind === 2) out = word.slice(0, i) + word[i] + word.slice(i);
    else out = word.slice(0, i) + pick([..."aeioulnrst"]) + word.slice(i + 1);
    if (out !== word && !known.has(out) && out.length >= 4) return out;
  }
  return null;
}

/** Distinct names, in catalogue order, sampled evenly. */
function sample<T>(list: readonly T[], n: number): T[] {
  const step = Math.max(1, Math.floor(list.length / n));
  return list.filter((_, i) => i % step === 0).slice(0, n);
}
const uniqueNames = [...new Map(listed.map((a) => [fold(a.name), a])).values()];

const cases: RelevanceCase[] = [];
const add = (kind: string, query: string, relevant: string[], note?: string) => {
  if (relevant.length > 0 && !cases.some((c) => c.kind === kind && c.query === query)) cases.push({ kind, query, relevant, ...(note ? { note } : {}) });
};

// Exact names: hit@1 must be 100%.
for (const app of sample(uniqueNames, 50)) add("exact", app.name, byName(app.name));

// One typo in the name's longest word of 4+ letters.
for (const app of sample(uniqueNames.slice(3), 60)) {
  const words = app.name.split(" ");
  const lengthOf = (word: string | undefined) => (word === undefined ? 0 : (wordsOf(word)[0]?.length ?? 0));
  const at = words.reduce((best, w, i) => (lengthOf(w) >= 4 && lengthOf(w) > lengthOf(words[best]) ? i : best), 0);
  const w = wordsOf(words[at] ?? "")[0];
  if (!w || w.length < 4) continue;
  const t = typo(w);
  if (t) add("typo1", words.map((x, i) => (i === at ? t : x)).join(" "), byName(app.name));
}

// Two typos in a word of 8+ letters (names, else the company's first word).
for (const app of uniqueNames) {
  if (cases.filter((c) => c.kind === "typo2").length >= 30) break;
  const long = wordsOf(app.name).find((w) => w.length >= 8);
  if (!long) continue;
  const once = typo(long);
  const twice = once ? typo(once) : null;
  if (twice && twice[0] === long[0]) add("typo2", fold(app.name).replace(long, twice), byName(app.name));
}
for (const company of [...new Set(listed.map((a) => a.companyName))]) {
  if (cases.filter((c) => c.kind === "typo2").length >= 30) break;
  const stem = wordsOf(company)[0];
  if (!stem || stem.length < 8) continue;
  const once = typo(stem);
  const twice = once ? typo(once) : null;
  if (twice) add("typo2", twice, listed.filter((a) => wordsOf(a.companyName)[0] === stem).map(keyOf), company);
}

// Company names said as two words ("Pine gate" for Pinegate Software): hit@1 is any of its apps.
const FIRST = [
  "north",
  "blue",
  "bright",
  "iron",
  "silver",
  "red",
  "green",
  "stone",
  "river",
  "sky",
  "sun",
  "star",
  "cloud",
  "cedar",
  "maple",
  "falcon",
  "harbor",
  "summit",
  "pine",
  "golden",
];
for (const company of sample([...new Set(listed.map((a) => a.companyName))], 60)) {
  if (cases.filter((c) => c.kind === "split").length >= 25) break;
  const stem = wordsOf(company)[0];
  if (!stem) continue;
  const first = FIRST.find((f) => stem.startsWith(f) && stem.length > f.length);
  if (!first) continue;
  add("split", `${first} ${stem.slice(first.length)}`, listed.filter((a) => wordsOf(a.companyName)[0] === stem).map(keyOf), company);
}

// Two words of a name typed as one ("tundrapoll" for Tundra Poll).
for (const app of sample(uniqueNames.slice(7), 60)) {
  if (cases.filter((c) => c.kind === "joined").length >= 20) break;
  const [one = "", two = "", ...rest] = wordsOf(app.name);
  if (one.length < 3 || two.length < 3) continue;
  add("joined", [one + two, ...rest].join(" "), byName(app.name));
}

// Hand-written cases. Word forms are pairs whose result sets are compared (Jaccard); the others are
// labelled by a rule over the catalogue (an app counts when the rule holds for it).
const has = (field: "name" | "tagline", word: string) => (a: AppRecord) => wordsOf(a[field]).some((w) => w === word || w === `${word}s`);
const inCategory = (apiIds: string[]) => (a: AppRecord) => a.categoryIds.some((id) => catalogue.categories.find((c) => c.id === id && apiIds.includes(c.apiId)));
const certified = (c: string) => (a: AppRecord) => (a.security?.certifications ?? []).some((x) => x === c);
const region = (r: string) => (a: AppRecord) => (a.security?.dataRegions ?? []).some((x) => x === r);
type HandWritten = { kind: "forms"; query: string; pair: string } | { kind: string; query: string; rule: (a: AppRecord) => boolean };
const HAND_WRITTEN: HandWritten[] = [
  ...[
    ["poll", "polls"],
    ["transcript", "transcripts"],
    ["meeting", "meetings"],
    ["lesson", "lessons"],
    ["note", "notes"],
    ["survey", "surveys"],
    ["reminder", "reminders"],
    ["ticket", "tickets"],
    ["calendar", "calendars"],
    ["dashboard", "dashboards"],
    ["whiteboard", "whiteboards"],
    ["incident", "incidents"],
    ["lead", "leads"],
    ["standup", "standups"],
    ["report", "reports"],
  ].map(([one, many]) => ({ kind: "forms" as const, query: one ?? "", pair: many ?? "" })),
  { kind: "joined", query: "helpdesk", rule: (a) => has("tagline", "help")(a) || has("name", "desk")(a) || has("tagline", "desk")(a) },
  { kind: "joined", query: "whiteboarding", rule: has("name", "whiteboard") },
  { kind: "acronym", query: "crm", rule: (a) => inCategory(["crm"])(a) || /crm/i.test(`${a.name} ${a.tagline}`) },
  {
    kind: "acronym",
    query: "IT help",
    rule: (a) => /\bIT\b/.test(`${a.name} ${a.tagline}`) || inCategory(["it_and_admin", "it_&_admin", "it_services", "help_desk", "it_service_management"])(a),
  },
  { kind: "acronym", query: "AI notes", rule: (a) => /\bAI\b/.test(`${a.name} ${a.tagline}`) || has("name", "note")(a) },
  { kind: "acronym", query: "HR", rule: (a) => /\bHR\b/.test(`${a.name} ${a.tagline}`) || inCategory(["hr", "human_resources"])(a) },
  { kind: "needs", query: "bot for polls", rule: (a) => a.type === "bot" && /poll/i.test(`${a.name} ${a.tagline}`) },
  { kind: "needs", query: "HIPAA transcription in the EU", rule: (a) => certified("hipaa")(a) && region("eu")(a) },
  { kind: "needs", query: "SOC 2 CRM", rule: (a) => certified("soc2-type-ii")(a) && (inCategory(["crm"])(a) || /crm/i.test(a.tagline)) },
  { kind: "needs", query: "whiteboard for meetings", rule: (a) => /whiteboard|canvas|sketch/i.test(`${a.name} ${a.tagline}`) },
  { kind: "needs", query: "polling bot", rule: (a) => a.type === "bot" && /poll/i.test(`${a.name} ${a.tagline}`) },
  { kind: "synonyms", query: "meeting minutes", rule: (a) => /minutes|notes/i.test(a.name) },
  { kind: "synonyms", query: "survey", rule: (a) => /poll|survey/i.test(`${a.name} ${a.tagline}`) },
  { kind: "synonyms", query: "canvas", rule: (a) => /whiteboard|canvas/i.test(`${a.name} ${a.tagline}`) },
  { kind: "synonyms", query: "customer relationship", rule: (a) => inCategory(["crm"])(a) || /crm|customer/i.test(`${a.name} ${a.tagline}`) },
  { kind: "synonyms", query: "vote", rule: (a) => /poll|vote/i.test(`${a.name} ${a.tagline}`) },
];
for (const h of HAND_WRITTEN) {
  if ("pair" in h) cases.push({ kind: "forms", query: h.query, pair: h.pair });
  else if ("rule" in h) add(h.kind, h.query, listed.filter(h.rule).map(keyOf), "hand-written");
}

const counts = Object.fromEntries([...new Set(cases.map((c) => c.kind))].map((k) => [k, cases.filter((c) => c.kind === k).length]));
writeFileSync(
  `${root}/bench/relevance-set.json`,
  `${JSON.stringify({ about: "Issue 28's relevance test set: bench/relevance-set.ts writes it from the 400-app seed (seed 1).", counts, cases }, null, 1)}\n`,
);
process.stdout.write(`bench/relevance-set.json: ${cases.length} cases ${JSON.stringify(counts)}\n`);
