// HTTP as browsers and scripts send it: a cookie jar, the headers of a navigation, a form and a
// fetch, and one request function that records every answer (kind, status, latency).
import { NAVIGATE, USER_AGENT as UA, XHR } from "./mix.ts";
import { settings } from "./options.ts";
import { retryAfterMs, sleep } from "./util.ts";

export class Jar {
  readonly cookies = new Map<string, string>();
  absorb(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair = "", ...attrs] = line.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /^\s*max-age=(0|-\d+)\s*$/i.test(a) || /^\s*expires=Thu, 01 Jan 1970/i.test(a));
      if (expired || value === "") this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }
  header() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
  }
  get(name: string) {
    return this.cookies.get(name);
  }
}

export { NAVIGATE, XHR };
/** A form posted by one of our pages: same origin, as the browser sends it. */
export const FORM: Record<string, string> = { ...NAVIGATE, "Content-Type": "application/x-www-form-urlencoded", Origin: settings.app };
/** What navigator.sendBeacon sends: same origin, no custom headers. */
export const BEACON: Record<string, string> = {
  "User-Agent": UA,
  Accept: "*/*",
  "Content-Type": "application/json",
  Origin: settings.app,
  "Sec-Fetch-Site": "same-origin",
  "Sec-Fetch-Mode": "cors",
  "Sec-Fetch-Dest": "empty",
};

export type Phase = "setup" | "load" | "audit" | "cleanup";
export type KindStats = { latencies: number[]; statuses: Map<number, number> };
type Sample = { phase: Phase; kind: string; method?: string; url?: string; status?: number; error?: string; body?: string; at?: string; note?: string };

export const run = { phase: "setup" as Phase };
export const stats: Record<Phase, Map<string, KindStats>> = { setup: new Map(), load: new Map(), audit: new Map(), cleanup: new Map() };
export const samples: { errors: Sample[]; unexpected: Sample[] } = { errors: [], unexpected: [] };
export const unexpectedCounts = new Map<string, number>();
export const limitedWithoutRetryAfter = new Map<string, number>();
/** Something the product answered that the soak did not expect, with a note saying what. */
export const noteUnexpected = (kind: string, note: string) => samples.unexpected.push({ phase: run.phase, kind, note });

/** Back-off: key → time before which that kind (or that webhook) is not asked again. */
export const blockedUntil = new Map<string, number>();
export const isBlocked = (key: string) => (blockedUntil.get(key) ?? 0) > Date.now();

function record(kind: string, status: number, ms: number) {
  const bucket = stats[run.phase];
  let s = bucket.get(kind);
  if (!s) {
    s = { latencies: [], statuses: new Map() };
    bucket.set(kind, s);
  }
  s.latencies.push(ms);
  s.statuses.set(status, (s.statuses.get(status) ?? 0) + 1);
}

export type Answer = {
  status: number;
  ok: boolean;
  headers: Headers;
  text(): string;
  /** The body as JSON (unknown: parse it with the product's schema, or say whose type it is). */
  json(): unknown;
  ms: number;
};
type RequestOptions = {
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  jar?: Jar;
  /** The statuses this kind should answer; 429, 5xx and errors are counted apart. */
  expect?: number[];
  /** What a 429 blocks (default: the kind). */
  limitKey?: string;
  isExpected?: (status: number) => boolean;
};

/**
 * One request: records kind, status and latency (until the body is read); a 429 blocks `limitKey`
 * for Retry-After. Never throws: a network error is status 0.
 */
