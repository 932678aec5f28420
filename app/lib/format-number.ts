// Whole numbers as the hub's English pages write them: "7,439", "1,000+". Written out rather than
// `toLocaleString("en-US")`: the first Intl call of an isolate loads ICU's locale data, several ms of
// CPU, and a call at a module's top level put that into every Worker's startup (docs/decisions/056).
// Same output as Intl's en-US grouping for every safe integer (format-number.test.ts compares them).

/** "1234567" → "1,234,567"; "-1234" → "-1,234". Integers only: a fraction is a programming error. */
export function formatCount(n: number): string {
  if (!Number.isSafeInteger(n)) throw new RangeError(`formatCount takes a safe integer, not ${n}`);
  return String(n).replace(/\B(?=(\d{3})+$)/g, ",");
}
