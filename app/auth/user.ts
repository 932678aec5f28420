// The logged-in user (spec §3), built from the platform's people/me. Shared by server and browser
// (types and pure rules only).
import { FULL_ADMIN_ROLE, type Person } from "~/platform/schemas";

export type User = {
  /** The platform's encoded person id. */
  id: string;
  /** Spec §3: the last segment of the decoded id. */
  userId: string;
  orgId: string;
  displayName: string;
  firstName: string;
  lastName: string;
  nickName: string;
  emails: string[];
  /** The part after @ of the first e-mail. */
  emailDomain: string;
  avatar: string | null;
  portalDisplayName: string;
  /** A full administrator of their organisation (the platform's roles); may moderate when that is the hub's. */
  isOrgAdmin: boolean;
};

/** Decodes a Hydra id (base64url, padding optional) to its last path segment, or "" if unreadable. */
export function hydraUuid(id: string): string {
  try {
    const b64 = id.replace(/-/g, "+").replace(/_/g, "/").replace(/=+$/, "");
    const decoded = atob(b64 + "=".repeat((4 - (b64.length % 4)) % 4));
    return decoded.split("/").pop() ?? "";
  } catch {
    return "";
  }
}

/** Spec §3: displayName, else first and last name joined, else whichever exists, else nickName, else empty. */
export function portalDisplayName(p: { displayName?: string; firstName?: string; lastName?: string; nickName?: string }): string {
  const display = p.displayName?.trim();
  if (display) return display;
  const first = p.firstName?.trim() ?? "";
  const last = p.lastName?.trim() ?? "";
  if (first && last) return `${first} ${last}`;
  if (first || last) return first || last;
  return p.nickName?.trim() ?? "";
}

export function userFromPerson(person: Person): User {
  const email = person.emails[0] ?? "";
  return {
    id: person.id,
    userId: hydraUuid(person.id),
    orgId: person.orgId,
    displayName: person.displayName ?? "",
    firstName: person.firstName ?? "",
    lastName: person.lastName ?? "",
    nickName: person.nickName ?? "",
    emails: person.emails,
    emailDomain: email.includes("@") ? email.slice(email.lastIndexOf("@") + 1) : "",
    avatar: person.avatar ?? null,
    portalDisplayName: portalDisplayName(person),
    isOrgAdmin: person.roles?.includes(FULL_ADMIN_ROLE) ?? false,
  };
}

/**
 * What every page gets about the person: what the header and drawer show, and the user id that
 * analytics sends (spec §6: "user id goes into analytics"; the tracker hashes it).
 */
export type HeaderUser = {
  userId: string;
  displayName: string;
  email: string;
  avatarUrl: string | null /** May moderate (issue 15): the account menu links there. */;
  moderator: boolean;
  /** A full administrator of their organisation (issue 29): the account menu links to its app policy. */
  orgAdmin: boolean;
  /** A member of a publisher, or invited to one (issue 30): the account menu links to the console. */
  publisherMember: boolean;
};
export const headerUser = (user: User, moderator = false, publisherMember = false): HeaderUser => ({
  userId: user.userId,
  displayName: user.portalDisplayName || user.emails[0] || "Account",
  email: user.emails[0] ?? "",
  avatarUrl: user.avatar,
  moderator,
  orgAdmin: user.isOrgAdmin,
  publisherMember,
});
