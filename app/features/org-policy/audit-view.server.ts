// The organisation's audit log as people read it (/admin/organisation, ./OrgAdminPage.tsx): what
// happened, to which app (by name, linked where the app is listed) or rule, before → after. The
// stored detail is JSON written by ./store.server.ts; it is zod-parsed per action, and a shape this
// module does not know (an older row, a new action) reads as a plain sentence, never as the JSON.
// Server-only (zod stays out of the browser); the page gets the pieces and renders them as text.
import { z } from "zod";
import { type Actor, storedActor } from "~/lib/actor";
import { lazySchema } from "~/lib/lazy-schema";
import type { AuditEntry } from "./store.server";
import { describeRule, ruleConditionsSchema } from "./policy";

/** A piece of the Details column: text, or an app (a link when `path` is set). */
export type AuditPiece = { kind: "text"; text: string } | { kind: "app"; name: string; path: string | null };
export type AuditLine = { id: number; at: string; actor: Actor | null; what: string; details: AuditPiece[] };

/** An app as the log may name it: `path` only where the app is listed in the catalogue. */
export type AuditAppRef = { name: string; path: string | null };

/** What the formatter may look up: listed apps by id, and a request's app (rows that predate naming it). */
export type AuditLookups = {
  app: (appId: string) => AuditAppRef | null;
  request: (requestId: number) => { appId: string; appName: string } | null;
};

const STANDING = { approved: "Pre-approved", restricted: "Restricted" } as const;
const MODE = { open: "Open", approval: "Approval required" } as const;

const decisionStatus = z.enum(["approved", "restricted"]).nullable();
const text = z.string().max(2000);

// Each built on its first parse, not at the Worker's startup (lib/lazy-schema.ts; docs/decisions/056).
// `before` is absent from rows written before the log kept it (they show the new state alone).
const settingsDetail = lazySchema(() =>
  z.object({
    mode: z.enum(["open", "approval"]),
    requestsTo: z.enum(["admins", "space"]),
    roomTitle: text.nullish(),
    before: z.object({ mode: z.enum(["open", "approval"]), requestsTo: z.enum(["admins", "space"]), roomTitle: text.nullish() }).nullish(),
    /** The hub stopped sending to the space: someone from outside the organisation is in it (issue 40 item 9). */
    stopped: z.literal("shared").optional(),
  }),
);
const decisionDetail = lazySchema(() => z.object({ appId: text, appName: text.optional(), reason: text.nullish(), rule: text.nullish(), before: decisionStatus.optional() }));
const clearDetail = lazySchema(() => z.object({ appId: text, before: decisionStatus.optional() }));
const denyDetail = lazySchema(() => z.object({ requestId: z.number().int(), appId: text.optional(), appName: text.optional(), reason: text.nullish() }));
const requestDetail = lazySchema(() => z.object({ appId: text, appName: text.optional() }));
const ruleAddDetail = lazySchema(() => z.object({ name: text, conditions: ruleConditionsSchema }));
const ruleDeleteDetail = lazySchema(() => z.object({ ruleId: z.number().int(), name: text.optional() }));

const say = (t: string): AuditPiece => ({ kind: "text", text: t });
const quoted = (t: string) => `“${t}”`;
const standing = (status: "approved" | "restricted" | null) => (status ? STANDING[status] : "On neither list");
const destination = (kind: "admins" | "space", roomTitle: string | null | undefined) =>
  kind === "admins" ? "a direct message to each administrator" : roomTitle ? `the space ${quoted(roomTitle)}` : "a space";
/** "before → after", or the new state alone when the row did not keep the old one. */
const change = (before: string | undefined, after: string) => (before === undefined || before === after ? after : `${before} → ${after}`);
const withReason = (reason: string | null | undefined): AuditPiece[] => (reason ? [say(`. Reason: ${reason}`)] : []);

/** The app a row names: listed (a link), else the name the row kept, else said plainly (never its id). */
function appPiece(lookups: AuditLookups, appId: string, keptName?: string): AuditPiece {
  const listed = lookups.app(appId);
  if (listed) return { kind: "app", name: listed.name, path: listed.path };
  return { kind: "app", name: keptName ?? "An app no longer in the App Hub", path: null };
}

type Formatter = { what: string; details: (detail: unknown, lookups: AuditLookups) => AuditPiece[] | null };

