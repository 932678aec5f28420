// @vitest-environment node
import { afterEach, describe, expect, it, vi } from "vitest";
import { browserMayTrack, mayTrack, readConsent } from "./consent";

describe("consent gating", () => {
  it("reads the performance_consent cookie", () => {
    expect(readConsent("a=1; performance_consent=true; b=2", false)).toBe("true");
    expect(readConsent("performance_consent=false", false)).toBe("false");
    expect(readConsent("xperformance_consent=true", false)).toBeNull();
    expect(readConsent("", false)).toBeNull();
  });

  it("reads only __Host-performance_consent on https", () => {
    expect(readConsent("a=1; __Host-performance_consent=true", true)).toBe("true");
    expect(readConsent("performance_consent=true", true)).toBeNull();
    expect(readConsent("performance_consent=true; __Host-performance_consent=false", true)).toBe("false");
  });

  it("sends only for the exact text true with GPC off", () => {
    expect(mayTrack("true", undefined)).toBe(true);
    expect(mayTrack("true", false)).toBe(true);
    for (const value of [null, "false", "TRUE", "1", "yes", " true"]) expect(mayTrack(value, undefined)).toBe(false);
  });

  it("Global Privacy Control wins over consent", () => {
    expect(mayTrack("true", true)).toBe(false);
  });

  describe("in a browser", () => {
    afterEach(() => vi.unstubAllGlobals());

    it("is off on the server (no document)", () => {
      expect(browserMayTrack()).toBe(false);
    });

    it("reads document.cookie and navigator.globalPrivacyControl at the time of asking", () => {
      const doc = { cookie: "performance_consent=true" };
      const nav: { globalPrivacyControl?: boolean } = {};
      vi.stubGlobal("document", doc);
      vi.stubGlobal("navigator", nav);
      expect(browserMayTrack()).toBe(true);
      nav.globalPrivacyControl = true;
      expect(browserMayTrack()).toBe(false);
      nav.globalPrivacyControl = false;
      doc.cookie = "performance_consent=false";
      expect(browserMayTrack()).toBe(false);
    });

    it("on an https page, reads the __Host- cookie and ignores a bare one", () => {
      const doc = { cookie: "performance_consent=true" };
      vi.stubGlobal("document", doc);
      vi.stubGlobal("navigator", {});
      vi.stubGlobal("location", { protocol: "https:" });
      expect(browserMayTrack()).toBe(false);
      doc.cookie = "__Host-performance_consent=true";
      expect(browserMayTrack()).toBe(true);
    });
  });
});
