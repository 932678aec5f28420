// Spec §2.1: requests from unsupported (old) browsers get the unsupported-browser page.
// The floor is the oldest versions our CSS and JavaScript are built for (ES2020, CSS grid + gap).
// Crawlers are never turned away, whatever engine version they claim.
import { isbot } from "isbot";

const MIN_VERSIONS: Array<[RegExp, number]> = [
  [/Firefox\/(\d+)/, 78],
  [/Edg\/(\d+)/, 88],
  [/(?:Chrome|CriOS)\/(\d+)/, 88],
];

export function isUnsupportedBrowser(userAgent: string | null): boolean {
  // isbot's pattern is long: it is asked only about the few agents the version rules turn away.
  return userAgent !== null && olderThanTheFloor(userAgent) && !isbot(userAgent);
}

function olderThanTheFloor(userAgent: string): boolean {
  if (/MSIE |Trident\//.test(userAgent)) return true;
  if (/Edge\/\d+/.test(userAgent)) return true; // EdgeHTML (pre-Chromium Edge)
  if (/Presto\//.test(userAgent)) return true;
  for (const [pattern, min] of MIN_VERSIONS) {
    const match = pattern.exec(userAgent);
    if (match) return Number(match[1]) < min;
  }
  // Safari reports its version as Version/N alongside Safari/.
  const safari = /Version\/(\d+)(?:\.\d+)*.*Safari\//.exec(userAgent);
  if (safari) return Number(safari[1]) < 14;
  return false;
}
