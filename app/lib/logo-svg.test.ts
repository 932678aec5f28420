import { describe, expect, it } from "vitest";
import { parseLogoName, parseScreenshotName, renderLogoSvg, renderScreenshotSvg, SVG_HEADERS } from "./logo-svg.ts";

describe("parseLogoName", () => {
  it("accepts exactly <initials>-<hue>-<variant>.svg", () => {
    expect(parseLogoName("po-143-4.svg")).toEqual({ initials: "po", hue: 143, variant: 4 });
    expect(parseLogoName("a-0-0.svg")).toEqual({ initials: "a", hue: 0, variant: 0 });
    expect(parseLogoName("z9-359-5.svg")).toEqual({ initials: "z9", hue: 359, variant: 5 });
  });

  it.each([
    "po-360-1.svg", // hue out of range
    "po-12-6.svg", // variant out of range
    "po-012-1.svg", // not canonical
    "PO-12-1.svg",
    "abc-12-1.svg",
    "-12-1.svg",
    "po-12-1.png",
    "po-12-1.svg.svg",
    "po-12-1.svg?x",
    "../po-12-1.svg",
    "p<-12-1.svg",
    "po-1e2-1.svg",
    "",
  ])("rejects %j", (name) => {
    expect(parseLogoName(name)).toBeNull();
  });
});

describe("parseScreenshotName", () => {
  it("accepts exactly <hue>-<variant>-<n>.svg", () => {
    expect(parseScreenshotName("210-1-3.svg")).toEqual({ hue: 210, variant: 1, n: 3 });
    expect(parseScreenshotName("0-0-1.svg")).toEqual({ hue: 0, variant: 0, n: 1 });
  });

  it.each(["360-1-1.svg", "1-6-1.svg", "1-1-0.svg", "1-1-21.svg", "01-1-1.svg", "1-1-1.svg.gz", "x-1-1.svg", "1-1.svg"])("rejects %j", (name) => {
    expect(parseScreenshotName(name)).toBeNull();
  });
});

describe("renderLogoSvg", () => {
  it("renders a small 96x96 SVG with upper-case initials for every variant", () => {
    for (let variant = 0; variant < 6; variant++) {
      for (const initials of ["a", "qa", "z9"]) {
        const svg = renderLogoSvg({ initials, hue: 359, variant });
        expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"')).toBe(true);
        expect(svg.endsWith("</svg>")).toBe(true);
        expect(svg).toContain(`>${initials.toUpperCase()}</text>`);
        expect(svg).toContain('fill="#fff"');
        expect(new TextEncoder().encode(svg).length).toBeLessThan(1536);
        expect(svg).not.toMatch(/<script|on\w+=|href=/i);
      }
    }
  });

  it("differs by hue and variant", () => {
    const base = renderLogoSvg({ initials: "ab", hue: 10, variant: 0 });
    expect(renderLogoSvg({ initials: "ab", hue: 11, variant: 0 })).not.toBe(base);
    expect(renderLogoSvg({ initials: "ab", hue: 10, variant: 1 })).not.toBe(base);
  });

  it("refuses tokens that did not come from the parser", () => {
    expect(() => renderLogoSvg({ initials: "<b>", hue: 1, variant: 1 })).toThrow(RangeError);
    expect(() => renderLogoSvg({ initials: "ab", hue: 400, variant: 1 })).toThrow(RangeError);
    expect(() => renderLogoSvg({ initials: "ab", hue: 1, variant: 9 })).toThrow(RangeError);
  });
});

describe("renderScreenshotSvg", () => {
  it("renders a 1280x800 mock UI under 3 KB for every variant and n", () => {
    const seen = new Set<string>();
    for (let variant = 0; variant < 6; variant++) {
      for (let n = 1; n <= 20; n++) {
        const svg = renderScreenshotSvg({ hue: 359, variant, n });
        expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="1280" height="800"/);
        expect(new TextEncoder().encode(svg).length).toBeLessThan(3072);
        expect(svg).not.toMatch(/<script|on\w+=/i);
        seen.add(svg);
      }
    }
    expect(seen.size).toBe(120);
  });

  it("refuses out-of-range values", () => {
    expect(() => renderScreenshotSvg({ hue: -1, variant: 0, n: 1 })).toThrow(RangeError);
    expect(() => renderScreenshotSvg({ hue: 1, variant: 0, n: 0 })).toThrow(RangeError);
  });
});

describe("SVG_HEADERS", () => {
  it("serves immutable SVG with a locked-down CSP", () => {
    expect(SVG_HEADERS["Content-Type"]).toBe("image/svg+xml; charset=utf-8");
    expect(SVG_HEADERS["Cache-Control"]).toBe("public, max-age=31536000, immutable");
    expect(SVG_HEADERS["Content-Security-Policy"]).toBe("default-src 'none'; style-src 'unsafe-inline'");
  });
});
