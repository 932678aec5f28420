// Small helpers the integration tests share: read the bits of a rendered page they assert on, and
// answer "which apps should this list show?" from the generated catalogue.
import type { AppRecord, CatalogueFile, CategoryRecord } from "../../app/models/catalogue-record.ts";

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", "#x27": "'", "#39": "'" };

export function decode(text: string): string {
  return text.replace(/&(#x27|#39|amp|lt|gt|quot|apos);/g, (_m, e: string) => ENTITIES[e]!);
}

export function pageTitle(html: string): string {
  return decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? "");
}

export function heading(html: string): string {
  return decode((/<h1[^>]*>(.*?)<\/h1>/s.exec(html)?.[1] ?? "").replace(/<!-- -->|<[^>]+>/g, ""));
}

/** The grid's cards in order: their item position (item-N) and the app key in their link. */
export function cards(html: string): { position: number; key: string }[] {
  return [...html.matchAll(/<li[^>]*\bid="item-(\d+)"[^>]*>.*?href="\/applications\/([^"]+)"/gs)].map((m) => ({
    position: Number(m[1]),
    key: decodeURIComponent(m[2]!),
  }));
}

/** Every app linked from a page (home rows, lists, …). */
export function appLinks(html: string): string[] {
  return [...html.matchAll(/href="\/applications\/([^"#?]+)"/g)].map((m) => decodeURIComponent(m[1]!));
}

/** "Showing 1–32 of 387 apps" → 387. */
export function shownTotal(html: string): number | null {
  const m = /Showing \d+–\d+ of (\d+) apps?/.exec(html);
  return m ? Number(m[1]) : null;
}

export class Catalogue {
  readonly published: AppRecord[];
  private readonly seq = new Map<AppRecord, number>();
  constructor(readonly file: CatalogueFile) {
    file.apps.forEach((a, i) => {
      this.seq.set(a, i + 1);
    });
    this.published = file.apps.filter((a) => a.status === "published");
  }

  /** The app a detail link points at: friendlyId, else id. */
  byKey(key: string): AppRecord | undefined {
    return this.file.apps.find((a) => a.friendlyId === key) ?? this.file.apps.find((a) => a.id === key && !a.friendlyId);
  }

  key(app: AppRecord): string {
    return app.friendlyId ?? app.id;
  }

  categories(filter: (c: CategoryRecord) => boolean): Set<string> {
    return new Set(this.file.categories.filter(filter).map((c) => c.id));
  }

  inCategories(app: AppRecord, ids: Set<string>): boolean {
    return app.categoryIds.some((id) => ids.has(id));
  }

  /** Newest first, the way the catalogue breaks ties (later rows first). */
  newestFirst(apps: AppRecord[]): AppRecord[] {
    return [...apps].sort((a, b) => (a.submittedAt === b.submittedAt ? this.seq.get(b)! - this.seq.get(a)! : a.submittedAt < b.submittedAt ? 1 : -1));
  }

  /** By name as SQLite's NOCASE collation orders it (ASCII case folded), ties by row order. */
  byName(apps: AppRecord[], order: "asc" | "desc"): AppRecord[] {
    const fold = (s: string) => s.replace(/[A-Z]/g, (c) => c.toLowerCase());
    const sorted = [...apps].sort((a, b) => {
      const x = fold(a.name);
      const y = fold(b.name);
      return x === y ? this.seq.get(a)! - this.seq.get(b)! : x < y ? -1 : 1;
    });
    return order === "asc" ? sorted : sorted.reverse();
  }
}

export const MODERN_BROWSER = {
  "User-Agent": "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36",
  Accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
};

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
