import { describe, expect, it } from "vitest";
import {
  averageOf,
  cellOf,
  change,
  changeText,
  column,
  csvField,
  csvFigure,
  FEWER_THAN,
  figureChange,
  figureRatio,
  isSmall,
  niceTicks,
  parseWindow,
  shownCount,
  shownFigure,
  sum,
  toCsv,
  totalOf,
  windowOf,
} from "./series";

describe("windows", () => {
  it("are 7, 30 or 90 days; anything else is 30", () => {
    expect(parseWindow("7")).toBe(7);
    expect(parseWindow("90")).toBe(90);
    expect(parseWindow("14")).toBe(30);
    expect(parseWindow(null)).toBe(30);
    expect(parseWindow("30; DROP")).toBe(30);
  });

  it("end today (UTC) and the window before is the same length, just before it", () => {
    const w = windowOf(7, new Date("2026-03-02T23:59:00Z"));
    expect(w.current).toEqual(["2026-02-24", "2026-02-25", "2026-02-26", "2026-02-27", "2026-02-28", "2026-03-01", "2026-03-02"]);
    expect(w.previous).toEqual(["2026-02-17", "2026-02-18", "2026-02-19", "2026-02-20", "2026-02-21", "2026-02-22", "2026-02-23"]);
    expect([w.from, w.to]).toEqual(["2026-02-17", "2026-03-02"]);
    expect(windowOf(90, new Date()).current).toHaveLength(90);
  });

  it("turn at midnight UTC, the moment the rollups' days do (issue 46), whatever the months' lengths", () => {
    const [last, first] = [windowOf(30, new Date("2027-02-28T23:59:59.999Z")), windowOf(30, new Date("2027-03-01T00:00:00.000Z"))];
    expect(last.to).toBe("2027-02-28");
    expect(first.to).toBe("2027-03-01");
    expect(first.current).toEqual([...last.current.slice(1), "2027-03-01"]);
    expect([first.current[0], first.previous[0]]).toEqual(["2027-01-31", "2027-01-01"]);
    for (const days of [7, 30, 90] as const) {
      const w = windowOf(days, new Date("2028-03-01T00:00:00Z"));
      expect(new Set([...w.previous, ...w.current]).size).toBe(2 * days);
      expect(w.current).toContain("2028-02-29");
    }
  });
});

describe("daily columns and totals", () => {
  it("fill days without a row with 0, in the window's order", () => {
    const rows = [
      { day: "2026-01-03", n: 4 },
      { day: "2026-01-01", n: 7 },
      { day: "2025-12-31", n: 100 },
    ];
    const values = column(rows, ["2026-01-01", "2026-01-02", "2026-01-03"], (r) => r.n);
    expect(values).toEqual([7, 0, 4]);
    expect(sum(values)).toBe(11);
  });

  it("compare with the window before", () => {
    expect(change(150, 100)).toEqual({ current: 150, previous: 100, percent: 50 });
    expect(changeText(change(150, 100))).toBe("+50 %");
    expect(changeText(change(75, 100))).toBe("−25 %");
    expect(changeText(change(3, 0))).toBe("new in this window");
    expect(changeText(change(0, 0))).toBe("no change");
  });
});

describe("the below-5 rule", () => {
  it("shows 1 to 4 as 'fewer than 5', and 0 and 5 or more as they are", () => {
    expect([0, 1, 2, 3, 4, 5, 12].map(shownCount)).toEqual(["0", FEWER_THAN, FEWER_THAN, FEWER_THAN, FEWER_THAN, "5", "12"]);
    // Thousands grouped on the page, as everywhere on the hub.
    expect(shownCount(23912)).toBe("23,912");
    expect(FEWER_THAN).toBe("fewer than 5");
    expect(isSmall(0)).toBe(false);
    expect(isSmall(4)).toBe(true);
  });

  it("gives no average of fewer than 5 ratings", () => {
    expect(averageOf(20, 4)).toBeNull();
    expect(averageOf(21, 5)).toBe(4.2);
  });
});

