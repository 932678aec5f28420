// Who acted, one way everywhere (issue 40 item 15; docs/decisions/060): a person is their name with
// the platform address beside it, "Ada Admin (ada@acme.example)"; a rule, an API token and the hub
// itself are said as such. The tables keep who acted as they always did (an address, a display name,
// "token:<prefix>", "Rule: <name>", "App Hub", "migration:<n>") plus, since migration 0036, the
// half they lacked; `storedActor` reads any of them into an `Actor`, and the page component
// (~/components/Actor.tsx) and `actorText` (text contexts: bot messages, notices) show it. Rows from
// before show what they knew: the address alone or the name alone, never a guess.
// Shared by server and browser code: no zod, no server-only import.

export type Actor = { kind: "person"; name: string | null; email: string | null } | { kind: "rule"; name: string | null } | { kind: "token"; prefix: string } | { kind: "hub" };

/** Who acted as written to a table: `by` the column kept since the start, `name` the person's name (null when unknown). */
export type ActorRecord = { by: string; name: string | null };

/** The hub acting by itself (the audit log's `actor`). */
export const HUB_ACTOR_ID = "App Hub";

const clean = (s: string | null | undefined): string | null => {
  const t = s?.trim();
  return t ? t : null;
};

/** The logged-in person as tables record them: the platform's first address, and the name the platform gives (or none). */
export function actorRecordOf(user: { emails: readonly string[]; userId: string; portalDisplayName: string }): ActorRecord {
  return { by: user.emails[0] ?? `user:${user.userId}`, name: clean(user.portalDisplayName) };
}

/**
 * Reads who acted from what a table kept. `by` is the value in the column every row has; `other` the
 * half added later (the name beside an address column, the address beside a name column), null on
 * rows from before. An address is told from a name by its "@" (a display name has none; where the
 * hub had no name it stored the address instead, and that reads as the address).
 */
export function storedActor(by: string | null | undefined, other: { name?: string | null; email?: string | null } = {}): Actor | null {
  const value = clean(by);
  if (!value) {
    const name = clean(other.name);
    const email = clean(other.email);
    return name || email ? { kind: "person", name, email } : null;
  }
  // A name column with the verified address beside it (written since 0036) is a person, whatever
  // the name says: a display name is the person's own choice, and "App Hub", "Rule: …" or
  // "boss@acme.example" must not pass for the hub, a rule or someone else (issue 40, third review).
  const email = clean(other.email);
  if (email) return { kind: "person", name: value.includes("@") ? null : value, email };
  if (value === HUB_ACTOR_ID || value === "the App Hub" || value.startsWith("migration:")) return { kind: "hub" };
  if (value.startsWith("token:")) return { kind: "token", prefix: value.slice("token:".length) };
  if (value.startsWith("Rule: ")) return { kind: "rule", name: value.slice("Rule: ".length) };
  // The audit log names a rule's decision "rule:<id>", with the rule's name beside it since 0036.
  if (value.startsWith("rule:")) return { kind: "rule", name: clean(other.name) };
  if (value.startsWith("user:")) return { kind: "person", name: clean(other.name), email: null };
  if (value.includes("@")) {
    const name = clean(other.name);
    return { kind: "person", name: name && name !== value ? name : null, email: value };
  }
  return { kind: "person", name: value, email: null };
}

/** A rule's decision, as an actor. */
export const ruleActor = (name: string): Actor => ({ kind: "rule", name });

/** The two halves of a person as shown: the name, and the address beside it (either may be missing). */
export function personParts(actor: Extract<Actor, { kind: "person" }>): { main: string; beside: string | null } {
  if (actor.name && actor.email) return { main: actor.name, beside: actor.email };
  return { main: actor.name ?? actor.email ?? "Someone", beside: null };
}

/**
 * Who acted as plain text: "Ada Admin (ada@acme.example)", "ada@acme.example" (a row that kept only
 * the address), "the rule “EU only”", "an API token (ab12…)", "the App Hub". Callers escape it for
 * where it goes (React for pages; the bot's markdown escape for messages).
 */
export function actorText(actor: Actor | null): string {
  if (!actor) return "Someone";
  switch (actor.kind) {
    case "person": {
      const { main, beside } = personParts(actor);
      return beside ? `${main} (${beside})` : main;
    }
    case "rule":
      return actor.name ? `the rule “${actor.name}”` : "a rule";
    case "token":
      return `an API token (${actor.prefix}…)`;
    case "hub":
      return "the App Hub";
  }
}

/** actorText at the start of a sentence ("The App Hub already decided…"); a person's name is left as written. */
export function actorTextAtStart(actor: Actor | null): string {
  const text = actorText(actor);
  return actor?.kind === "person" ? text : text.charAt(0).toUpperCase() + text.slice(1);
}
