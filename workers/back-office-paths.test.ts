import { describe, expect, it } from "vitest";
import { appRouteManifest, BACK_OFFICE_PREFIXES, backOfficeRouteIds, fullPathOf, isBackOfficeRoutePath } from "./back-office-paths.mjs";

// The app's real route manifest, read as remix.config.js reads it for the front build.
const manifest = await appRouteManifest();
const back = new Set(backOfficeRouteIds(manifest));

describe("the back office's routes", () => {
  it("are the staff, publisher, personal-management and machine routes, children of a layout included", () => {
    for (const id of [
      "routes/admin.review._index",
      "routes/admin.organisation",
      "routes/publisher._index",
      "routes/publisher.$slug",
      "routes/publisher.$slug.tokens",
      "routes/api.publisher.v1.submissions._index",
      "routes/api.openapi[.]json",
      "routes/developers.api",
      "routes/feeds.new-apps",
      "routes/api.hooks.incoming.$token",
      "routes/applications.incoming-webhooks",
      "routes/my-integrations",
      "routes/applications_.$appId.follow",
    ]) {
      expect(back.has(id), id).toBe(true);
    }
  });

  it("leave in the front everything a visitor browses with", () => {
    for (const id of [
      "root",
      "routes/_index",
      "routes/_nav",
      "routes/_nav.search",
      "routes/_nav.$list.($category)",
      "routes/applications.$appId",
      "routes/applications_.$appId.connect",
      "routes/publishers.$slug",
      "routes/api.search",
      "routes/api.suggest",
      "routes/auth",
      "routes/support",
      "routes/$",
    ]) {
      expect(back.has(id), id).toBe(false);
    }
  });

  it("has no prefix that names no route (a renamed route would stay in the front unnoticed)", () => {
    const paths = Object.keys(manifest).map((id) => fullPathOf(manifest, id).toLowerCase());
    for (const prefix of BACK_OFFICE_PREFIXES) {
      expect(
        paths.some((p) => p === prefix || p.startsWith(`${prefix}/`)),
        prefix,
      ).toBe(true);
    }
  });

  it("match segment by segment, in any case", () => {
    expect(isBackOfficeRoutePath("/publishers/:slug")).toBe(false);
    expect(isBackOfficeRoutePath("/publisher")).toBe(true);
    expect(isBackOfficeRoutePath("/Admin/Review")).toBe(true);
    expect(isBackOfficeRoutePath("/administration")).toBe(false);
  });
});