describe("CSV", () => {
  it("quotes what needs quoting and defuses formulas", () => {
    expect(csvField("plain")).toBe("plain");
    expect(csvField('say "hi", ok')).toBe('"say ""hi"", ok"');
    expect(csvField("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvField(-3)).toBe("-3");
    expect(
      toCsv([
        ["day", "views"],
        ["2026-01-01", 3],
      ]),
    ).toBe("day,views\r\n2026-01-01,3\r\n");
  });
});

it("ticks reach a round number at or above the largest value", () => {
  expect(niceTicks(0)).toEqual([0, 1]);
  expect(niceTicks(10)).toEqual([0, 2.5, 5, 7.5, 10]);
  const ticks = niceTicks(437);
  expect(ticks[0]).toBe(0);
  expect(ticks.at(-1)).toBeGreaterThanOrEqual(437);
  expect(ticks.length).toBeLessThanOrEqual(6);
});

/**
 * Issue 40 item 1: the below-5 rule must survive subtraction. Every figure a page, a chart or a CSV
 * shows is checked here the way a reader would attack it: take a shown total, take away the shown
 * parts, and see whether one hidden value is left.
 */
describe("no shown figure gives away a hidden one by subtraction", () => {
  /** The values a shown text allows: "12" → [12, 12]; "fewer than 5" → [1, 4]; "85–97" → [85, 97]. */
  const allowed = (text: string): [number, number] => {
    if (text === FEWER_THAN) return [1, 4];
    const range = /^([\d,]+)–([\d,]+)$/.exec(text);
    if (range) return [Number(range[1]!.replace(/,/g, "")), Number(range[2]!.replace(/,/g, ""))];
    const n = Number(text.replace(/,/g, ""));
    expect(Number.isInteger(n), `a count, a range or "fewer than 5": ${text}`).toBe(true);
    return [n, n];
  };
  /** What `whole − Σ parts` leaves for the one unknown part, as a reader of the shown texts works it out (clamped to 1–4). */
  const candidates = (whole: string, parts: readonly string[]) => {
    const [lo, hi] = allowed(whole);
    const [plo, phi] = parts.map(allowed).reduce(([a, b], [c, d]) => [a + c, b + d], [0, 0]);
    const from = Math.max(1, lo - phi);
    const to = Math.min(4, hi - plo);
    return to - from + 1;
  };

  const days = [12, 15, 3, 20, 0, 18, 20]; // 88 in total; the third day (3) is hidden
  const shownDays = days.map(shownCount);

  it("a window's total minus its shown days", () => {
    expect(shownDays[2]).toBe(FEWER_THAN);
    const total = shownFigure(totalOf(days.map(cellOf)));
    expect(total).not.toBe("88");
    // Knowing every other day exactly, the hidden one is still anything from 1 to 4.
    expect(
      candidates(
        total,
        shownDays.filter((_, i) => i !== 2),
      ),
    ).toBe(4);
  });

  it("a total of many days with one hidden, whatever the shown days add up to", () => {
    for (let shown = 0; shown < 40; shown++) {
      for (let hidden = 1; hidden <= 4; hidden++) {
        const parts = [cellOf(hidden), ...(shown >= 5 ? [cellOf(shown)] : [])];
        const total = shownFigure(totalOf(parts));
        expect(candidates(total, shown >= 5 ? [shownCount(shown)] : [])).toBeGreaterThan(1);
      }
    }
  });

  it("a publisher's total minus its apps' totals, and a publisher's day minus its apps' days", () => {
    const appA = [3, 10, 7];
    const appB = [9, 12, 30];
    const publisherDays = appA.map((a, i) => totalOf([cellOf(a), cellOf(appB[i]!)]));
    // The publisher's first day (3 + 9) is not 12: app B's 9 is shown, so 12 would give away A's 3.
    expect(shownFigure(publisherDays[0]!)).not.toBe("12");
    expect(candidates(shownFigure(publisherDays[0]!), [shownCount(9)])).toBe(4);
    const publisherTotal = shownFigure(totalOf(publisherDays));
    const totalB = shownFigure(totalOf(appB.map(cellOf)));
    expect(totalB).toBe("51");
    expect(candidates(publisherTotal, [totalB, shownCount(10), shownCount(7)])).toBe(4);
  });

  it("between windows: the change and the window before say nothing more than their totals", () => {
    const current = totalOf(days.map(cellOf));
    const before = totalOf([cellOf(40), cellOf(2)]);
    expect(shownFigure(before)).not.toBe("42");
    // A percentage of an exact window before would give the exact total back.
    expect(figureChange(current, totalOf([cellOf(40)]))).not.toMatch(/%/);
    expect(figureChange(totalOf([cellOf(150)]), totalOf([cellOf(100)]))).toBe("+50 %");
    expect(figureRatio(totalOf([cellOf(2)]), current)).toBe("–");
    expect(figureRatio(totalOf([cellOf(10)]), totalOf([cellOf(40)]))).toBe("25 %");
  });

  it("writes a figure with hidden parts as the range its shown parts allow, the same on the page and in the CSV", () => {
    expect(shownFigure(totalOf([cellOf(0), cellOf(0)]))).toBe("0");
    expect(shownFigure(totalOf([cellOf(3)]))).toBe(FEWER_THAN);
    expect(shownFigure(totalOf([cellOf(3), cellOf(40)]))).toBe("41–44");
    expect(shownFigure(totalOf([cellOf(2), cellOf(1)]))).toBe("2–8");
    expect(shownFigure(totalOf([cellOf(2), cellOf(23_000)]))).toBe("23,001–23,004");
    expect(csvFigure(totalOf([cellOf(2), cellOf(23_000)]))).toBe("23001–23004");
    expect(csvFigure(totalOf([cellOf(23_000)]))).toBe("23000");
  });
});
