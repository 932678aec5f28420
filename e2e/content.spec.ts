// Pages built on content entries (content/, loaded by the e2e seed): /coming-soon sorted by title,
// the CASB/DLP providers page without a search box, a collection page, the support page — with
// JavaScript on ("js") and off ("no-js").
import { readFileSync } from "node:fs";
import { ListPageObject, expect, headerSearchBox, open, test, waitForRouterIdle } from "./fixtures";

type Body = Record<string, unknown>;
const entry = (type: string): Body => (JSON.parse(readFileSync(new URL(`../content/${type}.json`, import.meta.url), "utf8")) as { entries: { body: Body }[] }).entries[0]!.body;
const byTitle = (a: string, b: string) => a.localeCompare(b, "en", { sensitivity: "base" });

test("/coming-soon lists the coming-soon entry's items sorted by title", async ({ page, jsEnabled }) => {
  await open(page, "/coming-soon", jsEnabled);
  const list = new ListPageObject(page);
  const body = entry("coming-soon") as { title: string; items: { title: string }[] };
  await expect(list.heading).toHaveText(body.title);
  const titles = body.items.map((i) => i.title).sort(byTitle);
  await expect(list.items.getByRole("heading")).toHaveText(titles);
  await expect(list.sortSelect).toHaveValue("a-z");
  // The side-nav layout stays.
  await expect(page.getByRole("navigation", { name: "Categories and filters" })).toBeAttached();

  // Sorting Z-A reverses it (a GET form without JavaScript).
  await list.sortSelect.selectOption("z-a");
  if (!jsEnabled) await list.sortButton.click();
  await expect(page).toHaveURL(/\/coming-soon\?sort=z-a$/);
  await waitForRouterIdle(page, jsEnabled);
  await expect(list.items.getByRole("heading")).toHaveText([...titles].reverse());
});

test("/casb-dlp-providers shows the providers and no search box in the header", async ({ page, jsEnabled }) => {
  await open(page, "/casb-dlp-providers", jsEnabled);
  const body = entry("security-integrations") as { title: string; items: { name: string; link: string }[] };
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(body.title);
  const providers = page.getByRole("list", { name: "Providers" }).getByRole("listitem");
  await expect(providers).toHaveCount(body.items.length);
  for (const [i, item] of body.items.entries()) {
    await expect(providers.nth(i).getByRole("heading", { level: 2 })).toHaveText(item.name);
    await expect(providers.nth(i).getByRole("link")).toHaveAttribute("href", item.link);
  }
  await expect(page.getByRole("search")).toHaveCount(0);
  await expect(headerSearchBox(page)).toHaveCount(0);

  // A page that has the box still shows it.
  await open(page, "/support", jsEnabled);
  await expect(page.getByRole("search").first()).toBeAttached();
});

test("/hybrid-work shows its collection entry", async ({ page, jsEnabled }) => {
  await open(page, "/hybrid-work", jsEnabled);
  const body = entry("hybrid-collection") as { title: string; description: string };
  const list = new ListPageObject(page);
  await expect(list.heading).toHaveText(body.title);
  await expect(page.getByText(body.description)).toBeVisible();
  await expect(list.count).toHaveText(/^Showing 1–\d+ of \d+ apps$/);
  expect(await list.items.count()).toBeGreaterThan(0);
});

test("/support shows the e-mail address from its entry", async ({ page, jsEnabled }) => {
  await open(page, "/support", jsEnabled);
  const body = entry("support") as { title: string; email: string };
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(body.title);
  await expect(page.getByRole("link", { name: body.email })).toHaveAttribute("href", `mailto:${body.email}`);
});
