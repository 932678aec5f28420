// `npm run bench -- --only=relevance` (issue 28): the relevance test set (bench/relevance-set.json,
// written by bench/relevance-set.ts) through the built Worker with the 400-app seed, as
// /api/search?sortBy=relevance answers it. Reports per class hit@1, hit@3, MRR (first hit in the top
// 10) and the zero-result rate; for word forms the Jaccard similarity of singular and plural result
// sets; and the issue's goals. Quality, not speed: one client, no load. Not in the full run.
import { readFileSync } from "node:fs";
import { startWorker } from "../../test/integration/harness.ts";
import { table, type Verdict } from "../../scripts/harness/report.ts";
import type { BuildContext, Outcome, Scenario } from "../scenario.ts";

type Metric = "hit1" | "hit3" | "zero" | "jaccardMin";
const GOALS: { kind: string; metric: Metric; min?: number; max?: number; label: string }[] = [
  { kind: "exact", metric: "hit1", min: 1, label: "exact name hit@1 100%" },
  { kind: "typo1", metric: "hit3", min: 0.95, label: "one typo hit@3 ≥ 95%" },
  { kind: "typo2", metric: "hit3", min: 0.85, label: "two typos (8+ letters) hit@3 ≥ 85%" },
  { kind: "typo1", metric: "zero", max: 0, label: "zero results, one typo 0%" },
  { kind: "typo2", metric: "zero", max: 0, label: "zero results, two typos 0%" },
  { kind: "split", metric: "hit1", min: 1, label: "split words hit@1 100%" },
  { kind: "joined", metric: "hit1", min: 1, label: "joined words hit@1 100%" },
  { kind: "forms", metric: "jaccardMin", min: 0.9, label: "singular/plural Jaccard ≥ 0.9 (every pair)" },
];

export type RelevanceCase = { kind: string; query: string; relevant?: string[]; pair?: string; note?: string };
type Page = { items: { id: string; friendlyId: string | null }[]; total: number; correctedQuery?: string };
type Pair = { pair: string; j: number; sizes: string };
type Figures = { n: number; hit1: number; hit3: number; mrr: number; zero: number; jaccardMean?: number; jaccardMin?: number; pairs?: Pair[] };

async function run(ctx: BuildContext): Promise<Outcome> {
  const set = JSON.parse(readFileSync(`${ctx.root}/bench/relevance-set.json`, "utf8")) as { cases: RelevanceCase[] };
  // With content/: the synonyms are a content entry.
  const worker = await startWorker({ content: true });
  try {
    // Each request from its own client address (198.18.0.0/15, set aside for benchmarks): the set
    // pages through every result of its word-form pairs, more than RATE_LIMIT_SEARCH allows one
    // client in 10 s (the run failed with 429s).
    let request = 0;
    const search = async (query: string, extra: Record<string, string> = {}): Promise<Page> => {
      const params = new URLSearchParams({ searchQuery: query, sortBy: "relevance", ...extra });
      const i = request++;
      const res = await worker.fetch(`/api/search?${params}`, { headers: { "CF-Connecting-IP": `198.18.${(i >> 8) & 255}.${i & 255}` } });
      if (res.status !== 200) throw new Error(`/api/search?${params}: ${res.status}`);
      return (await res.json()) as Page;
    };
    /** Every app a text finds (pages of 100). */
    const allKeys = async (query: string) => {
      const keys = new Set<string>();
      for (let offset = 0; ; offset += 100) {
        const page = await search(query, { max: "100", offset: String(offset) });
        for (const a of page.items) keys.add(a.friendlyId ?? a.id);
        if (offset + 100 >= page.total) return keys;
      }
    };
    const byKind = new Map<string, { n: number; hit1: number; hit3: number; rr: number; zero: number; jaccard: Pair[] }>();
    const misses: string[] = [];
    for (const c of set.cases) {
      const row = byKind.get(c.kind) ?? { n: 0, hit1: 0, hit3: 0, rr: 0, zero: 0, jaccard: [] };
      byKind.set(c.kind, row);
      row.n++;
      if (c.kind === "forms") {
        const [a, b] = [await allKeys(c.query), await allKeys(c.pair ?? "")];
        const union = new Set([...a, ...b]).size;
        row.jaccard.push({ pair: `${c.query}/${c.pair}`, j: union === 0 ? 1 : [...a].filter((k) => b.has(k)).length / union, sizes: `${a.size}/${b.size}` });
        if (a.size === 0) row.zero++;
        continue;
      }
      const page = await search(c.query, { max: "10" });
      const relevant = new Set(c.relevant ?? []);
      const rank = page.items.findIndex((a) => (a.friendlyId !== null && relevant.has(a.friendlyId)) || relevant.has(a.id));
      if (page.total === 0) row.zero++;
      if (rank === 0) row.hit1++;
      if (rank >= 0 && rank < 3) row.hit3++;
      if (rank >= 0) row.rr += 1 / (rank + 1);
      if (rank < 0 || rank >= 3)
        misses.push(
          `${c.kind} "${c.query}": ${rank < 0 ? "not in the top 10" : `rank ${rank + 1}`} (${page.total} found${page.correctedQuery ? `, as "${page.correctedQuery}"` : ""})`,
        );
    }
    const pct = (x: number) => `${(x * 100).toFixed(1)}%`;
    const figures: Record<string, Figures> = {};
    const rows = [...byKind].map(([kind, r]) => {
      const f: Figures = { n: r.n, hit1: r.hit1 / r.n, hit3: r.hit3 / r.n, mrr: r.rr / r.n, zero: r.zero / r.n };
      if (r.jaccard.length) {
        f.jaccardMean = r.jaccard.reduce((s, x) => s + x.j, 0) / r.jaccard.length;
        f.jaccardMin = Math.min(...r.jaccard.map((x) => x.j));
        f.pairs = r.jaccard;
      }
      figures[kind] = f;
      return kind === "forms"
        ? [kind, r.n, "", "", "", pct(f.zero), `mean ${(f.jaccardMean ?? 0).toFixed(3)}, min ${(f.jaccardMin ?? 0).toFixed(3)}`]
        : [kind, r.n, pct(f.hit1), pct(f.hit3), f.mrr.toFixed(3), pct(f.zero), ""];
    });
    const report = [
      `Relevance: ${set.cases.length} labelled queries (bench/relevance-set.json), /api/search?sortBy=relevance on the 400-app seed`,
      table(["class", "queries", "hit@1", "hit@3", "MRR", "zero results", "Jaccard (singular/plural)"], rows),
    ];
    for (const p of (figures.forms?.pairs ?? []).filter((x) => x.j < 1)) report.push(`  forms ${p.pair}: Jaccard ${p.j.toFixed(3)} (${p.sizes} apps)`);
    if (misses.length) report.push("", `Misses (not in the top 3), ${misses.length}:`, ...misses.map((m) => `  ${m}`));
    const verdicts: Verdict[] = GOALS.map((g) => {
      const value = figures[g.kind]?.[g.metric];
      const ok = value !== undefined && (g.min === undefined || value >= g.min - 1e-9) && (g.max === undefined || value <= g.max + 1e-9);
      return { target: g.label, value: value === undefined ? "n/a" : g.metric.startsWith("jaccard") ? value.toFixed(3) : pct(value), ok };
    });
    return { report, verdicts, json: { figures, misses } };
  } finally {
    await worker.dispose();
  }
}

export const relevance: Scenario = {
  id: "relevance",
  about: "issue 28's relevance test set (bench/relevance-set.json) through the built Worker on the 400-app seed; only when named",
  needs: "build",
  inFullRun: false,
  run,
};
