// A connected integration as My Integrations shows it, and the page's texts (spec §8, and ours in
// its voice where the spec has none: issue 13, docs/decisions/016).
import type { PermissionView } from "~/models/permissions";
import { formatDate } from "~/lib/format-date";

/** README "Deployment modes" (the same as config's; repeated so this browser module imports no server code). */
export type DeploymentMode = "third-party" | "first-party";

export type MyIntegration = {
  clientId: string;
  name: string;
  companyName: string | null;
  /** The catalogue's logo; null for an app that is not in the catalogue. */
  logo: string | null;
  appPath: string | null;
  /**
   * "connected": the platform lists a grant (now, or when it confirmed one at Connect);
   * "started": the person chose Connect here and the platform has not confirmed a grant.
   * There is no access level: the platform never says which scopes a grant carries.
   */
  state: "connected" | "started";
  /** When the platform says it was granted (or when it confirmed it); null for "started". */
  connectedAt: string | null;
  /** When the person last chose Connect here; null when we have no record of it. */
  startedAt: string | null;
  /** The app now asks for more than it did at the last Connect here; null when not, or not known. */
  moreAccess: MoreAccess | null;
};

/** "This app now asks for more access" (issue 16; docs/decisions/027). */
export type MoreAccess = {
  /** What the app lists now and did not list when the person chose Connect, in the catalogue's order. */
  addedPermissions: PermissionView[];
  /** The app's current version when the person chose Connect, and now; null when it had none. */
  connectedVersion: string | null;
  currentVersion: string | null;
  /** The app's Connect, which records what it asks for now; null when App Hub can no longer connect it. */
  reconnectPath: string | null;
};

export type MyIntegrationsView = {
  mode: DeploymentMode;
  /** "platform": the rows come from the platform's list of grants; "records": from our own records. */
  source: "platform" | "records";
  /** The platform's own page for managing and revoking grants. */
  manageUrl: string;
  items: MyIntegration[];
};

export const MY_INTEGRATIONS_MESSAGES = {
  loadFailed: "We're having trouble loading your integrations. Please try again in a few minutes.",
  empty: "There are no items to display",
  leadFirstParty: (product: string) => `Integrations you have allowed to use your ${product} account. Disconnect one to take its access away.`,
  leadThirdParty: (product: string) =>
    `Integrations you connected through App Hub. ${product} keeps the access you gave them: see it or take it away on your ${product} account page.`,
  manageLink: (product: string) => `Manage integrations' access on ${product}`,
  connectedOn: (iso: string) => `Connected on ${formatDate(iso)}`,
  startedOn: (iso: string) => `You started connecting on ${formatDate(iso)}, not confirmed`,
  disconnected: (name: string) => `${name} was disconnected from your account.`,
  disconnectFailed: (name: string) => `We couldn't disconnect ${name}. Please try again in a few minutes.`,
  removedFromList: (name: string, product: string) => `${name} was removed from this list. Any access you gave it stays until you take it away on your ${product} account page.`,
  notInList: (name: string) => `${name} was not in this list.`,
  cannotRevoke: (product: string) => `App Hub can't take an integration's access away. Manage it on your ${product} account page.`,
  moreAccessTitle: "This app now asks for more access",
  moreAccessLead: (name: string, connected: string | null, current: string | null) =>
    connected && current && connected !== current
      ? `When you connected ${name}, it was version ${connected}. Version ${current} also asks for access to:`
      : `Since you connected ${name}, it also asks for access to:`,
  moreAccessAdmin: "Items marked Admin reach beyond your own account: an administrator should review them.",
  moreAccessChoice: (name: string) => `${name} keeps only the access you gave it until you reconnect and allow the rest. If you don't want it to have more, disconnect it.`,
  reconnect: "Reconnect",
  disconnectOn: (product: string) => `on ${product}`,
  grantsUnavailable: (product: string) => `App Hub can't read your integrations' access from ${product}. See it on your ${product} account page.`,
} as const;
