import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown.server";

const describeLink = (href: string) => (href === "/brand-new" ? "What's New" : undefined);

describe("renderMarkdown", () => {
  it("leaves links as they are without describeLink", () => {
    expect(renderMarkdown("[See more](/brand-new)")).toBe('<p><a href="/brand-new">See more</a></p>');
  });

  it("adds hidden words after a link text that says nothing on its own", () => {
    expect(renderMarkdown("**New:** tabs. [See more](/brand-new)", { describeLink })).toBe(
      '<p><strong>New:</strong> tabs. <a href="/brand-new">See more<span data-visually-hidden="">: What\'s New</span></a></p>',
    );
  });

  it("keeps descriptive link texts, and links it has no words for, as they are", () => {
    expect(renderMarkdown("[See what's new](/brand-new) or [more](/bots)", { describeLink })).toBe('<p><a href="/brand-new">See what\'s new</a> or <a href="/bots">more</a></p>');
  });

  it("escapes the words and still marks outbound links", () => {
    expect(renderMarkdown("[Read more](https://example.com/x)", { describeLink: () => "<docs>" })).toBe(
      '<p><a href="https://example.com/x" rel="noopener noreferrer nofollow" target="_blank">Read more<span data-visually-hidden="">: &lt;docs&gt;</span></a></p>',
    );
  });
});
