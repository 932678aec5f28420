// Generated artwork for the seeded catalogue: app logos (/logos/<initials>-<hue>-<variant>.svg)
// and screenshots (/screenshots/<hue>-<variant>-<n>.svg). Pure string building, no Node APIs:
// runs in the Worker. Only parsed, validated tokens (a-z0-9 initials, integers) reach the SVG.
import { CACHE_CONTROL } from "./cache-policy.server";

export type LogoSpec = { initials: string; hue: number; variant: number };
export type ScreenshotSpec = { hue: number; variant: number; n: number };

export const LOGO_VARIANTS = 6;
export const MAX_SCREENSHOT_N = 20;

/** Response headers for the generated SVGs: immutable (the name encodes all of the content). */
export const SVG_HEADERS: Readonly<Record<string, string>> = {
  "Content-Type": "image/svg+xml; charset=utf-8",
  "Cache-Control": CACHE_CONTROL.immutable,
  "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'",
  "X-Content-Type-Options": "nosniff",
};

// Canonical integers only (no leading zeros), so each image has exactly one address.
const INT = "(0|[1-9]\\d{0,2})";
const LOGO_NAME = new RegExp(`^([a-z0-9]{1,2})-${INT}-([0-5])\\.svg$`);
const SCREENSHOT_NAME = new RegExp(`^${INT}-([0-5])-([1-9]\\d?)\\.svg$`);

/** Accepts exactly `<initials>-<hue>-<variant>.svg` (initials 1–2 of a-z0-9, hue 0–359, variant 0–5). */
export function parseLogoName(file: string): LogoSpec | null {
  const m = LOGO_NAME.exec(file);
  if (!m) return null;
  const hue = Number(m[2]);
  if (hue > 359) return null;
  return { initials: m[1]!, hue, variant: Number(m[3]) };
}

/** Accepts exactly `<hue>-<variant>-<n>.svg` (hue 0–359, variant 0–5, n 1–20). */
export function parseScreenshotName(file: string): ScreenshotSpec | null {
  const m = SCREENSHOT_NAME.exec(file);
  if (!m) return null;
  const hue = Number(m[1]);
  const n = Number(m[3]);
  if (hue > 359 || n > MAX_SCREENSHOT_N) return null;
  return { hue, variant: Number(m[2]), n };
}

function checkHueVariant(hue: number, variant: number): void {
  if (!Number.isInteger(hue) || hue < 0 || hue > 359) throw new RangeError(`hue must be 0-359, got ${hue}`);
  if (!Number.isInteger(variant) || variant < 0 || variant >= LOGO_VARIANTS) {
    throw new RangeError(`variant must be 0-${LOGO_VARIANTS - 1}, got ${variant}`);
  }
}

const hsl = (h: number, s: number, l: number) => `hsl(${((h % 360) + 360) % 360},${s}%,${l}%)`;
const FONT = "system-ui,-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";

/** A 96×96 rounded-square logo: a background by variant in the hue, white upper-case initials. */
export function renderLogoSvg({ initials, hue, variant }: LogoSpec): string {
  if (!/^[a-z0-9]{1,2}$/.test(initials)) throw new RangeError("initials must be 1-2 of a-z0-9");
  checkHueVariant(hue, variant);
  const a = hsl(hue, 68, 52);
  const b = hsl(hue + 32, 72, 36);
  let defs = "";
  let fill = a;
  let art = "";
  switch (variant) {
    case 0: // diagonal gradient
      defs = `<linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>`;
      fill = "url(#g)";
      break;
    case 1: // vertical gradient with a soft circle
      defs = `<linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${a}"/><stop offset="1" stop-color="${b}"/></linearGradient>`;
      fill = "url(#g)";
      art = `<circle cx="84" cy="10" r="40" fill="#fff" fill-opacity=".16"/>`;
      break;
    case 2: // radial glow
      defs = `<radialGradient id="g" cx=".3" cy=".25" r=".9"><stop offset="0" stop-color="${hsl(hue, 80, 62)}"/><stop offset="1" stop-color="${b}"/></radialGradient>`;
      fill = "url(#g)";
      break;
    case 3: // diagonal stripes
      fill = b;
      art = `<path d="M-20 36 36-20M-20 76 76-20M-4 100 100-4M36 116 116 36" stroke="${a}" stroke-width="14"/>`;
      break;
    case 4: // wave at the bottom
      fill = a;
      art = `<path d="M0 64c20-12 36 10 56 0s30-14 40-6v38H0z" fill="${b}"/>`;
      break;
    default: // two-tone split
      fill = b;
      art = `<path d="M0 0h96L0 96z" fill="${a}"/><circle cx="72" cy="72" r="14" fill="#fff" fill-opacity=".14"/>`;
  }
  const text = initials.toUpperCase();
  const size = text.length === 1 ? 46 : 38;
  const y = text.length === 1 ? 64 : 61;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96" viewBox="0 0 96 96">` +
    `<defs>${defs}<clipPath id="c"><rect width="96" height="96" rx="22"/></clipPath></defs>` +
    `<g clip-path="url(#c)"><rect width="96" height="96" fill="${fill}"/>${art}</g>` +
    `<text x="48" y="${y}" text-anchor="middle" font-family="${FONT}" font-size="${size}" font-weight="600" fill="#fff">${text}</text>` +
    `</svg>`
  );
}

