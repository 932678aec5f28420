// Renders app descriptions (markdown from the catalogue) to HTML safely: micromark escapes raw HTML
// and drops dangerous link protocols by default; we only add rel/target to outbound links.
import { micromark } from "micromark";

type MarkdownOptions = {
  /**
   * Words for a link whose text says nothing on its own ("See more", "Read more", "here"…), by its
   * address: added after the visible text, for assistive technology and search engines only, so its
   * name ("See more: What's New") still starts with what is seen (WCAG 2.5.3). Lighthouse's
   * link-text audit reads the text, not aria-label, hence hidden text. Hidden by the global
   * [data-visually-hidden] rule (styles/global.css.ts).
   */
  describeLink?: (href: string) => string | undefined;
};

/** Link texts that say nothing on their own (the English ones Lighthouse's link-text audit lists). */
const VAGUE_LINK_TEXT = new Set([
  "click here",
  "click this",
  "go",
  "here",
  "information",
  "learn more",
  "more",
  "more info",
  "more information",
  "right here",
  "read more",
  "see more",
  "start",
  "this",
]);

export function renderMarkdown(markdown: string, options: MarkdownOptions = {}): string {
  let html = micromark(markdown, { allowDangerousHtml: false, allowDangerousProtocol: false });
  const { describeLink } = options;
  if (describeLink) {
    // micromark writes links exactly as <a href="…">text</a> (attribute values and text escaped).
    html = html.replace(/<a href="([^"]*)">([^<]*)<\/a>/g, (link, href: string, text: string) => {
      const words = VAGUE_LINK_TEXT.has(text.trim().toLowerCase()) ? describeLink(href) : undefined;
      return words ? `<a href="${href}">${text}<span data-visually-hidden="">: ${escapeHtml(words)}</span></a>` : link;
    });
  }
  return html.replace(/<a href="(https?:\/\/[^"]*)">/g, '<a href="$1" rel="noopener noreferrer nofollow" target="_blank">');
}

const escapeHtml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
