// What an app can do once added (issue 15), in plain words: the vocabulary a catalogue record's
// `permissions` draws from. Integrations and service apps ask for OAuth scopes (the platform's own
// names, PLATFORM-API.md); bots, embedded apps and skills have abilities the platform grants their
// kind. Each is read, write or admin; admin ones are flagged wherever they are shown. Shared by the
// import's validation, the detail page, the add and connect steps and the API.
import type { AppType } from "./enums";

export const PERMISSION_GROUPS = ["read", "write", "admin"] as const;
export type PermissionGroup = (typeof PERMISSION_GROUPS)[number];

export const PERMISSION_GROUP_LABELS: Record<PermissionGroup, string> = {
  read: "Can see",
  write: "Can change",
  admin: "Administrator access",
};

type Kind = "scope" | "bot" | "embedded" | "skill";
type Permission = { label: string; group: PermissionGroup; kind: Kind };

const scope = (group: PermissionGroup, label: string): Permission => ({ label, group, kind: "scope" });
const ability = (kind: Exclude<Kind, "scope">, group: PermissionGroup, label: string): Permission => ({ label, group, kind });

export const PERMISSIONS = {
  // OAuth scopes (integrations, service apps)
  "spark:people_read": scope("read", "Read your profile and look up people in your organization"),
  "spark:rooms_read": scope("read", "List the titles of your spaces"),
  "spark:rooms_write": scope("write", "Create and manage your spaces"),
  "spark:memberships_read": scope("read", "List the people and bots in your spaces"),
  "spark:memberships_write": scope("write", "Add and remove people and bots in your spaces"),
  "spark:messages_read": scope("read", "Read the messages in your spaces"),
  "spark:messages_write": scope("write", "Post and delete messages on your behalf"),
  "spark:teams_read": scope("read", "List your teams"),
  "spark:teams_write": scope("write", "Create and manage your teams"),
  "spark:webhooks_read": scope("read", "List the event subscriptions (webhooks) you created"),
  "spark:webhooks_write": scope("write", "Create and delete event subscriptions (webhooks)"),
  "spark:organizations_read": scope("read", "Read your organization's details"),
  "spark:kms": scope("read", "Use your encryption keys to read and write content"),
  "spark:calls_read": scope("read", "See your calls and call history"),
  "spark:calls_write": scope("write", "Place, answer and transfer calls for you"),
  "meeting:schedules_read": scope("read", "See your scheduled meetings"),
  "meeting:schedules_write": scope("write", "Schedule, change and cancel meetings for you"),
  "meeting:recordings_read": scope("read", "Read your meeting recordings and transcripts"),
  "meeting:participants_read": scope("read", "See who joins your meetings"),
  "spark:all": scope("admin", "Full access to your account"),
  "spark-admin:people_read": scope("admin", "Read every person in your organization"),
  "spark-admin:people_write": scope("admin", "Create, change and remove people in your organization"),
  "spark-admin:organizations_read": scope("admin", "Read your organization's details and settings"),
  "spark-admin:licenses_read": scope("admin", "Read your organization's licenses"),
  "spark-admin:devices_read": scope("admin", "Read every device in your organization"),
  "spark-admin:devices_write": scope("admin", "Configure and remove devices in your organization"),
  "spark-compliance:messages_read": scope("admin", "Read every message in your organization (compliance)"),
  "identity:tokens_read": scope("admin", "See the applications authorized in your organization"),
  "identity:tokens_write": scope("admin", "Revoke applications authorized in your organization"),
  // Bots
  "bot:mentions_read": ability("bot", "read", "Reads messages that mention it in group spaces"),
  "bot:direct_read": ability("bot", "read", "Reads the messages you send it directly"),
  "bot:files_read": ability("bot", "read", "Reads files shared in messages it can read"),
  "bot:memberships_read": ability("bot", "read", "Sees who is in the spaces it is in"),
  "bot:messages_write": ability("bot", "write", "Posts messages and cards into spaces it is in"),
  "bot:rooms_write": ability("bot", "write", "Creates spaces and adds people to them"),
  "bot:memberships_write": ability("bot", "admin", "Adds and removes people in spaces it moderates"),
  // Embedded apps
  "embedded:user_read": ability("embedded", "read", "Sees your name and e-mail address"),
  "embedded:meeting_read": ability("embedded", "read", "Sees the meeting's title and who is in it"),
  "embedded:space_read": ability("embedded", "read", "Sees the space's title and members"),
  "embedded:share": ability("embedded", "write", "Opens its window for everyone in the meeting or space"),
  // Skills
  "skill:voice_read": ability("skill", "read", "Hears what you ask the assistant when you name the skill"),
  "skill:device_write": ability("skill", "write", "Controls the device it runs on: calls, volume and displays"),
} as const satisfies Record<string, Permission>;

export type PermissionKey = keyof typeof PERMISSIONS;
export const PERMISSION_KEYS = Object.keys(PERMISSIONS) as PermissionKey[];

/** Which kind of permission each app type may declare. */
const KIND_FOR_TYPE: Record<AppType, Kind> = {
  integration: "scope",
  serviceApp: "scope",
  bot: "bot",
  embeddedApp: "embedded",
  skill: "skill",
};

export function isPermissionKey(value: string): value is PermissionKey {
  return Object.hasOwn(PERMISSIONS, value);
}

export function permissionFits(type: AppType, key: PermissionKey): boolean {
  return PERMISSIONS[key].kind === KIND_FOR_TYPE[type];
}

export type PermissionView = { key: PermissionKey; label: string; group: PermissionGroup };
export type PermissionGroupView = { group: PermissionGroup; label: string; items: PermissionView[] };

/** An app's permissions grouped read, write, admin (empty groups left out), each in the record's order. */
export function groupPermissions(keys: readonly PermissionKey[]): PermissionGroupView[] {
  return PERMISSION_GROUPS.map((group) => ({
    group,
    label: PERMISSION_GROUP_LABELS[group],
    items: keys.filter((k) => PERMISSIONS[k].group === group).map((k) => ({ key: k, label: PERMISSIONS[k].label, group })),
  })).filter((g) => g.items.length > 0);
}

/** How the permissions are worded for an app type: an integration asks, others can. */
export function permissionsIntro(type: AppType): string {
  return KIND_FOR_TYPE[type] === "scope" ? "When you connect it, it asks for access to:" : "Once added, it:";
}
