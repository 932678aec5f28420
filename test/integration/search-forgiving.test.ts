// Search that forgives (issue 28) through the built Worker on the 400-app seed: typos, word forms,
// split and joined words, all words first, "did you mean" on /search (no JavaScript involved: it is
// all server HTML and links), /api/search and /api/suggest, and needs said in words as filters.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorker, type TestWorker } from "./harness.ts";
import { page as parse } from "./html.ts";

let w: TestWorker;
beforeAll(async () => {
  w = await startWorker({ content: true });
});
afterAll(() => w?.dispose());

type Answer = {
  items: { name: string; companyName: string; type: string; friendlyId: string | null; id: string }[];
  total: number;
  correctedQuery?: string | null;
  moreWithSomeWords?: number;
  filtersFromWords?: { filter: string; value: string; words: string }[];
  searchedText?: string;
};
const api = async (searchQuery: string, extra: Record<string, string> = {}) => {
  const res = await w.fetch(`/api/search?${new URLSearchParams({ searchQuery, sortBy: "relevance", max: "100", ...extra })}`);
  expect(res.status).toBe(200);
  return (await res.json()) as Answer;
};
const keys = (a: Answer) => new Set(a.items.map((i) => i.friendlyId ?? i.id));

describe("/api/search forgives", () => {
  it.each([
    ["Magnet Incidnet", "Magnet Incident", "magnet incident"],
    ["trelis scribe", "Trellis Scribe", "trellis scribe"],
    ["Vetcor Cast", "Vector Cast", "vector cast"],
    ["pixl hub", "Pixel Hub", "pixel hub"],
  ])("one typo: %s finds %s first, and says what it searched for", async (typed, name, corrected) => {
    const answer = await api(typed);
    expect(answer.items[0]?.name).toBe(name);
    expect(answer.correctedQuery).toBe(corrected);
  });

  it("literal=true searches the words as typed", async () => {
    const answer = await api("Magnet Incidnet", { literal: "true" });
    expect(answer.total).toBe(0);
    expect(answer.correctedQuery).toBeNull();
  });

  it("a company written as two words finds it first", async () => {
    const answer = await api("Pine gate");
    expect(answer.items[0]?.companyName).toBe("Pinegate Software");
    expect(answer.correctedQuery).toBe("pinegate");
  });

  it("a joined word finds what its two words find", async () => {
    const [joined, two] = [await api("helpdesk"), await api("help desk")];
    expect(joined.total).toBeGreaterThan(0);
    // The seed's synonyms (content/search-synonyms.json) name "help desk" for "helpdesk" too, so no correction is due.
    const found = keys(joined);
    expect([...keys(two)].filter((k) => found.has(k)).length).toBeGreaterThan(0);
  });

  it.each([
    ["poll", "polls"],
    ["transcript", "transcripts"],
    ["lesson", "lessons"],
  ])("singular and plural agree: %s / %s", async (one, many) => {
    const [a, b] = [await api(one), await api(many)];
    expect(a.total).toBe(b.total);
    expect(keys(a)).toEqual(keys(b));
  });

  it("all words first: IT help counts the apps that match both words, and offers the rest", async () => {
    const answer = await api("IT help");
    expect(answer.total).toBeLessThan(50);
    expect(answer.moreWithSomeWords).toBeGreaterThan(100);
  });

  it("an exact name is still first, a word that names an app type included", async () => {
    for (const name of ["Pollster", "Candor Post Bot", "Crème Brûlée Polls"]) {
      const answer = await api(name);
      expect(answer.items[0]?.name, name).toBe(name);
      expect(answer.filtersFromWords, name).toBeUndefined();
    }
  });

  it("needs said in words become filters, and the answer says which", async () => {
    const answer = await api("HIPAA transcription in the EU");
    // In the order typed.
    expect(answer.filtersFromWords).toEqual([
      { filter: "certification", value: "hipaa", words: "hipaa" },
      { filter: "region", value: "eu", words: "in the eu" },
    ]);
    expect(answer.searchedText).toBe("transcription");
    const filtered = await api("transcription", { certification: "hipaa", dataRegion: "eu" });
    expect(keys(answer)).toEqual(keys(filtered));
  });

  it("/api/suggest suggests the corrected names", async () => {
    const res = await w.fetch("/api/suggest?q=pixl");
    const body = (await res.json()) as { items: { name: string }[]; correctedQuery: string | null };
    expect(body.items.map((i) => i.name).some((n) => n.startsWith("Pixel"))).toBe(true);
    expect(body.correctedQuery).toBe("pixel");
  });

  it("the vocabulary read from the index is shared through KV under the catalogue version (decision 044)", async () => {
    await (await w.fetch("/api/suggest?q=pixl")).arrayBuffer();
    const key = `search-vocabulary:${await w.kv.get("catalogue-version")}`;
    let stored: { term: string; col: string; doc: number }[] | null = null;
    // Written after the answer (waitUntil).
    for (let i = 0; i < 40 && stored === null; i++) {
      stored = await w.kv.get(key, "json");
      if (stored === null) await new Promise((r) => setTimeout(r, 50));
    }
    expect(stored?.some((r) => r.term === "pixel" && r.col === "name" && r.doc > 0)).toBe(true);
  });
});

