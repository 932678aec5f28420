// The one gate for every redirect target the app derives from a request (issue 12,
// docs/decisions/012): `last`, `returnTo`, the page a session ended on, the page a form posted from.
//
// Checking the text that came in is not enough: "/.//evil.example" starts with "/" and not with "//",
// yet URL normalisation removes the dot segment and leaves "//evil.example", which a browser reads
// as another host. So the value is resolved the way a browser resolves a Location header, and the
// RESULT is what is checked and what is sent: it must stay on our origin, and its path must not
// itself read as another origin ("//host", "/\host") when the browser resolves it again.

/**
 * Stands for our own origin. Only path-absolute values ("/x") are accepted, so the host never shows
 * in a result; an absolute URL, even one naming our real host, resolves elsewhere and is refused
 * (the app never builds absolute return addresses, so nothing legitimate is lost).
 */
const OWN_ORIGIN = "https://same-origin.invalid";
/** Control characters: browsers silently drop tabs and newlines ("/\t/evil" becomes "//evil"). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this pattern's purpose
const CONTROL = /[\u0000-\u001f\u007f]/;
/** How many percent-decoding rounds a value may need before it stops changing ("%25252e" → "."). */
const MAX_DECODES = 4;

/** Pages that are never a way back: coming back to them would log in or out again, or loop. */
export const LOGIN_PAGES = /^\/(?:auth|login|logout)(?:[/?#;]|$)/i;

/** The URL a browser lands on for `value`, or null when that is not a path on our own origin. */
function resolveOnOwnOrigin(value: string): URL | null {
  let url: URL;
  try {
    url = new URL(value, OWN_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== OWN_ORIGIN) return null;
  // "https" is a special scheme, so the parser has already turned "\" into "/" in the path.
  if (url.pathname.startsWith("//")) return null;
  return url;
}

function decodeOnce(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    // Not valid percent-encoding: nothing downstream can decode it either, so it stays as it is.
    return null;
  }
}

export type SafeRedirectOptions = {
  /** Where to go instead (a constant of ours, never request data). Default "/". */
  fallback?: string;
  /** Same-origin paths that are still refused (checked on every decoded form of the path). */
  refuse?: RegExp;
};

/**
 * `value` as a same-origin path ("/x?y#z", normalised), or the fallback when it is missing, not a
 * path, or would take the browser to another origin — directly, after normalisation, after the
 * browser drops control characters, or after a hop that percent-decodes the path.
 */
export function safeRedirectPath(value: unknown, options: SafeRedirectOptions = {}): string {
  const fallback = options.fallback ?? "/";
  // Raw control characters are never part of an address we build: refuse rather than guess how
  // each browser strips them.
  if (typeof value !== "string" || !value.startsWith("/") || CONTROL.test(value)) return fallback;
  const url = resolveOnOwnOrigin(value);
  if (!url) return fallback;
  const target = url.pathname + url.search + url.hash;
  // The normalised result is what the browser gets: read it once more as the browser will.
  const again = resolveOnOwnOrigin(target);
  if (!again || again.href !== url.href) return fallback;

  // A proxy or router that percent-decodes the path must not find another origin (or a refused
  // page) in it either: "/%2e//evil" is "//evil" once decoded, "/%252e//evil" after two rounds.
  let path = url.pathname;
  const paths = [path];
  for (let round = 0; ; round++) {
    const decoded = decodeOnce(path);
    if (decoded === null || decoded === path) break;
    if (round === MAX_DECODES) return fallback;
    const step = resolveOnOwnOrigin(decoded);
    if (!step) return fallback;
    path = step.pathname;
    paths.push(path);
  }
  if (options.refuse && paths.some((p) => options.refuse!.test(p))) return fallback;
  return target;
}

/**
 * The way back after logging in or out (`last`, spec §7): a same-origin path that is not itself a
 * login, logout or auth page.
 */
export const safeLast = (value: unknown): string => safeRedirectPath(value, { refuse: LOGIN_PAGES });
