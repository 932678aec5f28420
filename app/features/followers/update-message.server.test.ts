import { micromark } from "micromark";
import { describe, expect, it } from "vitest";
import type { AppUpdate } from "./app-update";
import { followConfirmation, SUMMARY_MAX_CHARS, summariseReleaseNotes, toNotice, updateMessage } from "./update-message.server";

const PORTAL = "https://apphub.lumen.example";
const links = { portalUrl: PORTAL, unfollowToken: "tok_en-123" };

const update = (overrides: Partial<AppUpdate> = {}): AppUpdate => ({
  id: "submission:42",
  kind: "version",
  appId: "app-1",
  appName: "Pollster",
  path: "/applications/pollster",
  version: "2.4.0",
  releaseNotes: "Faster polls.",
  addedPermissions: [],
  replacement: null,
  at: "2026-07-01T10:00:00.000Z",
  ...overrides,
});

/** The links a client renders from the markdown, and whether any mention markup survived. */
function rendered(markdown: string) {
  const html = micromark(markdown);
  return { html, hrefs: [...html.matchAll(/<a href="([^"]*)"/g)].map((m) => m[1]), mentions: /<@/.test(html) };
}

describe("updateMessage", () => {
  it("says what is out, the notes in short, and links to the app and to unfollow (absolute, on the portal)", () => {
    const text = updateMessage(toNotice(update()), links);
    expect(text).toBe(
      [
        "**Pollster 2.4.0 is out**",
        "Faster polls.",
        "[See Pollster in App Hub](https://apphub.lumen.example/applications/pollster)",
        "You get this because you follow Pollster. [Unfollow](https://apphub.lumen.example/unfollow/tok_en-123)",
      ].join("\n\n"),
    );
    expect(rendered(text).hrefs).toEqual([`${PORTAL}/applications/pollster`, `${PORTAL}/unfollow/tok_en-123`]);
  });

  it("says a new version is out when it has no number", () => {
    expect(updateMessage(toNotice(update({ version: null })), links)).toMatch(/^\*\*A new version of Pollster is out\*\*/);
  });

  it("tells of a deprecation and links the replacement", () => {
    const text = updateMessage(
      toNotice(update({ kind: "deprecated", version: null, releaseNotes: null, replacement: { name: "Polls Pro", path: "/applications/polls-pro" } })),
      links,
    );
    expect(text.split("\n\n").slice(0, 2)).toEqual(["**Pollster is deprecated**", "Use [Polls Pro](https://apphub.lumen.example/applications/polls-pro) instead."]);
    const plain = updateMessage(toNotice(update({ kind: "deprecated", version: null, releaseNotes: null })), links);
    expect(plain.split("\n\n").slice(0, 2)).toEqual(["**Pollster is deprecated**", "Pollster gets no more updates."]);
  });

  it("calls out new permissions by their plain-words labels, at most ten", () => {
    const one = updateMessage(toNotice(update({ addedPermissions: ["spark:messages_read"] })), links);
    expect(one).toContain("It now asks for one more permission:\n- Read the messages in your spaces");
    const many = updateMessage(
      toNotice(
        update({
          addedPermissions: [
            "spark:people_read",
            "spark:rooms_read",
            "spark:rooms_write",
            "spark:memberships_read",
            "spark:memberships_write",
            "spark:messages_read",
            "spark:messages_write",
            "spark:teams_read",
            "spark:teams_write",
            "spark:webhooks_read",
            "spark:webhooks_write",
            "spark:all",
          ],
        }),
      ),
      links,
    );
    expect(many).toContain("It now asks for 12 more permissions:");
    expect(many).toContain("- and 2 more (see the app's page)");
    expect(many.match(/^- /gm)).toHaveLength(11);
  });

  it("lets publisher text add no link, mention, HTML or formatting", () => {
    const text = updateMessage(
      toNotice(
        update({
          appName: "Poll*ster* [click](https://evil.example) <@personEmail:ceo@acme.example|CEO> www.evil.example",
          version: "2.4.0_beta",
          releaseNotes:
            "# Big\n\nVisit https://evil.example/x or www.evil.example, mail boss@evil.example. [docs](https://evil.example/docs) <@personId:abc|All> ![img](https://evil.example/i.png) `code` *em* <script>alert(1)</script>",
          replacement: null,
        }),
      ),
      links,
    );
    const { hrefs, mentions, html } = rendered(text);
    expect(hrefs).toEqual([`${PORTAL}/applications/pollster`, `${PORTAL}/unfollow/tok_en-123`]);
    expect(mentions).toBe(false);
    expect(html).not.toMatch(/<(script|em|img|h1)\b/);
    expect(text).not.toContain("evil.example");
    // The words stay readable, as written.
    expect(html).toContain("<strong>Poll*ster* [click] &lt;@personEmail:|CEO&gt; 2.4.0_beta is out</strong>");
    expect(html).toContain("<p>Big Visit or , mail . docs &lt;@personId:abc|All&gt; code em &lt;script&gt;alert(1)&lt;/script&gt;</p>");
  });
});

describe("bare domains (issue 27 item 16)", () => {
  it("leaves out bare domains, with or without a path, from names, notes and space titles, as e-mail addresses are", () => {
    const text = updateMessage(
      toNotice(
        update({
          appName: "Pollster pollster-support.com/login",
          releaseNotes: "Log in again at pollster-support.com/login?next=/ or Support.Pollster.IO:8443/reset, or xn--pllster-n2a.com. Version 2.4.0 is out, e.g. today.",
        }),
      ),
      links,
    );
    const confirmation = followConfirmation({ appName: "Pollster", appPath: "/applications/pollster", followerName: "Riley", inSpace: true }, links);
    for (const message of [text, confirmation, followConfirmation({ appName: "Pollster", appPath: "/p", followerName: "evil.co.uk/x", inSpace: true }, links)]) {
      // Nothing but the portal's own links looks like a domain a client would link.
      const outside = message.replaceAll(new URL(PORTAL).host, "");
      expect(outside).not.toMatch(/(?:[a-z0-9-]+\.)+[a-z]{2,}/i);
    }
    expect(text).toContain("**Pollster 2.4.0 is out**");
    expect(text).toContain("Log in again at or , or . Version 2.4.0 is out, e.g. today.");
  });

  it("keeps names and file names with a dot whose ending is no top-level domain (Node.js, Vue.js, package.json), in notes and names", () => {
    const notes = "Runs on Node.js 22 and Vue.js 3.5; reads package.json and config.yaml; built with Chart.js. Docs at pollster.io/help.";
    expect(summariseReleaseNotes(notes)).toBe("Runs on Node.js 22 and Vue.js 3.5; reads package.json and config.yaml; built with Chart.js. Docs at .");
    const text = updateMessage(toNotice(update({ appName: "Pollster for Node.js", releaseNotes: notes })), links);
    expect(text).toContain("**Pollster for Node.js 2.4.0 is out**");
    expect(text).not.toContain("pollster.io");
  });

  it("still leaves out a bare domain under any delegated top-level domain, whatever its case (.io, .dev, .app, .NET, a country's)", () => {
    for (const domain of ["socket.io", "ASP.NET", "pollster.dev/x", "evil.app", "example.de", "shop.co.uk", "bücher.example.berlin", "xn--pllster-n2a.com"]) {
      expect(summariseReleaseNotes(`see ${domain} now`), domain).toBe("see now");
    }
  });
});

describe("addresses in disguise (issue 40 item 7)", () => {
  it("leaves out IP literals, with or without a port or a path, as a client may link them", () => {
    for (const ip of ["10.0.0.7/login", "10.0.0.7", "192.168.1.20:8080/admin", "[2001:db8::1]/x", "[::1]:8443", "255.255.255.255"]) {
      expect(summariseReleaseNotes(`log in at ${ip} now`), ip).toBe("log in at now");
    }
    // Versions and numbers that are no address stay: three parts, an octet past 255.
    expect(summariseReleaseNotes("Version 2.4.0 and 1.2.300.4 ship; ratio 3:1.")).toBe("Version 2.4.0 and 1.2.300.4 ship; ratio 3:1.");
  });

  it("reads full-width and ideographic dots and compatibility letters as a client does (NFKC, then the dots IDNA accepts)", () => {
    for (const domain of ["evil。com", "evil．com/login", "evil｡com", "ｅｖｉｌ．ｃｏｍ", "evil.ｃｏｍ"]) {
      expect(summariseReleaseNotes(`see ${domain} now`), domain).toBe("see now");
    }
    const text = updateMessage(toNotice(update({ appName: "Pollster evil。com", releaseNotes: "Moved to 10.0.0.7/login." })), links);
    expect(text).not.toMatch(/evil|10\.0\.0\.7/);
  });

  it("keeps Japanese sentences and their full stops as written", () => {
    expect(summariseReleaseNotes("投票を締め切る時刻を選べます。詳しくはアプリで。")).toBe("投票を締め切る時刻を選べます。詳しくはアプリで。");
  });
});

describe("summariseReleaseNotes", () => {
  it("is plain text from markdown: no markup, entities decoded, whitespace collapsed", () => {
    expect(summariseReleaseNotes("## What's new\n\n- Polls close on a *timer*.\n- Export to **CSV** &amp; PDF.\n\n```\ncode\n```")).toBe(
      "What's new Polls close on a timer. Export to CSV & PDF. code",
    );
  });

  it("is null for no notes", () => {
    expect(summariseReleaseNotes(null)).toBeNull();
    expect(summariseReleaseNotes("  \n ")).toBeNull();
    expect(summariseReleaseNotes("https://only.example/a-link")).toBeNull();
  });

  it("is cut at a word before the limit, with an ellipsis", () => {
    const words = Array.from({ length: 100 }, (_, i) => `word${i}`).join(" ");
    const summary = summariseReleaseNotes(words)!;
    expect([...summary].length).toBeLessThanOrEqual(SUMMARY_MAX_CHARS + 1);
    expect(summary.endsWith("…")).toBe(true);
    expect(words.startsWith(summary.slice(0, -1))).toBe(true);
    expect(words.charAt(summary.length - 1)).toBe(" ");
  });

  it("keeps a text of exactly the limit whole, cuts one very long word, and counts an emoji as one", () => {
    const exact = "a".repeat(SUMMARY_MAX_CHARS);
    expect(summariseReleaseNotes(exact)).toBe(exact);
    expect(summariseReleaseNotes("b".repeat(400))).toBe(`${"b".repeat(SUMMARY_MAX_CHARS)}…`);
    const emoji = "🎉".repeat(SUMMARY_MAX_CHARS);
    expect(summariseReleaseNotes(emoji)).toBe(emoji);
  });
});

describe("followConfirmation", () => {
  it("tells a space who asked for the messages, and carries the unfollow link", () => {
    const text = followConfirmation({ appName: "Pollster", appPath: "/applications/pollster", followerName: "Riley *R*", inSpace: true }, links);
    expect(text.split("\n\n")[0]).toBe("**Riley \\*R\\* asked App Hub to post updates about Pollster in this space**");
    expect(rendered(text).hrefs).toEqual([`${PORTAL}/applications/pollster`, `${PORTAL}/unfollow/tok_en-123`]);
    expect(followConfirmation({ appName: "Pollster", appPath: "/applications/pollster", followerName: "Riley", inSpace: false }, links)).toMatch(
      /^\*\*You follow Pollster in App Hub\*\*/,
    );
  });
});
