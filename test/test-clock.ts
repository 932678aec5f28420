// Runs the unit and integration tiers at a chosen moment (issue 46): APP_HUB_TEST_CLOCK=<ISO instant>
// starts each test file's clock at that instant and lets it run on at the real rate, in Node (the
// test's own `new Date()` and `Date.now()`) and in every Worker the tests start in workerd (the
// app's, the back office's, the platform emulator's), so both sides agree on the time as they do
// in production. `npm test` runs both tiers just before and just after a UTC midnight
// (scripts/test-around-midnight.ts); without the variable nothing is shifted.
//
// Why a shifted `Date` and not libfaketime: workerd deadlocks at start under libfaketime 0.9.10
// (Debian's), and Vitest's fake timers cannot reach into workerd. The product reads the time only
// through `Date` (no SQL 'now'), so shifting `Date` shifts all of it.

export const TEST_CLOCK_ENV = "APP_HUB_TEST_CLOCK";

/**
 * The body of `function (g, offset)`: replaces `g.Date` with one `offset` ms ahead of the real
 * clock (the real one when offset is 0). Plain JavaScript in a string, because it runs in two
 * places: here through `new Function`, and in workerd as a module of its own (no eval there).
 * `instanceof Date` still holds for dates made by the real constructor (workerd's own, structured
 * clones), and `Date()` called without `new` gives the shifted time as a string, as the real one does.
 */
const SHIFT_DATE_BODY = `
  const key = Symbol.for("app-hub.test-clock.real-date");
  const Real = g[key] ?? g.Date;
  g[key] = Real;
  g[Symbol.for("app-hub.test-clock.offset")] = offset;
  if (offset === 0) { g.Date = Real; return; }
  class ShiftedDate extends Real {
    constructor(...args) { if (args.length === 0) super(Real.now() + offset); else super(...args); }
    static now() { return Real.now() + offset; }
    static [Symbol.hasInstance](value) { return value instanceof Real; }
  }
  g.Date = new Proxy(ShiftedDate, { apply: () => new ShiftedDate().toString() });
`;

type Global = typeof globalThis & Record<symbol, unknown>;

/** How far this process's clock is ahead of the real one, in ms (0 when not shifted). */
export function clockOffset(): number {
  return Number((globalThis as Global)[Symbol.for("app-hub.test-clock.offset")] ?? 0);
}

/** The real time, whatever the test clock says (for deadlines measured against the machine). */
export function realNow(): number {
  const Real = ((globalThis as Global)[Symbol.for("app-hub.test-clock.real-date")] as DateConstructor | undefined) ?? Date;
  return Real.now();
}

/** Parses APP_HUB_TEST_CLOCK: an ISO instant with its zone ("2026-12-31T23:59:45Z"); empty is none. */
export function parseTestClock(value: string | undefined): number | null {
  if (!value) return null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) {
    throw new Error(`${TEST_CLOCK_ENV} must be an ISO instant with its zone, such as 2026-12-31T23:59:45Z (got "${value}")`);
  }
  return Date.parse(value);
}

/** Starts this process's clock at `start` (ms since the epoch) now; null puts the real clock back. */
export function installTestClock(start: number | null): void {
  const offset = start === null ? 0 : start - realNow();
  new Function("g", "offset", SHIFT_DATE_BODY)(globalThis, offset);
}

type Module = { type: "esm"; contents: string };
type Manifest = { mainModule: string; modules: Record<string, Module> };

/**
 * A Worker's Miniflare manifest with this process's clock offset: a module that shifts `Date`,
 * evaluated before the Worker's own (an ES module's imports run in the order written), and a main
 * module that re-exports the Worker's. Unchanged when the clock is not shifted.
 */
export function withTestClock<M extends Manifest>(manifest: M): M {
  const offset = clockOffset();
  if (offset === 0) return manifest;
  const main = manifest.mainModule;
  return {
    ...manifest,
    mainModule: "test-clock-main.js",
    modules: {
      ...manifest.modules,
      "test-clock.js": { type: "esm", contents: `(function (g, offset) {${SHIFT_DATE_BODY}})(globalThis, ${offset});` },
      "test-clock-main.js": { type: "esm", contents: `import "./test-clock.js";\nexport * from "./${main}";\nexport { default } from "./${main}";\n` },
    },
  };
}

/**
 * The two moments `npm test` runs the unit and integration tiers at, from `now`: 15 s before the
 * last midnight of this month (UTC), so each file crosses into a new day and month as it runs, and
 * 15 s after it, so everything a test wrote "hours ago" lies on the day and month before. In
 * December the midnight is also a new year's.
 */
export function aroundMidnight(now: Date): { before: string; after: string } {
  const midnight = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return { before: new Date(midnight - 15_000).toISOString(), after: new Date(midnight + 15_000).toISOString() };
}
