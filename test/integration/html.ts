// Small helpers the integration tests share: read a rendered page with a real HTML parser
// (node-html-parser) by what it means (roles, labels, hrefs, names, visible text), never by its
// exact markup, and answer "which apps should this list show?" from the generated catalogue.
import { NodeType, parse, type HTMLElement, type Node } from "node-html-parser";
import type { AppRecord, CatalogueFile, CategoryRecord } from "../../app/models/catalogue-record.ts";

export type Element = HTMLElement;

/** A form as a browser would submit it: where, how, and its named fields' values (last one wins). */
export type Form = { action: string | null; method: string; fields: Record<string, string>; element: Element };

const HIDDEN = new Set(["script", "style", "template", "noscript"]);

/** The text a reader gets from an element: entities decoded, no scripts or styles, whitespace collapsed. */
export function textOf(node: Node | null | undefined): string {
  if (!node) return "";
  const parts: string[] = [];
  const walk = (n: Node) => {
    if (n.nodeType === NodeType.TEXT_NODE) parts.push(n.text);
    else if (n.nodeType === NodeType.ELEMENT_NODE && !HIDDEN.has((n as HTMLElement).rawTagName?.toLowerCase())) n.childNodes.forEach(walk);
  };
  walk(node);
  return parts.join("").replace(/\s+/g, " ").trim();
}

/** Every form inside an element: its method, action and named fields' values (a select's chosen option). */
export function formsIn(scope: Element): Form[] {
  return scope.querySelectorAll("form").map((form) => {
    const fields: Record<string, string> = {};
    for (const field of form.querySelectorAll("input[name], select[name], textarea[name], button[name]")) {
      const name = field.getAttribute("name")!;
      const tag = field.rawTagName.toLowerCase();
      if (tag === "select") {
        const option = field.querySelector("option[selected]") ?? field.querySelector("option");
        fields[name] = option?.getAttribute("value") ?? textOf(option);
      } else if (tag === "textarea") fields[name] = field.text;
      else fields[name] = field.getAttribute("value") ?? "";
    }
    return { action: form.getAttribute("action") ?? null, method: (form.getAttribute("method") ?? "get").toLowerCase(), fields, element: form };
  });
}

/** A parsed page: find elements by CSS selector and read what the tests assert on. */
export class Page {
  readonly root: Element;
  constructor(readonly html: string) {
    this.root = parse(html, { comment: false, blockTextElements: { script: true, style: true, noscript: true } });
  }

  /** The first element that matches (within `scope` if given), or null. */
  find(selector: string, scope: Element = this.root): Element | null {
    return scope.querySelector(selector);
  }

  all(selector: string, scope: Element = this.root): Element[] {
    return scope.querySelectorAll(selector);
  }

  /** The visible text of the first match (of the whole body without a selector); "" when none matches. */
  text(selector?: string, scope: Element = this.root): string {
    return textOf(selector ? this.find(selector, scope) : (this.find("body") ?? this.root));
  }

  /** An attribute of the first match (entities decoded), or null. */
  attr(selector: string, name: string, scope: Element = this.root): string | null {
    return this.find(selector, scope)?.getAttribute(name) ?? null;
  }

  /** The hrefs of every link (`a[href]`) in order, as written (entities decoded). */
  links(scope: Element = this.root): string[] {
    return this.all("a[href]", scope).map((a) => a.getAttribute("href")!);
  }

  /** The link whose visible text contains `text`, or null. */
  link(text: string, scope: Element = this.root): Element | null {
    return this.all("a[href]", scope).find((a) => textOf(a).includes(text)) ?? null;
  }

  /** The element labelled `label` by aria-label, or by aria-labelledby pointing at an element with that text. */
  labelled(label: string, scope: Element = this.root): Element | null {
    const labelled = this.all("[aria-label], [aria-labelledby]", scope);
    return (
      labelled.find((e) => e.getAttribute("aria-label") === label) ??
      labelled.find((e) => (e.getAttribute("aria-labelledby") ?? "").split(/\s+/).some((id) => id && textOf(this.find(`[id="${id}"]`)) === label)) ??
      null
    );
  }

  /** The elements (within `scope`) whose whole visible text is `text`. */
  withText(text: string, scope: Element = this.root): Element[] {
    return this.all("*", scope).filter((e) => textOf(e) === text);
  }

