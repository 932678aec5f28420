// How the bench and the soak print and keep their figures: numbers, aligned tables, targets met or
// missed, and the JSON file a run leaves in .bench/ or wherever --json says.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";

export const log = (message: string): void => {
  process.stdout.write(`${message}\n`);
};

/** A number with `digits` decimals, or "-" for NaN, ±Infinity and undefined. */
export const fmt = (n: number | undefined | null, digits = 1): string => (typeof n === "number" && Number.isFinite(n) ? n.toFixed(digits) : "-");

export const kb = (bytes: number): number => bytes / 1024;

/** A ratio as "1.23×" ("-" when either side is not a number or the divisor is 0). */
export const ratio = (a: number, b: number, digits = 2): string => (b === 0 ? "-" : `${fmt(a / b, digits)}×`);

export type Cell = string | number | null | undefined;

/** A plain-text table: the first column left-aligned, the others right-aligned, a rule under the header. */
export function table(headers: readonly string[], rows: ReadonlyArray<ReadonlyArray<Cell>>): string {
  const cells = [headers, ...rows].map((row) => headers.map((_, i) => String(row[i] ?? "")));
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => (row[i] ?? "").length)));
  const line = (row: string[]) => row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join("  ");
  return [line(cells[0] ?? []), widths.map((w) => "-".repeat(w)).join("  "), ...cells.slice(1).map(line)].join("\n");
}

/** A goal and how the run did against it; `info` ones are shown but not judged. */
export type Verdict = { target: string; value: string; ok: boolean; info?: boolean };

const resultOf = (v: Verdict) => (v.info ? (v.ok ? "ok" : "over (info)") : v.ok ? "ok" : "MISSED");

/** The targets table and its closing line ("All N targets met." or what was missed). */
export function verdictReport(verdicts: readonly Verdict[]): string[] {
  const judged = verdicts.filter((v) => !v.info);
  const missed = judged.filter((v) => !v.ok);
  return [
    table(
      ["target", "value", "result"],
      verdicts.map((v) => [v.target, v.value, resultOf(v)]),
    ),
    "",
    missed.length ? `MISSED ${missed.length} of ${judged.length} targets: ${missed.map((v) => v.target).join("; ")}` : `All ${judged.length} targets met.`,
  ];
}

/** Writes `data` as indented JSON (and the folder it goes in). */
export function writeJson(file: string, data: unknown): void {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(data, null, 2)}\n`);
}

/** The message (with its stack, when there is one) of an error-like value. */
export const describeError = (error: unknown): string => (error instanceof Error ? (error.stack ?? error.message) : String(error));
