// Who is a hub admin (issue 15): a person whose e-mail the config names (HUB_ADMIN_EMAILS), or a
// full administrator (the platform's role) of the hub's own organisation (HUB_ADMIN_ORG_ID). Pure,
// on the session's record: the header's link uses it as it is; the hub-admin pages
// (./require-hub-admin.server.ts) also confirm an admin by role with the platform (issue 40 item 3).
import { hydraUuid, type User } from "~/auth/user";

export type HubAdmins = { emails: readonly string[]; orgId: string | null };

/** A hub admin by the configuration's list of addresses: nothing for the platform to confirm. */
export const isHubAdminByEmail = (user: Pick<User, "emails">, admins: HubAdmins): boolean => user.emails.some((e) => admins.emails.includes(e.toLowerCase()));

export function isHubAdmin(user: Pick<User, "emails" | "orgId" | "isOrgAdmin">, admins: HubAdmins): boolean {
  if (isHubAdminByEmail(user, admins)) return true;
  // Ids compared by their uuid: the same organisation may be written with or without padding.
  return user.isOrgAdmin && admins.orgId !== null && hydraUuid(user.orgId) !== "" && hydraUuid(user.orgId) === hydraUuid(admins.orgId);
}
