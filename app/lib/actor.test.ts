// Reading who acted from what a table kept (app/lib/actor.ts).
import { describe, expect, it } from "vitest";
import { actorText, storedActor } from "./actor";

describe("storedActor", () => {
  it("a display name with the verified address beside it is that person, whatever the name says", () => {
    for (const name of ["App Hub", "the App Hub", "Rule: Security baseline", "token:abc123", "migration:0032", "rule:7"]) {
      expect(storedActor(name, { email: "mallory@acme.example" }), name).toEqual({ kind: "person", name, email: "mallory@acme.example" });
    }
    // A name that looks like someone else's address shows the verified address alone.
    expect(actorText(storedActor("boss@acme.example", { email: "mallory@acme.example" }))).toBe("mallory@acme.example");
  });

  it("reads what rows without the address kept: the hub, rules, tokens, a name or an address alone", () => {
    expect(storedActor("App Hub")).toEqual({ kind: "hub" });
    expect(storedActor("Rule: EU only")).toEqual({ kind: "rule", name: "EU only" });
    expect(storedActor("token:ab12")).toEqual({ kind: "token", prefix: "ab12" });
    expect(storedActor("ada@acme.example", { name: "Ada Admin" })).toEqual({ kind: "person", name: "Ada Admin", email: "ada@acme.example" });
    expect(storedActor("Ada Admin")).toEqual({ kind: "person", name: "Ada Admin", email: null });
    expect(actorText(storedActor("ada@acme.example", { name: "Ada Admin" }))).toBe("Ada Admin (ada@acme.example)");
  });
});
