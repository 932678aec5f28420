// What a bench scenario is: a module with an id (its `--only` name), what it needs, and a run that
// returns its report lines, its targets and its figures for results.json. bench/scenarios/index.ts
// lists them; bench/run.ts runs the ones selected and prints every report once, in the list's order.
import type { CatalogueFile } from "../app/models/catalogue-record.ts";
import type { loadGenerator } from "../scripts/harness/load.ts";
import type { Verdict } from "../scripts/harness/report.ts";
import type { Build } from "./lib/build.ts";
import type { BenchOptions } from "./options.ts";
import type { SliceFigure } from "./lib/catalogue.ts";
import type { BenchWorker } from "./lib/worker.ts";

export type Outcome = {
  /** Printed after every scenario has run (a scenario may also log progress as it goes). */
  report: string[];
  verdicts: Verdict[];
  /** Its figures in results.json (under its id), or in .bench/<id>.json when it runs alone. */
  json: unknown;
};

export type BuildContext = {
  root: string;
  options: BenchOptions;
  build: Build;
  /** Whether an id was named in --only (or, without --only, whether it runs in the full run). */
  wants: (id: string) => boolean;
};

/** Headers of a browser's page request, and of a logged-in one (never edge-cached: D1 and render every time). */
export type Headers = Readonly<Record<string, string>>;

export type CatalogueContext = BuildContext & {
  worker: BenchWorker;
  /** The catalogue's publishers, categories and version, with its first apps only at 1,000,000 (bench/lib/catalogue.ts RETAINED_APPS); `imported.apps` counts them all. */
  catalogue: CatalogueFile;
  imported: {
    apps: number;
    generateMs: number;
    sqlMs: number;
    migrateMs: number;
    /** Waiting on D1 for the import's batches. */
    importMs: number;
    /** Generation, SQL and import, wall time. */
    importTotalMs: number;
    reviewsMs: number;
    statements: number;
    sizeBytes: number | null;
    peakRssBytes: number;
    slices: SliceFigure[];
  };
  headers: { browser: Headers; uncached: Headers };
  load: ReturnType<typeof loadGenerator>;
  /** A category of median size (by published apps), and the apps the detail target opens. */
  fixtures: { category: { slug: string; n: number }; detailIds: string[]; listPageBytes: number };
  /** Outcomes of the scenarios that ran before this one (e.g. the load's figures for ratios). */
  earlier: ReadonlyMap<string, Outcome>;
  /** The Worker runs with the inspector on (for --profile) at this port. */
  inspectorPort?: number;
};

type Common = {
  id: string;
  /** One line for README and --help. */
  about: string;
  /** Further --only ids it answers to (the load's targets). */
  ids?: readonly string[];
  /** Part of `npm run bench` without --only. */
  inFullRun: boolean;
};

export type Scenario =
  | (Common & {
      /** Runs against the bench's Worker with the --apps catalogue; `always`: whenever that Worker runs. */
      needs: "catalogue";
      always?: boolean;
      run(ctx: CatalogueContext): Promise<Outcome>;
    })
  | (Common & {
      /** Brings its own Worker and data (the build only); alone with `--only=<id>`, it skips the catalogue. */
      needs: "build";
      run(ctx: BuildContext): Promise<Outcome>;
    });
