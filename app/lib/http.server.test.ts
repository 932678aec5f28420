import { describe, expect, it } from "vitest";
import { badRequest, jsonError } from "./http.server";

describe("jsonError: the one JSON error shape", () => {
  it("is {message} with the status, never stored", async () => {
    const res = jsonError(404, "No such thing.");
    expect(res.status).toBe(404);
    expect(res.headers.get("Content-Type")).toContain("application/json");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await res.json()).toEqual({ message: "No such thing." });
  });

  it("carries the fields an endpoint documents beside the message, and its headers", async () => {
    const res = jsonError(429, "Slow down.", { error: "too_many_requests" }, { "Retry-After": "60" });
    expect(res.headers.get("Retry-After")).toBe("60");
    expect(res.headers.get("Cache-Control")).toBe("private, no-store");
    expect(await res.json()).toEqual({ message: "Slow down.", error: "too_many_requests" });
  });

  it("keeps a Cache-Control the caller names (the webhook endpoints, a cached 404)", () => {
    expect(jsonError(404, "Gone.", {}, { "Cache-Control": "no-store" }).headers.get("Cache-Control")).toBe("no-store");
  });

  it("keeps every Set-Cookie of headers it is given", () => {
    const given = new Headers();
    given.append("Set-Cookie", "a=1; Path=/");
    given.append("Set-Cookie", "b=2; Path=/");
    expect(jsonError(401, "You were logged out.", { redirectTo: "/" }, given).headers.getSetCookie()).toEqual(["a=1; Path=/", "b=2; Path=/"]);
  });
});

describe("badRequest", () => {
  it("is a 400 in the one shape", async () => {
    const res = badRequest("Invalid parameter max: too big");
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ message: "Invalid parameter max: too big" });
  });
});
