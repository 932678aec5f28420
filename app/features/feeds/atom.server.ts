// Atom (RFC 4287) feeds of the catalogue (issue 16): new apps, a category's newest apps, and one app's
// versions. Built as text: the document is small and its shape fixed, so a library would add
// nothing but bytes. Every value is escaped; HTML content (release notes, rendered by the safe
// markdown renderer) travels as escaped text in a type="html" element, as the RFC asks.
import { cacheControl } from "~/lib/cache-policy.server";
import type { PortalConfig } from "~/lib/config.server";
import { escapeXml } from "~/lib/xml";

export const ATOM_CONTENT_TYPE = "application/atom+xml; charset=utf-8";
/** Entries per feed: readers poll often, and a feed is for what changed lately. */
export const FEED_ENTRIES = 50;

export type AtomEntry = {
  /** A permanent, unique IRI: the app's address, with a fragment for a version. */
  id: string;
  title: string;
  /** ISO 8601 (RFC 3339). */
  updated: string;
  link: string;
  author?: string;
  summary?: string;
  /** HTML, sent escaped (type="html"). */
  contentHtml?: string;
};

export type AtomFeed = {
  /** The feed's own address (rel="self"), also its id. */
  selfUrl: string;
  /** The page the feed mirrors (rel="alternate"). */
  pageUrl: string;
  title: string;
  subtitle: string;
  entries: AtomEntry[];
};

/** RFC 3339 in UTC, seconds precision (Atom's date construct). */
const rfc3339 = (iso: string) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, "Z");

export function atomXml(feed: AtomFeed): string {
  // A feed without entries is still updated at some moment: the epoch says "nothing yet".
  const updated =
    feed.entries
      .map((e) => rfc3339(e.updated))
      .sort()
      .at(-1) ?? "1970-01-01T00:00:00Z";
  const entry = (e: AtomEntry) =>
    [
      "<entry>",
      `<id>${escapeXml(e.id)}</id>`,
      `<title>${escapeXml(e.title)}</title>`,
      `<updated>${rfc3339(e.updated)}</updated>`,
      `<link rel="alternate" type="text/html" href="${escapeXml(e.link)}"/>`,
      e.author ? `<author><name>${escapeXml(e.author)}</name></author>` : "",
      e.summary ? `<summary>${escapeXml(e.summary)}</summary>` : "",
      e.contentHtml !== undefined ? `<content type="html">${escapeXml(e.contentHtml)}</content>` : "",
      "</entry>",
    ].join("");
  return [
    '<?xml version="1.0" encoding="utf-8"?>',
    '<feed xmlns="http://www.w3.org/2005/Atom">',
    `<id>${escapeXml(feed.selfUrl)}</id>`,
    `<title>${escapeXml(feed.title)}</title>`,
    `<subtitle>${escapeXml(feed.subtitle)}</subtitle>`,
    `<updated>${updated}</updated>`,
    `<link rel="self" type="application/atom+xml" href="${escapeXml(feed.selfUrl)}"/>`,
    `<link rel="alternate" type="text/html" href="${escapeXml(feed.pageUrl)}"/>`,
    // Atom requires an author for every entry: the hub speaks for entries that name none.
    "<author><name>App Hub</name></author>",
    ...feed.entries.map(entry),
    "</feed>",
    "",
  ].join("\n");
}

/** The feed as a response: Atom's type, the catalogue's cache age (its ETag: workers/conditional-get.ts). */
export function atomResponse(feed: AtomFeed, config: Pick<PortalConfig, "localDevelopment">): Response {
  return new Response(atomXml(feed), { headers: { "Content-Type": ATOM_CONTENT_TYPE, "Cache-Control": cacheControl("catalogue", config) } });
}
