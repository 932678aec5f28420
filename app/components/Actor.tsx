// Who acted, the same on every page (issue 40 item 15; docs/decisions/060): a person's name with
// the address beside it, muted ("Ada Admin (ada@acme.example)"); a row that kept only one of them
// shows that one; a rule, an API token and the hub itself are said as such (~/lib/actor.ts, whose
// actorText is the same words for text contexts). React escapes every part: names are people's text.
import { type Actor, actorText, personParts } from "~/lib/actor";
import * as s from "./Actor.css";

export function ActorName({ actor }: { actor: Actor | null }) {
  if (actor?.kind !== "person") return <span className={s.actor}>{actorText(actor)}</span>;
  const { main, beside } = personParts(actor);
  return (
    <span className={s.actor}>
      {main}
      {beside ? <span className={s.address}> ({beside})</span> : null}
    </span>
  );
}
