// Who is a hub admin (issue 15): a person whose e-mail the config names (HUB_ADMIN_EMAILS), or a
// full administrator (the platform's role) of the hub's own organisation (HUB_ADMIN_ORG_ID). Pure,
// so the header's link and the moderation routes decide the same way.
import { hydraUuid, type User } from "~/auth/user";

export type HubAdmins = { emails: readonly string[]; orgId: string | null };

export function isHubAdmin(user: Pick<User, "emails" | "orgId" | "isOrgAdmin">, admins: HubAdmins): boolean {
  if (user.emails.some((e) => admins.emails.includes(e.toLowerCase()))) return true;
  // Ids compared by their uuid: the same organisation may be written with or without padding.
  return user.isOrgAdmin && admins.orgId !== null && hydraUuid(user.orgId) !== "" && hydraUuid(user.orgId) === hydraUuid(admins.orgId);
}