/** A 1280×800 mock app window in the hue: header bar, sidebar and a content layout chosen by n. */
export function renderScreenshotSvg({ hue, variant, n }: ScreenshotSpec): string {
  checkHueVariant(hue, variant);
  if (!Number.isInteger(n) || n < 1 || n > MAX_SCREENSHOT_N) throw new RangeError(`n must be 1-${MAX_SCREENSHOT_N}, got ${n}`);
  const main = hsl(hue, 60, 45);
  const soft = hsl(hue, 60, 92);
  const mid = hsl(hue + 20 * (variant - 2), 55, 70);
  const r = variant % 2 === 0 ? 12 : 4;
  // Fills are classes (a main, b soft, c mid, w white, t text, l line, g grey, k page) to stay small.
  const style = `<style>.a{fill:${main}}.b{fill:${soft}}.c{fill:${mid}}.w{fill:#fff}.t{fill:#3a3f47}` + `.l{fill:#c4c8cf}.g{fill:#d4d7dd}.k{fill:${hsl(hue, 25, 97)}}</style>`;
  const parts: string[] = [style];
  const rect = (x: number, y: number, w: number, h: number, cls: string, radius = r) =>
    parts.push(`<rect x="${x}" y="${y}" width="${w}" height="${h}"${radius ? ` rx="${radius}"` : ""} class="${cls}"/>`);
  const circle = (cx: number, cy: number, radius: number, cls: string) => parts.push(`<circle cx="${cx}" cy="${cy}" r="${radius}" class="${cls}"/>`);

  // Window chrome: background, header with logo and title, avatar.
  rect(0, 0, 1280, 800, "k", 0);
  rect(0, 0, 1280, 64, "a", 0);
  rect(24, 16, 32, 32, "w", 8);
  rect(72, 26, 160, 12, "w", 6);
  circle(1240, 32, 16, "b");
  // Sidebar with navigation rows; row (n mod 6) is selected.
  rect(0, 64, 240, 736, "w", 0);
  for (let i = 0; i < 6; i++) {
    const y = 96 + i * 48;
    if (i === n % 6) rect(12, y - 12, 216, 40, "b", 8);
    rect(32, y, 24 + ((i * 37 + variant * 13) % 100), 14, i === n % 6 ? "a" : "g", 7);
  }

  const layout = (n + variant) % 3;
  if (layout === 0) {
    // A grid of cards: one card drawn once in <defs>, placed six times.
    const card: string[] = [];
    const cardRect = (x: number, y: number, w: number, h: number, cls: string, radius = r) =>
      card.push(`<rect x="${x}" y="${y}" width="${w}" height="${h}"${radius ? ` rx="${radius}"` : ""} class="${cls}"/>`);
    cardRect(0, 0, 308, 320, "w");
    cardRect(20, 148, 200, 16, "t", 8);
    cardRect(20, 180, 140 + ((n * 37) % 120), 10, "l", 5);
    cardRect(20, 200, 220, 10, "l", 5);
    cardRect(20, 262, 96, 34, "a", 17);
    parts.push(`<defs><g id="d">${card.join("")}</g></defs>`);
    for (let i = 0; i < 6; i++) {
      const x = 272 + (i % 3) * 332;
      const y = 96 + Math.floor(i / 3) * 344;
      parts.push(`<use href="#d" x="${x}" y="${y}"/>`);
      rect(x, y, 308, 120, (i + n) % 2 ? "c" : "b");
    }
  } else if (layout === 1) {
    // A bar chart above a list.
    rect(272, 96, 976, 360, "w");
    rect(304, 124, 220, 18, "t", 9);
    for (let i = 0; i < 12; i++) {
      const h = 40 + ((i * 53 + n * 31 + variant * 17) % 200);
      rect(312 + i * 76, 420 - h, 44, h, i % 3 ? "c" : "a", 6);
    }
    for (let i = 0; i < 4; i++) {
      const y = 480 + i * 76;
      rect(272, y, 976, 64, "w");
      circle(308, y + 32, 16, "b");
      rect(340, y + 20, 260 - i * 30, 12, "t", 6);
      rect(340, y + 40, 420, 8, "l", 4);
    }
  } else {
    // A conversation with message bubbles and a composer.
    for (let i = 0; i < 6; i++) {
      const mine = (i + n) % 3 === 0;
      const w = 260 + ((i * 89 + n * 23) % 360);
      const y = 96 + i * 100;
      const x = mine ? 1248 - w : 320;
      if (!mine) circle(288, y + 20, 18, "c");
      rect(x, y, w, 76, mine ? "a" : "w", 16);
      rect(x + 20, y + 22, w - 80, 10, mine ? "b" : "l", 5);
      rect(x + 20, y + 44, w - 140, 10, mine ? "b" : "l", 5);
    }
    rect(272, 712, 976, 56, "w", 28);
    rect(1192, 722, 44, 36, "a", 18);
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="800" viewBox="0 0 1280 800">${parts.join("")}</svg>`;
}
