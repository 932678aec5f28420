import { describe, expect, it } from "vitest";
import { startedElsewhere } from "./connect.server";

const at = (headers: Record<string, string>) => new Request("https://apphub.example/applications/pollster/connect", { headers });

describe("startedElsewhere (issue 27: a Connect another site sent the person to asks first)", () => {
  it("goes on for a link on our pages or a typed address, and asks for anything else Sec-Fetch-Site says", () => {
    expect(startedElsewhere(at({ "Sec-Fetch-Site": "same-origin" }))).toBe(false);
    expect(startedElsewhere(at({ "Sec-Fetch-Site": "none" }))).toBe(false);
    for (const site of ["cross-site", "same-site", "bogus"]) expect(startedElsewhere(at({ "Sec-Fetch-Site": site })), site).toBe(true);
    // Sec-Fetch-Site decides even when a Referer says otherwise.
    expect(startedElsewhere(at({ "Sec-Fetch-Site": "cross-site", Referer: "https://apphub.example/applications/pollster" }))).toBe(true);
  });

  it("without Sec-Fetch-Site, goes on only for a Referer on our own origin", () => {
    expect(startedElsewhere(at({ Referer: "https://apphub.example/applications/pollster" }))).toBe(false);
    expect(startedElsewhere(at({ Referer: "https://vendor.example/promo" }))).toBe(true);
    expect(startedElsewhere(at({ Referer: "http://apphub.example/applications/pollster" }))).toBe(true);
    expect(startedElsewhere(at({ Referer: "not a url" }))).toBe(true);
    expect(startedElsewhere(at({}))).toBe(true);
  });
});
