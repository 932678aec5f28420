// What the updates bot posts (issue 16; docs/decisions/026): markdown for the messaging platform,
// built from an app's published change and the follower's unfollow token. Everything a publisher (or
// a person) wrote is escaped first, so an app name, release notes or a space title can add no
// formatting, link or mention; web addresses in release notes are left out (the app's page, linked
// from every message, has the publisher's links).
import { micromark } from "micromark";
import topLevelDomains from "tlds";
import { escapeMarkdown } from "~/features/webhooks/incoming.server";
import { PERMISSIONS } from "~/models/permissions";
import { once } from "~/lib/lazy-schema";
import type { AppUpdate } from "./app-update";

/** How much of the release notes a message carries, in characters (cut at a word). */
export const SUMMARY_MAX_CHARS = 280;
/** New permissions named in a message; more are counted and left to the app's page. */
export const PERMISSIONS_SHOWN = 10;

/** An update as the queue carries it to each follower: the release notes already cut to their summary. */
export type UpdateNotice = Omit<AppUpdate, "releaseNotes"> & {
  /** The release notes as plain text, at most SUMMARY_MAX_CHARS (and an ellipsis), or null. */
  notesSummary: string | null;
};

export const toNotice = ({ releaseNotes, ...update }: AppUpdate): UpdateNotice => ({ ...update, notesSummary: summariseReleaseNotes(releaseNotes) });

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === "#") {
      const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/**
 * The delegated top-level domains (IANA's root zone, from the `tlds` package; Unicode forms for
 * internationalised ones): a dotted word is a bare domain only when it ends in one of these, as the
 * clients' linkers decide. `Node.js`, `Vue.js`, `package.json` end in no domain and stay.
 */
const topLevelDomainSet = once((): ReadonlySet<string> => new Set(topLevelDomains));
const isTopLevelDomain = (label: string) => {
  const lower = label.toLowerCase();
  return topLevelDomainSet().has(lower) || lower.startsWith("xn--");
};

/**
 * What a client would make a link of: web addresses (with a scheme, or starting www.), e-mail
 * addresses, and bare domain names with or without a path (`pollster-support.com/login`; issue 27),
 * which the platform's clients link on their own. A bare domain candidate is labels (letters of any
 * script, digits, hyphens) and dots; it is one only when its last label is a top-level domain (see
 * isTopLevelDomain), so version numbers (2.4.0), abbreviations (e.g.) and names with a dot that
 * ends in no domain (Node.js, Chart.js, config.yaml) are left as written.
 * Made on first use, as the set above: with its Unicode classes it cost most of a ms of every
 * isolate's startup (docs/decisions/056).
 */
const address = once(() => {
  const octet = String.raw`(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)`;
  const portAndPath = String.raw`(?::\d{1,5})?(?:[/?#][^\s<>"()[\]]*)?`;
  return new RegExp(
    [
      String.raw`\b(?:[a-z][a-z0-9+.-]*:\/\/|www\.)[^\s<>"()[\]]+`,
      String.raw`\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+`,
      // IP literals (issue 40 item 7): a dotted quad of octets (not part of a longer dotted number,
      // so 1.2.3.4.5 and 1.2.300.4 stay), and an IPv6 address in brackets.
      String.raw`(?<![\p{N}.])(?:${octet}\.){3}${octet}(?!\p{N}|\.\p{N})${portAndPath}`,
      String.raw`\[[0-9a-f.]*:[0-9a-f:.]*\]${portAndPath}`,
      // Labels joined by "." or the ideographic full stop, which IDNA reads as a dot (the text is
      // NFKC by now, which makes the full-width and halfwidth stops one of these two).
      String.raw`(?<![\p{L}\p{N}_.。@-])(?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?[.。])+(?<tld>[\p{L}\p{N}-]{2,63})(?![\p{L}\p{N}_-])${portAndPath}`,
    ].join("|"),
    "giu",
  );
});

/**
 * Text without web and e-mail addresses and IP literals (the punctuation after one stays; brackets
 * left empty go), on one line. Read in NFKC first, as a client's linker reads it after IDNA mapping:
 * full-width letters and dots (ｅｖｉｌ．ｃｏｍ) are the address they look like (issue 40 item 7).
 */
const withoutAddresses = (text: string) =>
  text
    .normalize("NFKC")
    .replace(address(), (...match: unknown[]) => {
      const [address] = match as [string];
      const { tld } = match.at(-1) as { tld?: string };
      // A dotted word that ends in no top-level domain is no address: as written.
      if (tld !== undefined && !isTopLevelDomain(tld)) return address;
      return /[.,;:!?]+$/.exec(address)?.[0] ?? "";
    })
    .replace(/\(\s*\)|\[\s*\]/g, "")
    .replace(/\s+/g, " ")
    .trim();

/**
 * Release notes (markdown) as a short plain text: rendered by micromark (raw HTML is escaped, so it
 * stays text), tags dropped, entities decoded, whitespace collapsed, web and e-mail addresses left
 * out, then cut at a word before SUMMARY_MAX_CHARS with an ellipsis. Null for empty notes.
 */
export function summariseReleaseNotes(notes: string | null, max = SUMMARY_MAX_CHARS): string | null {
  if (!notes?.trim()) return null;
  const html = micromark(notes, { allowDangerousHtml: false, allowDangerousProtocol: false });
  const text = withoutAddresses(decodeEntities(html.replace(/<(?:br|hr)\s*\/?>|<\/(?:p|li|h[1-6]|blockquote|pre|tr|td|th)>/gi, " ").replace(/<[^>]*>/g, "")));
  if (!text) return null;
  const chars = [...text];
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max).join("");
  // At a word: the whole cut when a space follows it, else up to its last space; one very long
  // word is cut rather than dropped.
  const atWord = chars[max] === " " ? cut : cut.slice(0, Math.max(cut.lastIndexOf(" "), 0));
  return `${(atWord.trim() || cut).replace(/[\s,;:.!?-]+$/, "")}…`;
}

