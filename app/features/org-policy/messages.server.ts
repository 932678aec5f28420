// What the updates bot posts about requests (issue 29; docs/decisions/035): markdown for the
// platform. Everything a person or a publisher wrote (names, the comment, a reason) goes through
// the followers' escape (no formatting, link, HTML or mention markup; web and e-mail addresses left
// out, which a client would make links of), so a comment cannot add a link or a mention.
import { plain } from "~/features/followers/update-message.server";
import { escapeMarkdown } from "~/features/webhooks/incoming.server";
import { isPermissionKey, PERMISSIONS } from "~/models/permissions";
import { aiUseOf, AI_USE_LABELS, CERTIFICATION_LABELS, DATA_REGION_LABELS, type SecurityFacts } from "~/models/security-facts";
import { ORG_ADMIN_PATH, requestAnchor } from "./paths";

export type RequestedApp = { name: string; path: string; publisherVerified: boolean; permissions: readonly string[]; security: SecurityFacts };

/** An address on the portal, with characters that could end a markdown link encoded. */
const absolute = (portalUrl: string, path: string) => `${new URL(portalUrl).origin}${path}`.replace(/[()<> ]/g, (c) => encodeURIComponent(c));

function permissionLines(keys: readonly string[]): string[] {
  const known = keys.filter(isPermissionKey);
  if (known.length === 0) return ["- None listed"];
  return known.map((k) => (PERMISSIONS[k].group === "admin" ? `- **Admin:** ${plain(PERMISSIONS[k].label)}` : `- ${plain(PERMISSIONS[k].label)}`));
}

function securityLine(app: RequestedApp): string {
  const s = app.security;
  const certs = s.certifications?.length ? s.certifications.map((c) => CERTIFICATION_LABELS[c]).join(", ") : "Not provided";
  const regions = s.dataRegions?.length ? s.dataRegions.map((r) => DATA_REGION_LABELS[r]).join(", ") : "Not provided";
  const ai = aiUseOf(s);
  return [
    `Publisher: ${app.publisherVerified ? "verified" : "not verified"}`,
    `Certifications: ${certs}`,
    `Data regions: ${regions}`,
    `AI: ${ai ? AI_USE_LABELS[ai] : "Not provided"}`,
  ].join(". ");
}

/** An e-mail address as a whole, nothing around it: what the platform verifies for a person. */
const VERIFIED_ADDRESS = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?)+$/;

/**
 * Who asks: the display name, which anyone can set to anything (escaped, addresses left out), and
 * the address the platform verified at login beside it, shown as it is (escaped only), so an admin
 * can tell a colleague from someone who took their name (issue 40 item 6). An address that is not
 * one whole e-mail address (never from the platform) is left out rather than trusted.
 */
function requesterText(requester: { name: string; email: string }): string {
  const email = requester.email.trim();
  const name = plain(requester.name) || "Someone";
  return VERIFIED_ADDRESS.test(email) && email.length <= 254 ? `**${name}** (${escapeMarkdown(email)})` : `**${name}**`;
}

/** The message each admin (or the requests space) gets for a new request. */
export function requestMessage(args: {
  app: RequestedApp;
  requester: { name: string; email: string };
  comment: string;
  requestId: number;
  moreAccess: boolean;
  portalUrl: string;
}): string {
  const { app } = args;
  const lines = [
    `${requesterText(args.requester)} asks to use **${plain(app.name)}** in your organisation${args.moreAccess ? " (it now asks for more access than you approved)" : ""}.`,
    "",
    "What it can do:",
    ...permissionLines(app.permissions),
    "",
    `${securityLine(app)}.`,
  ];
  if (args.comment.trim()) lines.push("", `Comment: ${plain(args.comment)}`);
  lines.push(
    "",
    `[Approve, restrict or deny](${absolute(args.portalUrl, `${ORG_ADMIN_PATH}${requestAnchor(args.requestId)}`)}) · [The app's page](${absolute(args.portalUrl, app.path)})`,
  );
  return lines.join("\n");
}

export type DecisionWord = "approved" | "denied" | "restricted";

/** The requester's message once someone (or a rule) decided. */
export function decisionMessage(args: {
  appName: string;
  appPath: string;
  decision: DecisionWord;
  by: string | null;
  ruleName: string | null;
  reason: string;
  portalUrl: string;
}): string {
  const who = args.ruleName ? `by your organisation's rule “${plain(args.ruleName)}”` : args.by ? `by ${plain(args.by)}` : "by an administrator";
  const what =
    args.decision === "approved"
      ? `Your request for **${plain(args.appName)}** was approved ${who}. You can add it now: [${plain(args.appName)}](${absolute(args.portalUrl, args.appPath)})`
      : args.decision === "denied"
        ? `Your request for **${plain(args.appName)}** was denied ${who}. You may ask again later.`
        : `**${plain(args.appName)}** was restricted ${who}. It cannot be requested.`;
  return args.reason.trim() ? `${what}\n\nReason: ${plain(args.reason)}` : what;
}

/** What the other admins (or the requests space) see once a request is decided: who decided. */
export function decidedNotice(args: { appName: string; requesterName: string; decision: DecisionWord; by: string | null; ruleName: string | null }): string {
  const who = args.ruleName ? `the rule “${plain(args.ruleName)}”` : plain(args.by ?? "An administrator");
  return `${args.ruleName ? "Decided by " : ""}${who}${args.ruleName ? ": " : " "}${args.decision} **${plain(args.appName)}** for ${plain(args.requesterName)}.`;
}

/** Issue 40 item 10: the rule that approved an app no longer approves its new version; it needs approval again. */
export function ruleLapsedNotice(args: { appName: string; appPath: string; ruleName: string; portalUrl: string }): string {
  return [
    `**${plain(args.appName)}** changed since your organisation's rule “${plain(args.ruleName)}” approved it: the rule no longer approves it as it is now, so it needs approval again.`,
    "",
    `[Decide](${absolute(args.portalUrl, ORG_ADMIN_PATH)}) · [The app's page](${absolute(args.portalUrl, args.appPath)})`,
  ].join("\n");
}

/** Issue 29 item 6: an approved app's new version asks for more; it needs approval again. */
export function moreAccessNotice(args: { appName: string; appPath: string; added: readonly string[]; portalUrl: string }): string {
  return [
    `**${plain(args.appName)}** now asks for more access than your organisation approved, so it needs approval again:`,
    ...permissionLines(args.added),
    "",
    `[Decide](${absolute(args.portalUrl, ORG_ADMIN_PATH)}) · [The app's page](${absolute(args.portalUrl, args.appPath)})`,
  ].join("\n");
}

/** To each admin when the requests space stopped receiving (issue 40 item 9): why, and where requests go now. */
export function spaceStoppedNotice(args: { roomTitle: string; portalUrl: string }): string {
  return [
    `Requests no longer go to the space **${plain(args.roomTitle)}**: people from outside your organisation are in it now, and would read them.`,
    `They come to each administrator by direct message until you choose another space in [Organisation apps](${absolute(args.portalUrl, ORG_ADMIN_PATH)}).`,
  ].join("\n\n");
}