export async function request(
  kind: string,
  url: string,
  { method = "GET", headers = {}, body, jar, expect = [200], limitKey = kind, isExpected }: RequestOptions = {},
): Promise<Answer> {
  const h: Record<string, string> = { ...headers };
  if (jar?.cookies.size && url.startsWith(settings.app)) h.Cookie = jar.header();
  const started = performance.now();
  let res: Response | null = null;
  let buf: Buffer | null = null;
  let error: unknown = null;
  try {
    res = await fetch(url, { method, headers: h, body, redirect: "manual", signal: AbortSignal.timeout(settings.timeoutMs) });
    buf = Buffer.from(await res.arrayBuffer());
  } catch (e) {
    error = e;
  }
  const ms = performance.now() - started;
  const status = error || !res ? 0 : res.status;
  if (jar && res && url.startsWith(settings.app)) jar.absorb(res);
  record(kind, status, ms);
  const text = () => (buf ? buf.toString("utf8") : "");
  if (status === 429) {
    const wait = retryAfterMs(res?.headers.get("Retry-After") ?? null);
    if (wait === null) limitedWithoutRetryAfter.set(kind, (limitedWithoutRetryAfter.get(kind) ?? 0) + 1);
    blockedUntil.set(limitKey, Math.max(blockedUntil.get(limitKey) ?? 0, Date.now() + Math.min(wait ?? 5000, 60_000)));
  } else if (status === 0 || status >= 500) {
    if (samples.errors.length < 30) {
      const cause = error instanceof Error ? (error.cause ?? error) : error;
      samples.errors.push({ phase: run.phase, kind, method, url, status, error: error ? String(cause) : undefined, body: text().slice(0, 300), at: new Date().toISOString() });
    }
  } else if (!(isExpected ? isExpected(status) : expect.includes(status))) {
    const key = `${kind} ${status}`;
    unexpectedCounts.set(key, (unexpectedCounts.get(key) ?? 0) + 1);
    if (samples.unexpected.length < 30) samples.unexpected.push({ phase: run.phase, kind, method, url, status, body: text().slice(0, 300), at: new Date().toISOString() });
  }
  return { status, ok: status >= 200 && status < 300, headers: res?.headers ?? new Headers(), text, json: () => JSON.parse(text()) as unknown, ms };
}

/**
 * A browser's navigation that may be redirected to `to` (a path pattern on the app): the redirect is
 * followed as the browser would, once, and recorded as its own kind (`<kind> →`). Any other
 * redirect is unexpected, as a 302 is for the plain request.
 * (Issue 28: /search turns words that name a filter into the filtered address.)
 */
export async function navigate(kind: string, url: string, options: RequestOptions & { to: RegExp; jar: Jar }): Promise<Answer> {
  const first = await request(kind, url, { ...options, expect: [200, 302] });
  if (first.status !== 302) return first;
  const target = new URL(first.headers.get("Location") ?? "", url);
  if (target.origin !== settings.app || !options.to.test(target.pathname)) {
    noteUnexpected(kind, `${url} redirected to ${target.href}`);
    return first;
  }
  return request(`${kind.replace(/ \+bust$/, "")} →`, target.href, { headers: options.headers, jar: options.jar, limitKey: options.limitKey });
}

/** The Location of a redirect, resolved against the app. */
export const locationOf = (res: Answer) => new URL(res.headers.get("Location") ?? "/", settings.app).href;

/** Waits out a back-off on `key` (bounded by `until`). */
export async function respect(key: string, until: number) {
  const wait = (blockedUntil.get(key) ?? 0) - Date.now();
  if (wait > 0) await sleep(Math.min(wait, Math.max(0, until - Date.now())));
}

/**
 * The Cron Trigger (wrangler.toml: every minute) as production runs it: `wrangler dev` does not, so
 * the soak asks for a run through wrangler's local endpoint (health checks, outgoing retries that
 * are due, pruning incoming rate windows). Not counted in the figures.
 */
export const cron = { runs: 0, failed: 0, unavailable: false };
export async function runCron() {
  if (cron.unavailable) return;
  const status = await fetch(`${settings.app}/cdn-cgi/local/scheduled`, { signal: AbortSignal.timeout(settings.timeoutMs) }).then(
    async (res) => {
      await res.arrayBuffer();
      return res.status;
    },
    () => 0,
  );
  if (status === 404) cron.unavailable = true;
  else if (status === 200) cron.runs++;
  else cron.failed++;
}
export async function cronLoop(until: number) {
  for (let next = Date.now() + 60_000; next < until; next += 60_000) {
    await sleep(next - Date.now());
    await runCron();
  }
}
