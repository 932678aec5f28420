// Typo distance (issue 28 item 1): the optimal string alignment distance, i.e. Levenshtein where
// swapping two neighbouring letters counts as one edit ("vetcor" → "vector" is 1). Bounded: it
// gives up as soon as every path costs more than `max`, which keeps a scan of the vocabulary cheap.

/** The distance between `a` and `b` if it is at most `max`, else `max + 1`. */
export function boundedDistance(a: string, b: string, max: number): number {
  if (Math.abs(a.length - b.length) > max) return max + 1;
  if (a === b) return 0;
  const n = b.length;
  let prevPrev = new Array<number>(n + 1).fill(0);
  let prev = Array.from({ length: n + 1 }, (_, j) => j);
  let row = new Array<number>(n + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    row[0] = i;
    let best = row[0];
    for (let j = 1; j <= n; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let d = Math.min(prev[j]! + 1, row[j - 1]! + 1, prev[j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d = Math.min(d, prevPrev[j - 2]! + 1);
      row[j] = d;
      if (d < best) best = d;
    }
    if (best > max) return max + 1;
    [prevPrev, prev, row] = [prev, row, prevPrev];
  }
  return Math.min(prev[n]!, max + 1);
}

/**
 * How many typos a word of this many letters may carry (Algolia's and Meilisearch's defaults):
 * none below 4 letters, one from 4, two from 8.
 */
export function typoBudget(length: number): number {
  return length >= 8 ? 2 : length >= 4 ? 1 : 0;
}