describe("/search forgives, without JavaScript", () => {
  it("did you mean: the corrected results, and a link to search as typed", async () => {
    const html = await (await w.fetch("/search?q=pine+gate")).text();
    const p = parse(html);
    expect(p.text("h1")).toMatch(/^Showing \d+ results for "pinegate"$/);
    const instead = p.link("pine gate");
    expect(instead?.getAttribute("href")).toBe("/search?q=pine+gate&literal=1");
    const literal = parse(await (await w.fetch("/search?q=pine+gate&literal=1")).text());
    expect(literal.text("h1")).not.toContain("pinegate");
  });

  it("the count line offers the apps that match some of the words", async () => {
    const p = parse(await (await w.fetch("/search?q=IT+help")).text());
    const more = p.all("a").find((a) => /more match some of them/.test(a.text));
    expect(more?.getAttribute("href")).toBe("/search?q=IT+help&words=any");
    const any = parse(await (await w.fetch("/search?q=IT+help&words=any")).text());
    expect(any.text("h1")).toMatch(/^Showing 3\d\d results/);
  });

  it("needs become filters with removable chips; a chip removes its filter only", async () => {
    const res = await w.fetch("/search?q=bot+for+polls");
    expect(res.status).toBe(302);
    const target = res.headers.get("Location")!;
    expect(target).toBe("/search?q=for+polls&type=bot&said=bot+for+polls");
    const p = parse(await (await w.fetch(target)).text());
    expect(p.text("h1")).toMatch(/results for "bot for polls"$/);
    const chip = p.link("App type: Bot ×") ?? p.all("a").find((a) => a.getAttribute("aria-label") === "Remove filter App type: Bot");
    // The text stays as it was; what is searched now is said without the filter's words.
    expect(chip?.getAttribute("href")).toBe("/search?q=for+polls&said=for+polls");
    // Back without the filter: no redirect, the same words, no chip.
    const back = await w.fetch(chip!.getAttribute("href")!);
    expect(back.status).toBe(200);
    const after = parse(await back.text());
    expect(after.text("h1")).toMatch(/results for "for polls"$/);
    expect(after.all("a").filter((a) => (a.getAttribute("aria-label") ?? "").startsWith("Remove filter"))).toEqual([]);
  });

  it("a need that was all that was said: its chip searches its words as typed, not as the filter again", async () => {
    const target = (await w.fetch("/search?q=HIPAA")).headers.get("Location")!;
    expect(target).toBe("/search?certification=hipaa&said=HIPAA");
    const p = parse(await (await w.fetch(target)).text());
    const chip = p.all("a").find((a) => a.getAttribute("aria-label") === "Remove filter Certification: HIPAA");
    expect(chip?.getAttribute("href")).toBe("/search?q=HIPAA&literal=1");
    expect((await w.fetch(chip!.getAttribute("href")!)).status).toBe(200);
  });

  it("removing either of two chips keeps the other words and filter: the results only grow (issue 40 item 12)", async () => {
    const typed = "HIPAA transcription in the EU";
    const res = await w.fetch(`/search?${new URLSearchParams({ q: typed, sort: "a-z" })}`);
    expect(res.status).toBe(302);
    const target = res.headers.get("Location")!;
    const start = parse(await (await w.fetch(target)).text());
    const count = (h1: string) => Number(/Showing ([\d,]+) results?/.exec(h1)?.[1]?.replace(/,/g, "") ?? "0");
    const before = count(start.text("h1"));
    expect(before).toBeGreaterThan(0);
    const chips = start.all("a").filter((a) => (a.getAttribute("aria-label") ?? "").startsWith("Remove filter"));
    expect(chips.map((a) => a.getAttribute("aria-label"))).toEqual(["Remove filter Certification: HIPAA", "Remove filter Data region: European Union"]);
    const expected: Record<string, { said: string; left: string; gone: string }> = {
      "Remove filter Certification: HIPAA": { said: "transcription in the EU", left: "region=eu", gone: "certification=hipaa" },
      "Remove filter Data region: European Union": { said: "HIPAA transcription", left: "certification=hipaa", gone: "region=eu" },
    };
    for (const chip of chips) {
      const want = expected[chip.getAttribute("aria-label")!]!;
      const href = chip.getAttribute("href")!;
      const url = new URL(href, "http://x");
      expect(url.searchParams.get("q")).toBe("transcription");
      expect(url.searchParams.get("sort")).toBe("a-z");
      expect(href).toContain(want.left);
      expect(href).not.toContain(want.gone);
      const answer = await w.fetch(href);
      expect(answer.status).toBe(200);
      const after = parse(await answer.text());
      expect(after.text("h1")).toMatch(new RegExp(`^Showing [\\d,]+ results? for "${want.said}"$`));
      expect(count(after.text("h1"))).toBeGreaterThanOrEqual(before);
      // The other chip is still there.
      expect(after.all("a").filter((a) => (a.getAttribute("aria-label") ?? "").startsWith("Remove filter"))).toHaveLength(1);
    }
  });
});
