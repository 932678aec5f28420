import { describe, expect, it } from "vitest";
import { strongEtag } from "./etag";

describe("strongEtag", () => {
  it("is the first 128 bits of the body's SHA-256, in hex, quoted", async () => {
    // SHA-256("abc") = ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad (FIPS 180-2).
    expect(await strongEtag("abc")).toBe('"ba7816bf8f01cfea414140de5dae2223"');
  });

  it("tags a text and its UTF-8 bytes alike", async () => {
    const text = '{"items":[{"name":"Zürich Rooms"}]}';
    expect(await strongEtag(text)).toBe(await strongEtag(new TextEncoder().encode(text)));
    expect(await strongEtag(text)).not.toBe(await strongEtag(`${text} `));
  });
});
