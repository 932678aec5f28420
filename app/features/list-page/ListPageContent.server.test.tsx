// The list page's server HTML is rendered once per list and catalogue version (issue 14: nothing
// computed per request that the catalogue version fixes), outside Remix: plain links that the
// page's Island makes client-side navigations, and the same markup React renders.
import { describe, expect, it, vi } from "vitest";
import type { AppSummary } from "~/models/types";
import type { ListPageData } from "./list-page.server";
import { listPageHtml } from "./ListPageContent.server";

const renders = vi.hoisted(() => ({ count: 0 }));
vi.mock("react-dom/server", async (importOriginal) => {
  const original = await importOriginal<typeof import("react-dom/server")>();
  return {
    ...original,
    renderToStaticMarkup: (element: Parameters<typeof original.renderToStaticMarkup>[0]) => {
      renders.count++;
      return original.renderToStaticMarkup(element);
    },
  };
});

const app = (n: number): AppSummary => ({
  id: `app-${n}`,
  friendlyId: `app-${n}`,
  name: `App ${n}`,
  logo: `/logos/${n}.svg`,
  type: "bot",
  productType: "teams",
  companyName: "Acme",
  tagline: `Does thing ${n}`,
  isFeatured: false,
  ratingAverage: null,
  ratingCount: 0,
  freshness: "active",
  publisherVerified: false,
  status: "published",
  submittedAt: "2026-01-01T00:00:00Z",
});

const listData = (items: AppSummary[], overrides: Partial<ListPageData> = {}): ListPageData => ({
  title: "Messaging",
  description: "Apps for messaging.",
  chips: [
    { to: "/messaging", label: "All" },
    { to: "/messaging/productivity", label: "Productivity" },
  ],
  canonicalPath: "/messaging",
  canonicalUrl: "https://apphub.example/messaging",
  items,
  total: 5,
  page: 1,
  fromPage: 1,
  pageSize: 2,
  sort: "newest",
  itemsInHtml: false,
  ...overrides,
});

describe("listPageHtml", () => {
  it("renders the list without a router: plain links, the current chip, the count and Load more", () => {
    const html = listPageHtml(listData([app(1), app(2)]), { pathname: "/messaging", search: "?sort=newest" });
    expect(html).toContain('<a class="AppCard_link');
    expect(html).toMatch(/<a class="[^"]+" data-link="" data-discover="true" href="\/applications\/app-1">App 1<\/a>/);
    expect(html).toMatch(/<a data-link="" data-discover="true" aria-current="page" class="[^"]+ active" href="\/messaging">All<\/a>/);
    expect(html).toMatch(/<a data-link="" data-discover="true" class="[^"]+" href="\/messaging\/productivity">Productivity<\/a>/);
    expect(html).toContain('<form method="get" action="/messaging"');
    expect(html).toContain("Showing 1–2 of 5 apps");
    expect(html).toContain('data-load-more="" data-discover="true" href="/messaging?sort=newest&amp;page=2#item-3"');
  });

  it("renders a list once per catalogue version and address", () => {
    const items = [app(1), app(2)];
    const before = renders.count;
    const first = listPageHtml(listData(items), { pathname: "/messaging", search: "" });
    expect(listPageHtml(listData(items), { pathname: "/messaging", search: "" })).toBe(first);
    expect(renders.count - before).toBe(1);

    // Another address of the same page of apps (a sort parameter in the links), another render.
    expect(listPageHtml(listData(items), { pathname: "/messaging", search: "?sort=a-z" })).toContain("?sort=a-z&amp;page=2");
    expect(renders.count - before).toBe(2);

    // A new import gives new pages of apps (new objects): rendered again, with what they hold now.
    expect(listPageHtml(listData([app(1), app(3)]), { pathname: "/messaging", search: "" })).toContain("App 3");
    expect(renders.count - before).toBe(3);
  });

  it("starts later with a link back to the first apps (a page opened at ?from=N)", () => {
    const html = listPageHtml(listData([app(3), app(4)], { page: 2, fromPage: 2 }), { pathname: "/messaging", search: "?page=2&from=2" });
    expect(html).toContain('href="/messaging">Back to the first apps</a>');
    expect(html).toContain('id="item-3"');
    expect(html).toContain('href="/messaging?page=3#item-5"');
  });
});
