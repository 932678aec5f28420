// Text in XML (the sitemap, Atom feeds): the five characters XML reserves, escaped, and the characters
// XML 1.0 does not allow at all (control characters other than tab, line feed and carriage return,
// lone surrogates, U+FFFE and U+FFFF) left out: one of them makes the whole document unreadable
// for every feed reader, and an escape (`&#1;`) is no better (XML 1.0 forbids it as a reference
// too). The catalogue's schema refuses them (app/models/catalogue-record.ts); this is the last guard.
const XML_ESCAPES: Record<string, string> = { "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" };

/** What XML 1.0's `Char` production excludes (a surrogate pair is one allowed character). */
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is this pattern's purpose
const NOT_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export const escapeXml = (s: string): string => s.replace(NOT_XML_CHAR, "").replace(/[<>&'"]/g, (c) => XML_ESCAPES[c]!);
