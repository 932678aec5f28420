// The bounded text ranking (issue 31, docs/decisions/049) on SQLite's own FTS5 with the real
// migrations (node:sqlite): below the window it is the full ranking, row for row; above it each
// level ranks its newest matches, levels first, and names that are or start with the text come
// from the name index whatever their age.
import { readdirSync, readFileSync } from "node:fs";
import { DatabaseSync } from "node:sqlite";
import { fileURLToPath } from "node:url";
import { beforeEach, describe, expect, it } from "vitest";
import { planSearch, type SearchPlan } from "../features/search/query-plan.server.ts";
import { buildVocabulary } from "../features/search/vocabulary.server.ts";
import { bm25Of, boundedRanking, type RankingInput, SEARCH_WEIGHTS, TIER_STEP } from "./text-ranking.server";

const migrations = fileURLToPath(new URL("../../migrations", import.meta.url));
const BM25 = bm25Of(SEARCH_WEIGHTS);

let db: DatabaseSync;
let seq = 0;

type Texts = { company?: string; tagline?: string; categories?: string };

function addApp(name: string, description: string, type = "integration", { company = "Acme", tagline = "A tagline", categories = "" }: Texts = {}) {
  seq += 1;
  db.prepare(
    `INSERT INTO apps (seq, id, name, logo, type, product_type, company_name, tagline, description, category_names, submitted_at, updated_at, status, name_key)
     VALUES (?, ?, ?, 'l.png', ?, 'teams', ?, ?, ?, ?, '2026-01-01', '2026-01-01', 'published', ?)`,
  ).run(seq, `app-${seq}`, name, type, company, tagline, description, categories, name.toLowerCase());
  return seq;
}

/** An empty catalogue with the real migrations. */
function openCatalogue() {
  db = new DatabaseSync(":memory:");
  for (const file of readdirSync(migrations).sort()) db.exec(readFileSync(`${migrations}/${file}`, "utf8"));
  seq = 0;
}

/** Apps `from`..`to` (seq), whatever was added. */
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

const FILTERS = { sql: "a.status = ? AND a.listing = 0", params: ["published"] };

function ranked(input: Partial<RankingInput> & Pick<RankingInput, "window">): { seq: number; score: number }[] {
  const full: RankingInput = { all: '("poll" OR "polls")', tiers: ['"poll"'], weights: SEARCH_WEIGHTS, nameKey: "poll", filters: FILTERS, reach: 32, ...input };
  const { sql, params } = boundedRanking(full);
  return db.prepare(`SELECT seq, score FROM (${sql} ORDER BY score ASC, seq ASC)`).all(...(params as never[])) as { seq: number; score: number }[];
}

/** The ranking before issue 31's bound (every match: levels by membership, name tiers, bm25 of `all`). */
function reference(all: string, tiers: readonly string[], key: string): number[] {
  const whens = tiers.map((_, i) => `WHEN a.seq IN (SELECT rowid FROM apps_fts WHERE apps_fts MATCH ?) THEN ${i * TIER_STEP}`).join(" ");
  const level = tiers.length ? `CASE ${whens} ELSE ${tiers.length * TIER_STEP} END` : "0";
  const rows = db
    .prepare(
      `SELECT a.seq AS seq, (${BM25} - CASE WHEN a.name_key = ? THEN 20000 WHEN substr(a.name_key, 1, ?) = ? THEN 10000 ELSE 0 END + ${level}) AS score
       FROM apps a INDEXED BY apps_search JOIN apps_fts ON apps_fts.rowid = a.seq WHERE apps_fts MATCH ? AND a.status = 'published' AND a.listing = 0
       ORDER BY score ASC, a.seq ASC`,
    )
    .all(key, key.length, key, ...tiers, all) as { seq: number }[];
  return rows.map((r) => r.seq);
}

beforeEach(() => {
  openCatalogue();
  // The oldest app is named for the word; then strong matches (old), then weaker ones (newer).
  addApp("Poll", "Run a poll.");
  for (let i = 0; i < 20; i++) addApp(`Alpha ${i}`, "poll poll poll");
  for (let i = 0; i < 40; i++) addApp(`Beta ${i}`, `We poll now and then, among ${"many other words ".repeat(1 + (i % 5))}`);
  addApp("Gamma", "It counts polls.");
});

