// Renders app descriptions (markdown from the catalogue) to HTML safely: micromark escapes raw HTML
// and drops dangerous link protocols by default; we only add rel/target to outbound links.
import { micromark } from "micromark";

export function renderMarkdown(markdown: string): string {
  const html = micromark(markdown, { allowDangerousHtml: false, allowDangerousProtocol: false });
  return html.replace(/<a href="(https?:\/\/[^"]*)">/g, '<a href="$1" rel="noopener noreferrer nofollow" target="_blank">');
}
