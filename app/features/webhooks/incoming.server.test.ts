// The message an incoming webhook posts (issue 13): the webhook's name leads it, text shows as
// typed, and the platform's byte limit is checked against what is actually sent.
import { describe, expect, it } from "vitest";
import { escapeMarkdown, incomingMessage, MAX_MESSAGE_BYTES, parseIncomingBody } from "./incoming.server";

describe("an incoming webhook's message", () => {
  it("puts the webhook's name in bold before the body; markdown is sent as given", () => {
    expect(incomingMessage("CI-Status", { markdown: "**Deployed** to production" })).toBe("**CI-Status**\n\n**Deployed** to production");
    expect(incomingMessage("CI-Status", { text: "Build 42 passed" })).toBe("**CI-Status**\n\nBuild 42 passed");
  });

  it("escapes text so it renders literally (no emphasis, links, HTML, mentions, lists or headings)", () => {
    expect(escapeMarkdown("a *b* _c_ `d` [e](f) <@personEmail:x@y|X> & ~g~ |h|")).toBe(
      "a \\*b\\* \\_c\\_ \\`d\\` \\[e\\](f) \\<@personEmail:x@y|X\\> \\& \\~g\\~ \\|h\\|".replace("x@y|X", "x@y\\|X"),
    );
    expect(escapeMarkdown("# title\n- item\n+ item\n1. one\n> quote\n---\nC:\\temp")).toBe("\\# title\\\n\\- item\\\n\\+ item\\\n1\\. one\\\n\\> quote\\\n\\---\\\nC:\\\\temp");
    // Paragraphs stay paragraphs; single line breaks become hard breaks.
    expect(escapeMarkdown("one\ntwo\n\nthree")).toBe("one\\\ntwo\n\nthree");
    expect(escapeMarkdown("plain text, 2024-01-01: fine.")).toBe("plain text, 2024-01-01: fine.");
  });

  it("counts the bytes actually sent (name and escaped body), and says how much room the body has", () => {
    const prefix = new TextEncoder().encode("**CI-Status**\n\n").length;
    const room = MAX_MESSAGE_BYTES - prefix;
    expect(parseIncomingBody(JSON.stringify({ text: "x".repeat(room) }), "CI-Status")).toEqual({ ok: true, markdown: `**CI-Status**\n\n${"x".repeat(room)}` });
    const over = parseIncomingBody(JSON.stringify({ markdown: "x".repeat(room + 1) }), "CI-Status");
    expect(over).toEqual({
      ok: false,
      message: `The message would be 7,440 bytes with the webhook's name; a message can be at most 7,439 bytes. "markdown" has room for ${room.toLocaleString("en-US")} bytes.`,
    });
    // Escaping counts: "*" is sent as "\*".
    const stars = parseIncomingBody(JSON.stringify({ text: "*".repeat(room / 2 + 1) }), "CI-Status");
    expect(stars.ok).toBe(false);
    expect(!stars.ok && stars.message).toContain('"text" has room for');
    expect(!stars.ok && stars.message).toContain("count twice");
  });
});
