import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown.server";

describe("renderMarkdown", () => {
  it("keeps a link's title as its title by default", () => {
    expect(renderMarkdown('[See more](/brand-new "about new apps")')).toBe('<p><a href="/brand-new" title="about new apps">See more</a></p>');
  });

  it("can turn a link's title into hidden words after its visible text", () => {
    expect(renderMarkdown('**New:** tabs. [See more](/brand-new "about new apps")', { linkTitlesAsHiddenText: true })).toBe(
      '<p><strong>New:</strong> tabs. <a href="/brand-new">See more<span data-visually-hidden=""> about new apps</span></a></p>',
    );
  });

  it("escapes what the title holds and still marks outbound links", () => {
    expect(renderMarkdown('[Docs](https://example.com/x "<b>docs</b>")', { linkTitlesAsHiddenText: true })).toBe(
      '<p><a href="https://example.com/x" rel="noopener noreferrer nofollow" target="_blank">Docs<span data-visually-hidden=""> &lt;b&gt;docs&lt;/b&gt;</span></a></p>',
    );
  });
});