describe("boundedRanking", () => {
  it("ranks every match exactly as before while fewer than the window match", () => {
    const rows = ranked({ window: 1_000 });
    expect(rows.map((r) => r.seq)).toEqual(reference('("poll" OR "polls")', ['"poll"'], "poll"));
    expect(rows).toHaveLength(62);
  });

  it("is the full ranking for a text with no stricter level and for one whose name tiers are empty", () => {
    expect(ranked({ window: 1_000, tiers: [], nameKey: "zzz" }).map((r) => r.seq)).toEqual(reference('("poll" OR "polls")', [], "zzz"));
  });

  it("above the window ranks each level's newest matches, levels first, and the name apps from the name index", () => {
    const rows = ranked({ window: 10 }).map((r) => r.seq);
    // The app named "Poll" is the oldest: outside every window, yet first (exact name, exact level).
    expect(rows[0]).toBe(1);
    // The words as typed: the newest 10 that have them (52..61), before the app found only by a form (62).
    expect(new Set(rows.slice(1, 11))).toEqual(new Set(range(52, 61)));
    expect(rows[11]).toBe(62);
    // The old strong matches are outside the window: not ranked.
    expect(rows).toHaveLength(12);
  });

  it("keeps a stricter level's window when a looser level's matches are all newer", () => {
    for (let i = 0; i < 15; i++) addApp(`Delta ${i}`, "Counts polls.");
    const rows = ranked({ window: 10 }).map((r) => r.seq);
    // Level 0's window (52..61) comes before level 1's (the newest 10 form-only matches, 68..77).
    expect(new Set(rows.slice(1, 11))).toEqual(new Set(range(52, 61)));
    expect(new Set(rows.slice(11))).toEqual(new Set(range(68, 77)));
  });

  it("fills the window with apps that pass the filters", () => {
    for (let i = 0; i < 5; i++) addApp(`Hidden ${i}`, "poll", "embeddedApp");
    const rows = ranked({ window: 10, filters: { sql: "a.status = ? AND a.listing = 0 AND a.type NOT IN (?)", params: ["published", "embeddedApp"] } });
    const seqs = rows.map((r) => r.seq);
    expect(seqs.some((s) => s > 62)).toBe(false);
    expect(new Set(seqs.slice(1, 11))).toEqual(new Set(range(52, 61)));
  });

  it("orders the name matches outside the windows by level, then tier, after the windowed ones of their tier", () => {
    addApp("Pollen Pad", "A pad.");
    // A name that starts with the text but matches only as a form ("polls"): level 1.
    const late = addApp("Polls Board", "Boards.");
    const rows = ranked({ window: 5, all: '("poll"* OR "polls")', tiers: ['"poll"'] });
    const seqs = rows.map((r) => r.seq);
    // "Poll" (exact name, level 0) first; "Pollen Pad" and "Polls Board" match the prefix at the broad level.
    expect(seqs[0]).toBe(1);
    const scoreOf = (s: number) => rows.find((r) => r.seq === s)?.score;
    expect(scoreOf(late)).toBeLessThan(TIER_STEP);
    expect(scoreOf(late)).toBeGreaterThan(0);
  });

  it("takes the name matches outside the windows only as deep as the page reaches", () => {
    for (let i = 0; i < 10; i++) addApp(`Poll Old ${i}`, "Polling.");
    for (let i = 0; i < 30; i++) addApp(`Epsilon ${i}`, "poll");
    const names = (reach: number) => ranked({ window: 5, reach }).filter((r) => r.score < -9_000).length; // in a name tier (10,000 or 20,000 off)
    expect(names(3)).toBe(3);
    expect(names(32)).toBe(11);
  });
});

describe("above the window: where the words are, and nothing outside the window", () => {
  const ZETA = { all: '("zeta" OR "zetas")', tiers: [], nameKey: "zeta", window: 6 };

  it("ranks a level's window by the columns that hold its words (name, company, tagline, categories, description), then the shorter name", () => {
    for (let i = 0; i < 20; i++) addApp(`Old ${i}`, "zeta");
    const inDescription = addApp("Rho", "All about zeta.");
    const inCategories = addApp("Sigma", "Other words.", "integration", { categories: "Zeta tools" });
    const inTagline = addApp("Tau", "Other words.", "integration", { tagline: "The zeta app" });
    const inCompany = addApp("Upsilon", "Other words.", "integration", { company: "Zeta Labs" });
    const inLongName = addApp("Phi Zeta Board", "Other words.");
    const inShortName = addApp("Chi Zetas", "Other words.");
    expect(ranked(ZETA).map((r) => r.seq)).toEqual([inShortName, inLongName, inCompany, inTagline, inCategories, inDescription]);
  });

  it("is not moved by matches outside the window (bm25's idf would read every one)", () => {
    // The same two newest apps, once behind 40 old apps that say "zeta" and once behind 40 that say
    // "zetas": bm25 ranks whichever word is rarer in the whole catalogue first.
    const order = (oldWord: string) => {
      openCatalogue();
      for (let i = 0; i < 40; i++) addApp(`Old ${i}`, `Something ${oldWord}.`);
      addApp("Xi", "zeta zeta zeta");
      addApp("Omicron", "zetas");
      return ranked({ ...ZETA, window: 2 }).map((r) => r.seq);
    };
    expect(order("zeta")).toEqual(order("zetas"));
    expect(order("zeta")).toEqual([41, 42]);
  });
});

describe("the plan's tiers and the ranking's contract (every tier's matches are the expression's)", () => {
  // "pine gate" joins to "pinegate" (issue 28 item 3), but "Search instead for pine gate" (the
  // literal expression) leaves the joined word out. Above the window each level's matches are taken
  // as they are, so a tier holding the joined word would put "Pinegate" apps into the literal results.
  // ("gates" gives "gate" a form, so the words as typed are a tier of their own.)
  const vocabulary = buildVocabulary(["pine", "gate", "gates", "pinegate"].map((term) => ({ term, col: "name", doc: 3 })));
  const matches = (expression: string) => new Set((db.prepare("SELECT rowid FROM apps_fts WHERE apps_fts MATCH ?").all(expression) as { rowid: number }[]).map((r) => r.rowid));

  it.each([
    ["literal", (p: SearchPlan) => ({ all: p.literal, tiers: p.literalTiers })],
    ["forgiving", (p: SearchPlan) => ({ all: p.all, tiers: p.tiers })],
  ] as const)("%s: above the window, every result matches its expression", (_, pick) => {
    for (let i = 0; i < 6; i++) addApp(`Pine Gate ${i}`, "A pine by a gate.");
    // The newest: inside every level's window of 2.
    const joined = addApp("Pinegate Relay", "Messages.");
    const plan = planSearch("pine gate", vocabulary);
    const { all, tiers } = pick(plan);
    const results = ranked({ all, tiers, nameKey: "pine gate", window: 2 }).map((r) => r.seq);
    const allowed = matches(all);
    expect(results.length).toBeGreaterThan(0);
    for (const s of results) expect(allowed.has(s)).toBe(true);
    expect(results.includes(joined)).toBe(all === plan.all);
  });
});
