// A new app's identity at the platform (issue 27): its OAuth client id and its bot address each name
// ONE app. A draft that reused another app's would, once approved, ride on that app's grants and
// bot: it would show "Connected", make that app's users review-eligible and appear in their My
// Integrations. So a draft is refused when it arrives, and again when a hub admin approves it (the
// catalogue may have changed meanwhile); D1's unique indexes (migration 0020) are the last guard.
import { findIdentityHolders, type IdentityHolder } from "~/models/catalogue.server";
import type { Db } from "~/models/db.server";
import type { Problem } from "./submit.server";

export type IdentityClash = { field: "clientId" | "botEmail"; value: string; holder: IdentityHolder };

const LABELS = { clientId: "client id", botEmail: "bot address" } as const;

/** The apps already holding the draft's client id or bot address, one clash per field. */
export async function identityClashes(db: Db, draft: { clientId: string | null; botEmail: string | null }): Promise<IdentityClash[]> {
  const holders = await findIdentityHolders(db, draft);
  const out: IdentityClash[] = [];
  const clientHolder = draft.clientId === null ? undefined : holders.find((h) => h.clientId === draft.clientId);
  if (clientHolder && draft.clientId !== null) out.push({ field: "clientId", value: draft.clientId, holder: clientHolder });
  const botHolder = draft.botEmail === null ? undefined : holders.find((h) => h.botEmail?.toLowerCase() === draft.botEmail?.toLowerCase());
  if (botHolder && draft.botEmail !== null) out.push({ field: "botEmail", value: draft.botEmail, holder: botHolder });
  return out;
}

/**
 * The clashes as the publisher reads them: their own app is named; another publisher's is not (its
 * client id is no business of theirs, and a probe should learn no more than "taken").
 */
export function identityProblems(clashes: readonly IdentityClash[], publisherSlug: string): Problem[] {
  return clashes.map(({ field, value, holder }) => ({
    path: field,
    message:
      holder.publisherSlug === publisherSlug
        ? `"${value}" is already the ${LABELS[field]} of your app ${holder.name}; each app needs its own`
        : `"${value}" is the ${LABELS[field]} of another publisher's app; an app can be listed only with its own ${LABELS[field]}`,
  }));
}

/** A clash as a hub admin reads it in the review queue (both apps named). */
export const identityRefusal = ({ field, value, holder }: IdentityClash) =>
  `The draft's ${LABELS[field]} “${value}” is already that of ${holder.name} (publisher ${holder.publisherSlug}). Reject the draft.`;
