import { describe, expect, it } from "vitest";
import { type AuditLookups, UNREADABLE_DETAILS, auditAppIds, auditLine } from "./audit-view.server";
import type { AuditEntry } from "./store.server";

// App ids as the catalogue has them: base64 text, which the log must never print.
const LISTED_ID = "Y2lzY29zcGFyazovL3VzL0FQUExJQ0FUSU9OL3BvbGxzdGVy";
const GONE_ID = "Y2lzY29zcGFyazovL3VzL0FQUExJQ0FUSU9OL2dvbmU";

const lookups: AuditLookups = {
  app: (id) => (id === LISTED_ID ? { name: "Pollster", path: "/applications/pollster" } : null),
  request: (id) => (id === 12 ? { appId: LISTED_ID, appName: "Pollster" } : null),
};

let nextId = 1;
const entry = (action: string, detail: unknown): AuditEntry => ({
  id: nextId++,
  at: "2026-11-20T10:00:00.000Z",
  actor: "nadia@brightwater.example",
  actor_name: null,
  action,
  detail: typeof detail === "string" ? detail : JSON.stringify(detail),
});
/** The Details column as a person reads it (a link's text as its name). */
const read = (e: AuditEntry) =>
  auditLine(e, lookups)
    .details.map((p) => (p.kind === "text" ? p.text : p.name))
    .join("");

describe("auditLine", () => {
  it("names a listed app with a link, and says before → after", () => {
    const line = auditLine(entry("org.approve", { appId: LISTED_ID, appName: "Pollster", reason: "Fine for stand-ups", rule: null, before: null }), lookups);
    expect(line.what).toBe("Pre-approved an app");
    expect(line.details[0]).toEqual({ kind: "app", name: "Pollster", path: "/applications/pollster" });
    expect(read(entry("org.approve", { appId: LISTED_ID, reason: "Fine for stand-ups", rule: null, before: null }))).toBe(
      "Pollster: On neither list → Pre-approved. Reason: Fine for stand-ups",
    );
    expect(read(entry("org.restrict", { appId: LISTED_ID, reason: "", rule: null, before: "approved" }))).toBe("Pollster: Pre-approved → Restricted");
    expect(read(entry("org.approve", { appId: LISTED_ID, reason: "", rule: "Federal", before: null }))).toBe("Pollster: On neither list → Pre-approved by the rule “Federal”");
    expect(read(entry("org.clear", { appId: LISTED_ID, before: "restricted" }))).toBe("Pollster: Restricted → On neither list");
  });

  it("names an app that is no longer listed by the name the row kept, without a link, and never by its id", () => {
    const line = auditLine(entry("org.request", { appId: GONE_ID, appName: "Gone Bot" }), lookups);
    expect(line.details).toEqual([{ kind: "app", name: "Gone Bot", path: null }]);
    const unnamed = read(entry("org.clear", { appId: GONE_ID }));
    expect(unnamed).toBe("An app no longer in the App Hub: On neither list");
    expect(unnamed).not.toContain(GONE_ID);
  });

  it("reads rows written before the log kept the old state or the app's name (the new state alone)", () => {
    expect(read(entry("org.approve", { appId: LISTED_ID, reason: "", rule: null }))).toBe("Pollster: Pre-approved");
    expect(read(entry("org.settings", { mode: "approval", requestsTo: "admins", roomId: null }))).toBe(
      "Mode: Approval required. Requests go to: a direct message to each administrator.",
    );
    // A denial that named only the request: its app comes from the organisation's requests.
    expect(read(entry("org.deny", { requestId: 12, reason: "Not now" }))).toBe("Pollster (request 12). Reason: Not now");
    expect(read(entry("org.deny", { requestId: 99, reason: "" }))).toBe("A request (request 99)");
    expect(read(entry("org.rule.delete", { ruleId: 3 }))).toBe("Rule 3");
  });

  it("says the settings' and rules' changes in words", () => {
    expect(
      read(
        entry("org.settings", {
          mode: "approval",
          requestsTo: "space",
          roomId: "room-1",
          roomTitle: "App requests",
          before: { mode: "open", requestsTo: "admins", roomId: null, roomTitle: null },
        }),
      ),
    ).toBe("Mode: Open → Approval required. Requests go to: a direct message to each administrator → the space “App requests”.");
    // No settings before: the organisation was open (its default).
    expect(read(entry("org.settings", { mode: "approval", requestsTo: "admins", roomId: null, roomTitle: null, before: null }))).toBe(
      "Mode: Open → Approval required. Requests go to: a direct message to each administrator.",
    );
    expect(read(entry("org.rule.add", { name: "Federal", conditions: { verifiedPublisher: true, certifications: ["fedramp"] } }))).toMatch(
      /^Rule “Federal”: Approve when the publisher is verified, it holds FedRAMP/,
    );
    expect(read(entry("org.rule.delete", { ruleId: 3, name: "Federal" }))).toBe("Rule “Federal”");
  });

  it("degrades an unknown shape, an unknown action or broken JSON to a plain sentence, never the JSON", () => {
    for (const e of [
      entry("org.approve", { app: LISTED_ID }),
      entry("org.something-new", { appId: LISTED_ID, secret: "x" }),
      entry("org.settings", "{not json"),
      entry("org.rule.add", { name: "R", conditions: { unknownCondition: true } }),
    ]) {
      const line = auditLine(e, lookups);
      expect(line.details).toEqual([{ kind: "text", text: UNREADABLE_DETAILS }]);
      expect(read(e)).not.toMatch(/[{}"]|Y2lz/);
    }
    expect(auditLine(entry("org.something-new", {}), lookups).what).toBe("Another change");
  });

  it("keeps text as text: the page escapes it like every other string", () => {
    const line = auditLine(entry("org.approve", { appId: GONE_ID, appName: "<img src=x onerror=alert(1)>", reason: "<b>hi</b>", rule: null }), lookups);
    expect(line.details).toEqual([
      { kind: "app", name: "<img src=x onerror=alert(1)>", path: null },
      { kind: "text", text: ": Pre-approved" },
      { kind: "text", text: ". Reason: <b>hi</b>" },
    ]);
  });
});

describe("auditAppIds", () => {
  it("collects the app ids the rows name, once each", () => {
    const ids = auditAppIds([
      entry("org.approve", { appId: LISTED_ID }),
      entry("org.clear", { appId: LISTED_ID }),
      entry("org.request", { appId: GONE_ID }),
      entry("org.settings", "{"),
    ]);
    expect(ids).toEqual([LISTED_ID, GONE_ID]);
  });
});
