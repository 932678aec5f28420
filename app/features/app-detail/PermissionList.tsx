// Permissions in plain words; admin ones carry a flag that is read out too. The one list of them:
// the detail page's section and the add and connect steps (./TrustSections.tsx), and My
// Integrations' "This app now asks for more access" notice, and the review queue's permissions. Its own module so that notice does not
// load the detail page's other parts.
import type { PermissionView } from "~/models/permissions";
import * as t from "./TrustSections.css";

/** `mark` (e.g. "New" in the review queue) tags every item, before its label. */
export function PermissionList({ items, className, mark }: { items: readonly PermissionView[]; className?: string; mark?: { text: string; className: string } }) {
  return (
    <ul className={className}>
      {items.map((p) => (
        <li key={p.key}>
          {mark ? <strong className={mark.className}>{mark.text}</strong> : null}
          {mark ? " " : null}
          {p.label}
          {p.group === "admin" ? <span className={t.adminFlag}>Admin</span> : null}
        </li>
      ))}
    </ul>
  );
}