function decision(status: "approved" | "restricted"): Formatter {
  return {
    what: status === "approved" ? "Pre-approved an app" : "Restricted an app",
    details: (detail, lookups) => {
      const d = decisionDetail.safeParse(detail);
      if (!d.success) return null;
      const before = d.data.before === undefined ? undefined : standing(d.data.before);
      return [
        appPiece(lookups, d.data.appId, d.data.appName),
        say(`: ${change(before, standing(status))}`),
        ...(d.data.rule ? [say(` by the rule ${quoted(d.data.rule)}`)] : []),
        ...withReason(d.data.reason),
      ];
    },
  };
}

const FORMATTERS: Record<string, Formatter> = {
  "org.settings": {
    what: "Changed the settings",
    details: (detail) => {
      const d = settingsDetail.safeParse(detail);
      if (!d.success) return null;
      // null: the organisation had no settings yet, so it was open with requests to the admins (OPEN_POLICY).
      const before = d.data.before === null ? ({ mode: "open", requestsTo: "admins", roomTitle: null } as const) : d.data.before;
      return [
        say(`Mode: ${change(before ? MODE[before.mode] : undefined, MODE[d.data.mode])}. `),
        say(`Requests go to: ${change(before ? destination(before.requestsTo, before.roomTitle) : undefined, destination(d.data.requestsTo, d.data.roomTitle))}.`),
        ...(d.data.stopped ? [say(" The space has people from outside your organisation now, so the App Hub stopped sending requests there.")] : []),
      ];
    },
  },
  "org.approve": decision("approved"),
  "org.restrict": decision("restricted"),
  "org.clear": {
    what: "Took an app off the lists",
    details: (detail, lookups) => {
      const d = clearDetail.safeParse(detail);
      if (!d.success) return null;
      const before = d.data.before === undefined ? undefined : standing(d.data.before);
      return [appPiece(lookups, d.data.appId), say(`: ${change(before, standing(null))}`)];
    },
  },
  "org.deny": {
    what: "Denied a request",
    details: (detail, lookups) => {
      const d = denyDetail.safeParse(detail);
      if (!d.success) return null;
      const app = d.data.appId ? { appId: d.data.appId, appName: d.data.appName } : lookups.request(d.data.requestId);
      const subject = app ? appPiece(lookups, app.appId, app.appName) : say("A request");
      return [subject, say(` (request ${d.data.requestId})`), ...withReason(d.data.reason)];
    },
  },
  "org.request": {
    what: "Requested an app",
    details: (detail, lookups) => {
      const d = requestDetail.safeParse(detail);
      return d.success ? [appPiece(lookups, d.data.appId, d.data.appName)] : null;
    },
  },
  "org.rule.add": {
    what: "Added a rule",
    details: (detail) => {
      const d = ruleAddDetail.safeParse(detail);
      return d.success ? [say(`Rule ${quoted(d.data.name)}: ${describeRule(d.data.conditions)}`)] : null;
    },
  },
  "org.rule.delete": {
    what: "Deleted a rule",
    details: (detail) => {
      const d = ruleDeleteDetail.safeParse(detail);
      if (!d.success) return null;
      return [say(d.data.name ? `Rule ${quoted(d.data.name)}` : `Rule ${d.data.ruleId}`)];
    },
  },
};

/** What a row the formatter cannot read says instead of its JSON. */
export const UNREADABLE_DETAILS = "No further details were recorded in a form this page can show.";

function parseJson(detail: string): unknown {
  try {
    return JSON.parse(detail);
  } catch {
    return undefined;
  }
}

/** One audit row as the page shows it. */
export function auditLine(entry: AuditEntry, lookups: AuditLookups): AuditLine {
  const formatter = Object.hasOwn(FORMATTERS, entry.action) ? FORMATTERS[entry.action] : undefined;
  const details = formatter?.details(parseJson(entry.detail), lookups) ?? [say(UNREADABLE_DETAILS)];
  return { id: entry.id, at: entry.at, actor: storedActor(entry.actor, { name: entry.actor_name }), what: formatter?.what ?? "Another change", details };
}

/** The app ids the rows name (for the loader to look them up in the catalogue at once). */
export function auditAppIds(entries: readonly AuditEntry[]): string[] {
  const ids = new Set<string>();
  for (const entry of entries) {
    const appId = z.object({ appId: text }).safeParse(parseJson(entry.detail));
    if (appId.success) ids.add(appId.data.appId);
  }
  return [...ids];
}