/**
 * Text a publisher or a person wrote, as markdown that shows as written (./incoming's escape: no
 * formatting, link, HTML or mention markup), on one line, without web or e-mail addresses, which a
 * client would turn into links of its own.
 */
export const plain = (text: string) => escapeMarkdown(withoutAddresses(text));

export type MessageLinks = { portalUrl: string; unfollowToken: string };

/** An address on the portal, with parentheses and spaces encoded so it cannot end a markdown link early. */
const absolute = (portalUrl: string, path: string) => `${new URL(portalUrl).origin}${path}`.replace(/[()<> ]/g, (c) => encodeURIComponent(c));
/** The unfollow link in every message: the token is the capability, no login needed. */
export const unfollowPath = (token: string) => `/unfollow/${encodeURIComponent(token)}`;
/** A link the platform renders; its address is ours (PORTAL_URL), its text escaped. */
const link = (text: string, url: string) => `[${plain(text)}](${url})`;

/** "Pollster 2.4.0 is out" / "Pollster is deprecated" */
export function updateHeadline(notice: Pick<UpdateNotice, "kind" | "appName" | "version">): string {
  if (notice.kind === "deprecated") return `${notice.appName} is deprecated`;
  return notice.version ? `${notice.appName} ${notice.version} is out` : `A new version of ${notice.appName} is out`;
}

/** The message one follower gets about one published change. */
export function updateMessage(notice: UpdateNotice, links: MessageLinks): string {
  const parts: string[] = [`**${plain(updateHeadline(notice))}**`];
  if (notice.kind === "deprecated") {
    parts.push(
      notice.replacement ? `Use ${link(notice.replacement.name, absolute(links.portalUrl, notice.replacement.path))} instead.` : plain(`${notice.appName} gets no more updates.`),
    );
  }
  if (notice.notesSummary) parts.push(plain(notice.notesSummary));
  const added = notice.addedPermissions;
  if (added.length) {
    const shown = added.slice(0, PERMISSIONS_SHOWN).map((key) => `- ${plain(PERMISSIONS[key].label)}`);
    const more = added.length > shown.length ? [`- ${plain(`and ${added.length - shown.length} more (see the app's page)`)}`] : [];
    parts.push(`${added.length === 1 ? "It now asks for one more permission:" : `It now asks for ${added.length} more permissions:`}\n${[...shown, ...more].join("\n")}`);
  }
  parts.push(link(`See ${notice.appName} in App Hub`, absolute(links.portalUrl, notice.path)));
  parts.push(`${plain(`You get this because you follow ${notice.appName}.`)} ${link("Unfollow", absolute(links.portalUrl, unfollowPath(links.unfollowToken)))}`);
  return parts.join("\n\n");
}

/**
 * The confirmation posted when someone follows (or changes where updates go): it shows the bot can
 * post there, tells a space's members who asked for it, and carries the unfollow link from the start.
 */
export function followConfirmation(follow: { appName: string; appPath: string; followerName: string; inSpace: boolean }, links: MessageLinks): string {
  const who = follow.inSpace
    ? `${follow.followerName || "Someone"} asked App Hub to post updates about ${follow.appName} in this space`
    : `You follow ${follow.appName} in App Hub`;
  return [
    `**${plain(who)}**`,
    plain(`When ${follow.appName} publishes a new version or is deprecated, App Hub posts here what changed.`),
    `${link(`See ${follow.appName} in App Hub`, absolute(links.portalUrl, follow.appPath))} · ${link("Unfollow", absolute(links.portalUrl, unfollowPath(links.unfollowToken)))}`,
  ].join("\n\n");
}
