import { describe, expect, it } from "vitest";
import { targetProblem } from "./target-url.server";

describe("targetProblem (outgoing webhook URLs)", () => {
  it.each([
    ["https://hooks.example.com/lumen", null],
    ["https://hooks.example.com:8443/a?b=c", null],
    ["http://hooks.example.com/lumen", "not-https"],
    ["HTTP://hooks.example.com/lumen", "not-https"],
    ["https://127.0.0.1/x", "private"],
    ["http://10.0.0.1/x", "private"],
    ["https://[::1]/x", "private"],
    ["ftp://hooks.example.com/x", "unparseable"],
    ["not a url", "unparseable"],
  ])("in production %s → %s", (url, problem) => {
    expect(targetProblem(url, false)).toBe(problem);
  });

  it.each(["http://127.0.0.1:8080/hook", "http://hooks.example.com/x", "https://hooks.example.com/x"])("local development allows %s", (url) => {
    expect(targetProblem(url, true)).toBeNull();
  });
});
