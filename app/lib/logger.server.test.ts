import { afterEach, describe, expect, it, vi } from "vitest";
import { createLogger } from "./logger.server.ts";

afterEach(() => vi.restoreAllMocks());

function captured(): string[] {
  const lines: string[] = [];
  for (const method of ["log", "warn", "error"] as const) vi.spyOn(console, method).mockImplementation((line: string) => void lines.push(line));
  return lines;
}

describe("createLogger: spec §5 masking applies to every line, whatever the call site passes", () => {
  const token = "q3VbT0kLr5x9-_AbCdEfGhIjKlMnOpQrStUvWxYz012";

  it("masks the incoming webhook token in the request URL (workers/app.ts logs request.url)", () => {
    const lines = captured();
    createLogger("debug").debug("request", { method: "POST", url: `http://127.0.0.1:8787/api/hooks/incoming/${token}`, status: 200 });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain(token);
    expect(JSON.parse(lines[0]!)).toMatchObject({ level: "debug", message: "request", url: "http://127.0.0.1:8787/api/hooks/incoming/***", status: 200 });
  });

  it("masks paths, error texts, nested values and the message itself", () => {
    const lines = captured();
    const logger = createLogger("info");
    logger.error(`Failed /api/hooks/incoming/${token}`, {
      path: "/people?email=riley@acme.example",
      error: `Error: GET /auth/callback?code=abc123 failed`,
      detail: { url: "/x?access_token=t0k" },
    });
    logger.warn("Platform call refused", { headers: { Authorization: "Bearer s3cret", cookie: "a=b", accept: "*/*" } });
    const all = lines.join("\n");
    for (const secret of [token, "riley@acme.example", "abc123", "t0k", "s3cret", "a=b"]) expect(all).not.toContain(secret);
    expect(JSON.parse(lines[1]!).headers).toEqual({ accept: "*/*" });
  });
});
