// Text in XML (the sitemap, Atom feeds): the five characters XML reserves, escaped.
const XML_ESCAPES: Record<string, string> = { "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" };

export const escapeXml = (s: string): string => s.replace(/[<>&'"]/g, (c) => XML_ESCAPES[c]!);
