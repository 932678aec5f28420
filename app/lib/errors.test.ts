import { describe, expect, it } from "vitest";
import { ERROR_PAGES, errorPageFor } from "./errors.ts";

describe("errorPageFor (spec §8 page routing by error)", () => {
  it("sends an exceeded timeout to time-out (504)", () => {
    expect(errorPageFor(undefined, undefined, true).status).toBe(504);
    expect(errorPageFor(500, "boom", true).status).toBe(504);
    expect(errorPageFor(504).status).toBe(504);
  });

  it("sends status 404 to not-found (404)", () => {
    expect(errorPageFor(404).status).toBe(404);
  });

  it("sends the message '404' or 'No results found' to not-found (404)", () => {
    expect(errorPageFor(undefined, "404").status).toBe(404);
    expect(errorPageFor(200, "No results found").status).toBe(404);
    expect(errorPageFor(500, "No results found").status).toBe(404);
  });

  it("sends 429 to internal-server (500)", () => {
    expect(errorPageFor(429).status).toBe(500);
  });

  it.each([500, 502, 503, 400, 401, 403, undefined])("sends anything else (%s) to internal-server (500)", (status) => {
    expect(errorPageFor(status, "Something broke").status).toBe(500);
  });

  it("returns the page's title and message", () => {
    expect(errorPageFor(404)).toBe(ERROR_PAGES[404]);
    expect(errorPageFor(500)).toBe(ERROR_PAGES[500]);
    expect(errorPageFor(504)).toBe(ERROR_PAGES[504]);
    for (const page of Object.values(ERROR_PAGES)) {
      expect(page.title.length).toBeGreaterThan(0);
      expect(page.message.length).toBeGreaterThan(0);
    }
  });
});
