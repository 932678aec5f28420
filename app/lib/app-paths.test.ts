import { describe, expect, it } from "vitest";
import { absoluteUrl, appConnectedPath, appConnectPath, appKey, appPath } from "./app-paths";

describe("an app's address", () => {
  it("is named by friendlyId, else id", () => {
    expect(appKey({ id: "Y2lzY29zcGFyazovL3Vz", friendlyId: "acme-bot" })).toBe("acme-bot");
    expect(appKey({ id: "Y2lzY29zcGFyazovL3Vz", friendlyId: null })).toBe("Y2lzY29zcGFyazovL3Vz");
    expect(appPath({ id: "x1", friendlyId: "acme-bot" })).toBe("/applications/acme-bot");
    expect(appPath({ id: "x1", friendlyId: null })).toBe("/applications/x1");
  });

  it("encodes the key (ids may hold characters a path may not)", () => {
    expect(appPath({ id: "a/b c=?", friendlyId: null })).toBe("/applications/a%2Fb%20c%3D%3F");
    expect(appPath("a/b")).toBe("/applications/a%2Fb");
  });

  it("has connect and connected addresses beside it", () => {
    expect(appConnectPath({ id: "x1", friendlyId: "crm" })).toBe("/applications/crm/connect");
    expect(appConnectedPath("crm")).toBe("/applications/crm/connected");
  });

  it("is made absolute on an origin (a URL's path and query are dropped)", () => {
    expect(absoluteUrl("https://apphub.example", appPath("crm"))).toBe("https://apphub.example/applications/crm");
    expect(absoluteUrl("http://127.0.0.1:8787/applications/x?y=1", appPath("crm"))).toBe("http://127.0.0.1:8787/applications/crm");
  });
});
