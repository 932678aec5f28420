import { describe, expect, it } from "vitest";
import { validateWebhookInput, WEBHOOK_MESSAGES as M } from "./webhook-form";

describe("validateWebhookInput (spec §5)", () => {
  it("accepts letters, digits and hyphens, trimmed", () => {
    expect(validateWebhookInput("incoming", { displayName: " Build-42 ", roomId: "r1" })).toEqual({
      ok: true,
      value: { displayName: "Build-42", roomId: "r1", webhookUrl: null },
    });
  });

  it.each(["", "build bot", "café", "a_b", "x!", "a".repeat(101)])("refuses the name %j", (displayName) => {
    expect(validateWebhookInput("incoming", { displayName, roomId: "r1" })).toEqual({ ok: false, errors: { displayName: M.name } });
  });

  it("needs a room, and reports every failing field at once", () => {
    expect(validateWebhookInput("outgoing", { displayName: "no way", webhookUrl: "" })).toEqual({
      ok: false,
      errors: { displayName: M.name, roomId: M.room, webhookUrl: M.urlRequired },
    });
  });

  it("needs an outgoing URL that starts with http and parses", () => {
    const check = (webhookUrl: unknown) => validateWebhookInput("outgoing", { displayName: "ok", roomId: "r", webhookUrl });
    expect(check(undefined)).toEqual({ ok: false, errors: { webhookUrl: M.urlRequired } });
    expect(check("ftp://example.com")).toEqual({ ok: false, errors: { webhookUrl: M.urlHttp } });
    expect(check("example.com/hook")).toEqual({ ok: false, errors: { webhookUrl: M.urlHttp } });
    expect(check("https://")).toEqual({ ok: false, errors: { webhookUrl: M.urlInvalid } });
    expect(check("https://user:pw@example.com/")).toEqual({ ok: false, errors: { webhookUrl: M.urlInvalid } });
    expect(check("https://example.com/hook")).toMatchObject({ ok: true, value: { webhookUrl: "https://example.com/hook" } });
  });

  it("ignores a URL sent for an incoming webhook", () => {
    expect(validateWebhookInput("incoming", { displayName: "a", roomId: "r", webhookUrl: "nonsense" })).toMatchObject({ ok: true, value: { webhookUrl: null } });
  });
});
