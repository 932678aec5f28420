// Renders app descriptions (markdown from the catalogue) to HTML safely: micromark escapes raw HTML
// and drops dangerous link protocols by default; we only add rel/target to outbound links.
import { micromark } from "micromark";

type MarkdownOptions = {
  /**
   * A link's markdown title (`[See more](/brand-new "about new apps")`) becomes words of its name
   * that only assistive technology and search engines read, after the visible text: "See more about
   * new apps" (the name still starts with what is seen, WCAG 2.5.3; Lighthouse's link-text reads
   * the text, not aria-label). For short content texts whose link words say little on their own.
   * Hidden by the global [data-visually-hidden] rule (styles/global.css.ts).
   */
  linkTitlesAsHiddenText?: boolean;
};

export function renderMarkdown(markdown: string, options: MarkdownOptions = {}): string {
  let html = micromark(markdown, { allowDangerousHtml: false, allowDangerousProtocol: false });
  if (options.linkTitlesAsHiddenText) {
    // micromark writes titled links exactly as <a href="…" title="…">…</a>, attribute values escaped.
    html = html.replace(
      /<a href="([^"]*)" title="([^"]*)">(.*?)<\/a>/g,
      (_, href: string, title: string, text: string) => `<a href="${href}">${text}<span data-visually-hidden=""> ${title}</span></a>`,
    );
  }
  return html.replace(/<a href="(https?:\/\/[^"]*)">/g, '<a href="$1" rel="noopener noreferrer nofollow" target="_blank">');
}
