import { describe, expect, it } from "vitest";
import { atomXml } from "./atom.server.ts";

describe("atomXml", () => {
  const feed = {
    selfUrl: "https://hub.example/feeds/new-apps",
    pageUrl: "https://hub.example/brand-new",
    title: "New & <notable>",
    subtitle: 'It\'s "new"',
    entries: [
      {
        id: "https://hub.example/applications/q-a",
        title: "Q&A <Live>",
        updated: "2026-02-01T00:30:00+02:00",
        link: "https://hub.example/applications/q-a?x=1&y=2",
        contentHtml: "<p>Fixed</p>",
      },
      { id: "https://hub.example/applications/b", title: "B", updated: "2026-03-01T12:00:00.123Z", link: "https://hub.example/applications/b" },
    ],
  };

  it("escapes every value, HTML content included, and writes dates as RFC 3339 in UTC", () => {
    const xml = atomXml(feed);
    expect(xml).toContain("<title>Q&amp;A &lt;Live&gt;</title>");
    expect(xml).toContain("<title>New &amp; &lt;notable&gt;</title>");
    expect(xml).toContain("<subtitle>It&apos;s &quot;new&quot;</subtitle>");
    expect(xml).toContain('href="https://hub.example/applications/q-a?x=1&amp;y=2"');
    expect(xml).toContain('<content type="html">&lt;p&gt;Fixed&lt;/p&gt;</content>');
    expect(xml).toContain("<updated>2026-01-31T22:30:00Z</updated>");
  });

  it("is updated when its newest entry was, or at the epoch without entries", () => {
    expect(atomXml(feed)).toMatch(/<\/subtitle>\n<updated>2026-03-01T12:00:00Z<\/updated>/);
    expect(atomXml({ ...feed, entries: [] })).toContain("<updated>1970-01-01T00:00:00Z</updated>");
  });
});

describe("atomXml and characters XML 1.0 forbids (issue 27 item 19)", () => {
  it("leaves out control characters, lone surrogates and U+FFFE/U+FFFF, and keeps tab, newline and emoji", () => {
    const xml = atomXml({
      selfUrl: "https://hub.example/feeds/new-apps",
      pageUrl: "https://hub.example/brand-new",
      title: "New\u0001 apps\u001f",
      subtitle: "a\tb\nc\u000b\ufffe\uffff \ud800x \udc00y 🎉",
      entries: [{ id: "https://hub.example/applications/p", title: "Poll\u0000ster\u0008", updated: "2026-03-01T12:00:00Z", link: "https://hub.example/applications/p" }],
    });
    expect(xml).toContain("<title>New apps</title>");
    expect(xml).toContain("<title>Pollster</title>");
    expect(xml).toContain("<subtitle>a\tb\nc x y 🎉</subtitle>");
    // Nothing outside XML 1.0's Char production is left anywhere in the document.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this pattern's purpose
    expect(xml).not.toMatch(/[\u0000-\u0008\u000b\u000c\u000e-\u001f\ufffe\uffff]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/);
  });
});
