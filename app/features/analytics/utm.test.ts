import { describe, expect, it } from "vitest";
import { captureUtm } from "./utm";

const LANDING = "https://apphub.lumen.example/bots";

describe("captureUtm", () => {
  it("takes utm_* from the referrer's address", () => {
    expect(captureUtm(LANDING, "https://news.example/post?utm_source=newsletter&utm_medium=email&utm_campaign=spring&x=1")).toEqual({
      utm_source: "newsletter",
      utm_medium: "email",
      utm_campaign: "spring",
    });
  });

  it("prefers the landing page's own utm_* parameters", () => {
    expect(captureUtm(`${LANDING}?utm_source=ad&utm_term=bots`, "https://news.example/?utm_source=newsletter")).toEqual({ utm_source: "ad", utm_term: "bots" });
  });

  it("records a cross-site referrer without utm_* as a referral from its host", () => {
    expect(captureUtm(LANDING, "https://search.example/results?q=secret")).toEqual({ utm_source: "search.example", utm_medium: "referral" });
  });

  it("records nothing for our own pages, no referrer or a bad one", () => {
    expect(captureUtm(LANDING, "https://apphub.lumen.example/search?q=x")).toEqual({});
    expect(captureUtm(LANDING, "")).toEqual({});
    expect(captureUtm(LANDING, "not a url")).toEqual({});
    expect(captureUtm(LANDING, "android-app://com.example")).toEqual({});
  });

  it("trims values to 100 characters and ignores empty ones", () => {
    const out = captureUtm(`${LANDING}?utm_source=${"a".repeat(150)}&utm_medium=`, "");
    expect(out).toEqual({ utm_source: "a".repeat(100) });
  });
});
