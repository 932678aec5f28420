import { describe, expect, it } from "vitest";
import { shellLine, TargetError, wranglerTarget } from "./wrangler-target.ts";

const resolve = (p: string) => `/abs/${p}`;

describe("wranglerTarget", () => {
  it("defaults to the local development state", () => {
    expect(wranglerTarget({}, resolve)).toMatchObject({ env: "development", remote: false, dryRun: false, args: ["--env", "development", "--local"] });
  });
  it("writes a deployed environment's real D1 and KV with --remote", () => {
    expect(wranglerTarget({ env: "production", remote: true }, resolve).args).toEqual(["--env", "production", "--remote"]);
  });
  it("keeps --persist-to for local state", () => {
    expect(wranglerTarget({ "persist-to": "s" }, resolve).args).toEqual(["--env", "development", "--local", "--persist-to", "/abs/s"]);
  });
  it.each([
    [{ env: "prod" }, /--env must be one of/],
    [{ remote: true }, /--remote needs --env staging or --env production/],
    [{ env: "staging", remote: true, "persist-to": "x" }, /cannot be combined with --remote/],
  ])("refuses %j", (values, message) => {
    expect(() => wranglerTarget(values, resolve)).toThrow(TargetError);
    expect(() => wranglerTarget(values, resolve)).toThrow(message);
  });
  it("prints commands a shell can run", () => {
    expect(shellLine(["d1", "execute", "DB", "--command", "SELECT 1"])).toBe("npx wrangler d1 execute DB --command 'SELECT 1'");
  });
});
