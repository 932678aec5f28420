// The list page's server HTML is rendered once per list and catalogue version (issue 14: nothing
// computed per request that the catalogue version fixes), outside Remix: plain links that the
// page's Island makes client-side navigations, and the same markup React renders.
import { describe, expect, it, vi } from "vitest";
import { NO_FILTERS, parseListFilters } from "~/lib/list-filters";
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
  feed: null,
  items,
  total: 5,
  totalCapped: false,
  page: 1,
  fromPage: 1,
  pageSize: 2,
  sort: "newest",
  defaultSort: "newest",
  filters: NO_FILTERS,
  org: null,
  itemsInHtml: false,
  ...overrides,
});

describe("listPageHtml", () => {
  it("says '1,000+ apps' when the count stopped at its bound, and still offers the next page (issue 31)", () => {
    const items = [app(1), app(2)];
    const location = { pathname: "/messaging", search: "" };
    const capped = listPageHtml(listData(items, { total: 1001, totalCapped: true }), location);
    expect(capped).toContain("Showing 1–2 of 1,000+ apps");
    expect(capped).toContain('data-list-count="1 1001 capped"');
    expect(capped).toContain('href="/messaging?page=2#item-3"');
    const exact = listPageHtml(listData(items, { total: 5 }), location);
    expect(exact).toContain("Showing 1–2 of 5 apps");
  });

  it("shows the organisation's badges only in a member's list, never in the shared markup of the same apps (issue 29)", () => {
    const items = [app(1), app(2)];
    const location = { pathname: "/messaging", search: "" };
    const shared = listPageHtml(listData(items), location);
    const member = listPageHtml(listData(items, { org: { states: { byApp: { [app(1).id]: "approved" }, otherwise: "needs-approval" }, approvedOnly: false } }), location);
    expect(shared).not.toMatch(/Approved by your organisation|Needs approval|Approved for my organisation/);
    expect(member).toContain("Approved by your organisation");
    expect(member).toContain("Needs approval");
    expect(member).toContain('href="/messaging?org=approved"');
    // The shared markup, asked again after the member's, is still the shared one.
    expect(listPageHtml(listData(items), location)).toBe(shared);
  });

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

  it("keeps the filters in the sort form, the category chips and Load more; shows them as removable chips", () => {
    const filters = parseListFilters(new URLSearchParams("certification=hipaa&region=eu"));
    const html = listPageHtml(listData([app(1), app(2)], { filters, sort: "a-z" }), { pathname: "/messaging", search: "?certification=hipaa&region=eu&sort=a-z" });
    // The sort form carries the filters; the filter form carries the sort, and the boxes are ticked.
    expect(html).toMatch(/<form method="get" action="\/messaging"[^>]*><input type="hidden" name="certification" value="hipaa"\/><input type="hidden" name="region" value="eu"\/>/);
    expect(html).toMatch(/aria-label="Filter apps"[^>]*><input type="hidden" name="sort" value="a-z"\/>/);
    expect(html).toMatch(/<input type="checkbox" name="certification" checked="" value="hipaa"\/>/);
    expect(html).toMatch(/<input type="checkbox" name="region" value="us"\/>/);
    expect(html).toContain("Filters (2 active)");
    expect(html).toContain('href="/messaging/productivity?certification=hipaa&amp;region=eu"');
    expect(html).toContain('href="/messaging?certification=hipaa&amp;region=eu&amp;sort=a-z&amp;page=2#item-3"');
    expect(html).toMatch(/aria-label="Remove filter Certification: HIPAA"[^>]* href="\/messaging\?region=eu&amp;sort=a-z"/);
    expect(html).toMatch(/href="\/messaging\?sort=a-z">Clear filters</);
    expect(html).not.toContain("No app matches these filters");
  });

  it("says so when nothing matches the filters, and offers to clear them", () => {
    const filters = parseListFilters(new URLSearchParams("rating=4"));
    const html = listPageHtml(listData([], { filters, total: 0 }), { pathname: "/messaging", search: "?rating=4" });
    expect(html).toContain("No app matches these filters.");
    expect(html).toContain("There are no items to display");
    expect(html.match(/href="\/messaging">Clear filters</g)).toHaveLength(2);
    // Without filters an empty list only says there are no items.
    expect(listPageHtml(listData([], { total: 0 }), { pathname: "/messaging", search: "" })).not.toContain("Clear filters");
  });
});
