import { describe, expect, it } from "vitest";
import { boundedDistance, typoBudget } from "./edit-distance.server";
import { stemKey } from "./word-forms.server";

describe("stemKey: a word's common forms share one key", () => {
  it.each([
    ["poll", "polls", "polling"],
    ["transcript", "transcripts", "transcription"],
    ["meeting", "meetings", "meet"],
    ["lesson", "lessons"],
    ["note", "notes"],
    ["category", "categories"],
    ["survey", "surveys"],
    ["reply", "replies"],
    ["schedule", "scheduled", "schedules", "scheduling"],
    ["box", "boxes"],
    ["integrate", "integration", "integrations", "integrates"],
    ["automate", "automation", "automated"],
    ["plan", "planner", "planning"],
    ["remind", "reminder", "reminders"],
    ["whiteboard", "whiteboards"],
  ])("%s", (...forms) => {
    expect(new Set(forms.map(stemKey)).size).toBe(1);
  });

  it.each([
    ["note", "not"],
    ["general", "generate"],
    ["status", "state"],
    ["class", "clas"],
  ])("keeps %s and %s apart", (a, b) => {
    expect(stemKey(a)).not.toBe(stemKey(b));
  });

  it("leaves words of 3 letters or fewer and numbers alone", () => {
    for (const w of ["it", "ai", "hr", "crm", "bots", "360", "2024"]) expect(stemKey(w)).toBe(w === "bots" ? "bot" : w);
    expect(stemKey("status")).toBe("status");
    expect(stemKey("analytics")).toBe(stemKey("analytic"));
  });
});

describe("boundedDistance: edits, a swap of neighbours counting as one", () => {
  it.each([
    ["incidnet", "incident", 1],
    ["vetcor", "vector", 1],
    ["trelis", "trellis", 1],
    ["pixl", "pixel", 1],
    ["calender", "calendar", 1],
    ["whitebaord", "whiteboard", 1],
    ["transcrpit", "transcript", 1],
    ["anouncment", "announcement", 2],
    ["poll", "poll", 0],
  ])("%s → %s is %i", (a, b, d) => {
    expect(boundedDistance(a, b, 2)).toBe(d);
  });

  it("gives up beyond the bound", () => {
    expect(boundedDistance("calendar", "kangaroo", 2)).toBe(3);
    expect(boundedDistance("a", "abcdef", 2)).toBe(3);
  });

  it("allows one typo from 4 letters and two from 8", () => {
    expect([3, 4, 7, 8, 12].map(typoBudget)).toEqual([0, 1, 1, 2, 2]);
  });
});