  /** Every form (within `scope`) with its method, action and named fields. */
  forms(scope: Element = this.root): Form[] {
    return formsIn(scope);
  }

  /** Every button (within `scope`): its visible text (the accessible name's words) and what it submits. */
  buttons(scope: Element = this.root): { text: string; name: string | null; value: string | null; element: Element }[] {
    return this.all("button", scope).map((b) => ({ text: textOf(b), name: b.getAttribute("name") ?? null, value: b.getAttribute("value") ?? null, element: b }));
  }

  /** The options of a select: value and visible label. */
  options(selector: string, scope: Element = this.root): { value: string; label: string }[] {
    const select = this.find(selector, scope);
    return select ? this.all("option", select).map((o) => ({ value: o.getAttribute("value") ?? textOf(o), label: textOf(o) })) : [];
  }

  /** A <meta name|property=…>'s content, or null. */
  meta(name: string): string | null {
    return this.attr(`meta[name="${name}"], meta[property="${name}"]`, "content");
  }

  /** The parsed JSON-LD blocks of the page. */
  jsonLd(): Record<string, unknown>[] {
    return this.all('script[type="application/ld+json"]').map((s) => JSON.parse(s.rawText) as Record<string, unknown>);
  }

  /** The scripts that run (not JSON data blocks). */
  scripts(): Element[] {
    return this.all("script").filter((s) => !/^application\/(ld\+)?json$/.test(s.getAttribute("type") ?? ""));
  }
}

let last: Page | undefined;
/** Parses a page (the last one is kept: helpers called on the same HTML parse it once). */
export function page(html: string): Page {
  if (last?.html !== html) last = new Page(html);
  return last;
}

/** What a reader gets from a page: its visible text, its links' hrefs, its buttons' texts. */
export function read(html: string): { text: string; links: string[]; buttons: string[]; page: Page } {
  const p = page(html);
  return { text: p.text(), links: p.links(), buttons: p.buttons().map((b) => b.text), page: p };
}

/** Whether some element's visible text ends with `words` (a message that says exactly that, e.g. "X is connected"). */
export function saysAtEnd(html: string, words: string): boolean {
  return page(html)
    .all("body *")
    .some((e) => textOf(e).endsWith(words));
}

/** The visible text of a whole page, as a reader gets it (entities decoded, tags and comments gone). */
export function visibleText(html: string): string {
  return page(html).text();
}

export function pageTitle(html: string): string {
  return textOf(page(html).find("title"));
}

export function heading(html: string): string {
  return page(html).text("h1");
}

/** The grid's cards in order: their item position (item-N) and the app key in their link. */
export function cards(html: string): { position: number; key: string }[] {
  const p = page(html);
  return p
    .all('li[id^="item-"]')
    .map((li) => ({ li, position: /^item-(\d+)$/.exec(li.id)?.[1], href: p.attr('a[href^="/applications/"]', "href", li) }))
    .filter((c) => c.position !== undefined && c.href !== null)
    .map((c) => ({ position: Number(c.position), key: appKey(c.href!) }));
}

/** The app key of a detail link: "/applications/<key>" → key. */
function appKey(href: string): string {
  return decodeURIComponent(href.slice("/applications/".length));
}

/** Every app linked from a page (home rows, lists, …): links to a detail page without query or fragment. */
export function appLinks(html: string): string[] {
  return page(html)
    .all('[href^="/applications/"]')
    .map((a) => a.getAttribute("href")!)
    .filter((href) => !/[?#]/.test(href))
    .map(appKey);
}

/** "Showing 1–32 of 387 apps" → 387. */
export function shownTotal(html: string): number | null {
  const m = /Showing \d+–\d+ of (\d+) apps?/.exec(visibleText(html));
  return m ? Number(m[1]) : null;
}

export class Catalogue {
  /** What lists show: published apps, without deprecated ones (issue 15: shown only when asked for). */
  readonly published: AppRecord[];
  /** Every published app, deprecated ones too (their pages exist; the sitemap lists them). */
  readonly publishedAll: AppRecord[];
  private readonly seq = new Map<AppRecord, number>();
  constructor(readonly file: CatalogueFile) {
    file.apps.forEach((a, i) => {
      this.seq.set(a, i + 1);
    });
    this.publishedAll = file.apps.filter((a) => a.status === "published");
    this.published = this.publishedAll.filter((a) => !a.deprecation);
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
