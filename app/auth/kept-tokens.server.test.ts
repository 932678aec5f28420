import { describe, expect, it } from "vitest";
import { seal, unseal } from "./kept-tokens.server";

describe("kept (sealed) tokens", () => {
  const secrets = ["first-secret-0123456789abcdef0123456789", "older-secret-0123456789abcdef012345678"];

  it("opens what it sealed, and the sealed text does not contain the tokens", async () => {
    const sealed = await seal(secrets, "webhook-owner-tokens", "owner-1", '{"accessToken":"AT-123","refreshToken":"RT-456"}');
    expect(sealed).toMatch(/^v1\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    expect(sealed).not.toMatch(/AT-123|RT-456/);
    expect(await unseal(secrets, "webhook-owner-tokens", "owner-1", sealed)).toBe('{"accessToken":"AT-123","refreshToken":"RT-456"}');
  });

  it("seals differently each time (a fresh IV)", async () => {
    expect(await seal(secrets, "webhook-owner-tokens", "o", "same")).not.toBe(await seal(secrets, "webhook-owner-tokens", "o", "same"));
  });

  it("does not open for another owner, when tampered with, or once its secret is retired", async () => {
    const sealed = await seal(secrets, "webhook-owner-tokens", "owner-1", "tokens");
    expect(await unseal(secrets, "webhook-owner-tokens", "owner-2", sealed)).toBeNull();
    const [p, iv, data] = sealed.split(".");
    // Change the second-to-last character (the last may carry padding bits that decode the same).
    const flipped = `${p}.${iv}.${data!.slice(0, -2)}${data!.at(-2) === "A" ? "B" : "A"}${data!.slice(-1)}`;
    expect(await unseal(secrets, "webhook-owner-tokens", "owner-1", flipped)).toBeNull();
    expect(await unseal(["a-brand-new-secret-0123456789abcdef0123"], "webhook-owner-tokens", "owner-1", sealed)).toBeNull();
    expect(await unseal(secrets, "webhook-owner-tokens", "owner-1", "garbage")).toBeNull();
  });

  it("does not open for another purpose (each table has its own key)", async () => {
    const sealed = await seal(secrets, "webhook-owner-tokens", "owner-1", "tokens");
    expect(await unseal(secrets, "org-admin-tokens", "owner-1", sealed)).toBeNull();
  });

  it("keeps opening after a rotation that keeps the old secret in the list", async () => {
    const sealed = await seal(secrets, "webhook-owner-tokens", "owner-1", "tokens");
    expect(await unseal(["the-new-first-secret-0123456789abcdef01", ...secrets], "webhook-owner-tokens", "owner-1", sealed)).toBe("tokens");
  });
});
