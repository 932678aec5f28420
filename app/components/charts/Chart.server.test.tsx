import { describe, expect, it } from "vitest";
import { chartCsvRows, chartHtml, type ChartData } from "./Chart.server";

const chart: ChartData = {
  id: "views",
  title: "Page views",
  labels: ["2026-05-01", "2026-05-02", "2026-05-03"],
  kind: "line",
  series: [{ label: "Views", values: [0, 3, 40], previous: 12 }],
  unit: "app page views per day",
  small: true,
  csvHref: "/admin/insights/csv?chart=views&days=7",
};

describe("the shared chart", () => {
  const html = chartHtml(chart);

  it("is an SVG image named by its title and a summary, with a data table and a CSV link", () => {
    expect(html).toMatch(/<svg[^>]*role="img"[^>]*aria-labelledby="chart-views-title chart-views-summary"/);
    expect(html).toContain('id="chart-views-title"');
    expect(html).toContain("Line chart of app page views per day, 1 May to 3 May.");
    expect(html).toContain("<caption>Page views: the numbers</caption>");
    expect(html).toContain('href="/admin/insights/csv?chart=views&amp;days=7"');
    expect(html).not.toContain("<script");
  });

  it("writes a count of 1 to 4 as 'fewer than 5' in the table and draws it in the shaded band", () => {
    expect(html).toContain("<td>fewer than 5</td>");
    expect(html).not.toContain("<td>3</td>");
    expect(html).toContain("shaded: fewer than 5");
    expect(html).toContain("<td>40</td>");
  });

  it("groups thousands on the page and keeps plain digits in the CSV, for spreadsheets", () => {
    const big: ChartData = { ...chart, series: [{ label: "Views", values: [0, 3, 23912], previous: 12 }] };
    expect(chartHtml(big)).toContain("<td>23,912</td>");
    // The axis too: its top tick is a round number above 23,912.
    expect(chartHtml(big)).toMatch(/text-anchor="end">\d{2},\d{3}<\/text>/);
    expect(chartHtml(big)).not.toMatch(/text-anchor="end">\d{4,}<\/text>/);
    expect(chartCsvRows(big).at(-1)).toEqual(["2026-05-03", "23912"]);
  });

  it("has the same numbers in its CSV", () => {
    expect(chartCsvRows(chart)).toEqual([
      ["day", "Views"],
      ["2026-05-01", "0"],
      ["2026-05-02", "fewer than 5"],
      ["2026-05-03", "40"],
    ]);
  });

  it("leaves a gap for a value not shown, and draws bars of categories", () => {
    const bars = chartHtml({ ...chart, id: "funnel", kind: "bar", labels: ["Viewed", "Started", "Added"], series: [{ label: "This window", values: [120, 9, 2] }] });
    expect(bars).toContain("Bar chart of");
    expect(bars).toContain("&lt; 5");
    const gap = chartCsvRows({ ...chart, small: false, series: [{ label: "Average", values: [4.5, null, 3] }] });
    expect(gap[2]).toEqual(["2026-05-02", "not shown"]);
  });
});

describe("the shared chart's totals (issue 40 item 1)", () => {
  it("never writes an exact total that has a hidden day in it: not in the legend, the summary or the window before", () => {
    // 0 + 3 + 40: "43 in total" minus 40 would give the hidden 3 away.
    const html = chartHtml({ ...chart, series: [{ label: "Views", values: [0, 3, 40], previous: { exact: 20, hidden: 1 } }] });
    expect(html).not.toMatch(/>43</);
    expect(html).not.toContain("43 in total");
    expect(html).toContain("41–44");
    expect(html).toContain("Views: 41–44 in total");
    expect(html).toContain("window before: 21–24");
    expect(html).not.toMatch(/window before: 22\b/);
  });

  it("draws and writes a day made of several parts (a publisher's apps) with a hidden part as a range", () => {
    const data: ChartData = { ...chart, series: [{ label: "Views", values: [0, { exact: 9, hidden: 1 }, 40] }] };
    expect(chartHtml(data)).toContain("<td>10–13</td>");
    expect(chartCsvRows(data)[2]).toEqual(["2026-05-02", "10–13"]);
  });
});
