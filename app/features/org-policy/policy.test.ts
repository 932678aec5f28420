// The organisation policy's rules and standing (issue 29): pure, so every branch is tested here.
import { describe, expect, it } from "vitest";
import { describeRule, refusalMessage, ruleConditionsSchema, ruleMatches, standingOf, type OrgDecision, type OrgPolicy, type OrgRule, type TrustFacts } from "./policy";

const facts = (over: Partial<TrustFacts> = {}, security: Partial<TrustFacts["security"]> = {}): TrustFacts => ({
  publisherVerified: true,
  permissions: ["bot:mentions_read", "bot:messages_write"],
  security: { certifications: ["soc2-type-ii"], dataRegions: ["eu"], aiUsesMessageContent: true, aiTrainsModels: false, ...security },
  ...over,
});
const rule = (c: object, name = "Trusted EU"): OrgRule => ({
  id: 1,
  name,
  conditions: ruleConditionsSchema.parse(c),
  createdBy: { kind: "person", name: "Ada", email: null },
  createdAt: "2026-01-01T00:00:00Z",
});
const APPROVAL: OrgPolicy = {
  orgId: "o",
  mode: "approval",
  requestsTo: { kind: "admins" },
  updatedBy: { kind: "person", name: "Ada", email: null },
  updatedAt: "2026-01-01T00:00:00Z",
};
const approved = (permissions: string[]): OrgDecision => ({
  appId: "a",
  status: "approved",
  permissions,
  reason: "",
  decidedBy: { kind: "person", name: "Ada", email: null },
  decidedAt: "2026-01-02T00:00:00Z",
});

describe("ruleMatches", () => {
  const issue = { verifiedPublisher: true, certifications: ["soc2-type-ii"], dataRegions: ["eu"], noAdminPermissions: true, noAiTraining: true };
  it("approves the issue's example when every condition holds", () => {
    expect(ruleMatches(rule(issue).conditions, facts())).toBe(true);
  });
  it.each([
    ["an unverified publisher", facts({ publisherVerified: false })],
    ["a missing certification", facts({}, { certifications: ["iso-27001"] })],
    ["certifications not provided", facts({}, { certifications: null })],
    ["data outside the regions", facts({}, { dataRegions: ["eu", "us"] })],
    ["regions not provided", facts({}, { dataRegions: null })],
    ["an admin permission", facts({ permissions: ["bot:memberships_write"] })],
    ["AI that trains models", facts({}, { aiTrainsModels: true })],
    ["AI use not provided", facts({}, { aiUsesMessageContent: null })],
  ])("refuses %s", (_, f) => {
    expect(ruleMatches(rule(issue).conditions, f)).toBe(false);
  });
  it("never approves with no condition", () => {
    expect(ruleMatches(rule({}).conditions, facts())).toBe(false);
  });
  it("reads as words", () => {
    expect(describeRule(rule(issue).conditions)).toBe(
      "Approve when the publisher is verified, it holds SOC 2 Type II, it keeps data only in European Union, it asks for no administrator permission, it does not train AI models on your messages.",
    );
  });
  it("refuses unknown fields and values at the boundary", () => {
    expect(ruleConditionsSchema.safeParse({ anything: true }).success).toBe(false);
    expect(ruleConditionsSchema.safeParse({ certifications: ["made-up"] }).success).toBe(false);
  });
});

describe("standingOf", () => {
  const app = facts();
  it("is open without a policy or in open mode", () => {
    expect(standingOf({ policy: null, decision: null, rules: [], app })).toEqual({ state: "open" });
    expect(standingOf({ policy: { ...APPROVAL, mode: "open" }, decision: approved([]), rules: [], app })).toEqual({ state: "open" });
  });
  it("restricted wins, with its reason", () => {
    expect(standingOf({ policy: APPROVAL, decision: { ...approved([]), status: "restricted", reason: "No" }, rules: [rule({ verifiedPublisher: true })], app })).toEqual({
      state: "restricted",
      reason: "No",
    });
  });
  it("approved while it asks for no more than was approved", () => {
    expect(standingOf({ policy: APPROVAL, decision: approved([...app.permissions]), rules: [], app })).toEqual({ state: "approved", byRule: null });
  });
  it("needs approval again when it asks for more, unless a rule approves it", () => {
    const decision = approved(["bot:mentions_read"]);
    expect(standingOf({ policy: APPROVAL, decision, rules: [], app })).toEqual({ state: "needs-approval", moreAccess: ["bot:messages_write"], request: null });
    expect(standingOf({ policy: APPROVAL, decision, rules: [rule({ verifiedPublisher: true })], app })).toEqual({ state: "approved", byRule: "Trusted EU" });
  });
  it("a rule's approval lasts while that rule still approves the app as it is now (issue 40 item 10)", () => {
    const eu = rule({ dataRegions: ["eu"], noAiTraining: true });
    const byRule: OrgDecision = { ...approved([...app.permissions]), decidedBy: { kind: "rule", name: "Trusted EU" } };
    expect(standingOf({ policy: APPROVAL, decision: byRule, rules: [eu], app })).toEqual({ state: "approved", byRule: null });
    // A new version trains AI models on messages, or keeps data in the US as well: the rule's approval lapses.
    for (const changed of [facts({}, { aiTrainsModels: true }), facts({}, { dataRegions: ["eu", "us"] })]) {
      expect(standingOf({ policy: APPROVAL, decision: byRule, rules: [eu], app: changed })).toEqual({
        state: "needs-approval",
        moreAccess: [],
        request: null,
        lapsedRule: "Trusted EU",
      });
    }
    // Another rule that approves it as it is now keeps it approved.
    const anyVerified = rule({ verifiedPublisher: true }, "Verified");
    expect(standingOf({ policy: APPROVAL, decision: byRule, rules: [eu, anyVerified], app: facts({}, { aiTrainsModels: true }) }).state).toBe("approved");
    // An admin's own approval, and one whose rule was deleted since, are not undone by the facts.
    expect(standingOf({ policy: APPROVAL, decision: approved([...app.permissions]), rules: [eu], app: facts({}, { aiTrainsModels: true }) })).toEqual({
      state: "approved",
      byRule: null,
    });
    expect(standingOf({ policy: APPROVAL, decision: byRule, rules: [], app: facts({}, { aiTrainsModels: true }) })).toEqual({ state: "approved", byRule: null });
    expect(refusalMessage("Pollster", { state: "needs-approval", moreAccess: [], request: null, lapsedRule: "Trusted EU" })).toBe(
      "Pollster changed since your organisation's rule “Trusted EU” approved it. Request it again to use it.",
    );
  });

  it("needs approval without a decision, with the person's open or denied request", () => {
    const request = { id: 1, status: "pending" as const, reason: "", createdAt: "2026-01-03T00:00:00Z", decidedAt: null };
    expect(standingOf({ policy: APPROVAL, decision: null, rules: [], app, request })).toEqual({ state: "needs-approval", moreAccess: [], request });
    // An approved request whose app was taken off the list again is no longer news.
    expect(standingOf({ policy: APPROVAL, decision: null, rules: [], app, request: { ...request, status: "approved" } })).toEqual({
      state: "needs-approval",
      moreAccess: [],
      request: null,
    });
  });
});
