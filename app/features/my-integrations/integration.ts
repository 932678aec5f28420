// A connected integration as My Integrations shows it, and the page's texts (spec §8).
export type MyIntegration = {
  clientId: string;
  applicationId: string;
  name: string;
  companyName: string | null;
  /** The catalogue's logo; null for an app that is not in the catalogue. */
  logo: string | null;
  appPath: string | null;
  /** Spec §3: shown as full or partial access to the account. */
  access: "full" | "partial";
  connectedAt: string;
};

export const MY_INTEGRATIONS_MESSAGES = {
  loadFailed: "We're having trouble loading your integrations. Please try again in a few minutes.",
  empty: "There are no items to display",
  disconnected: (name: string) => `${name} was disconnected from your account.`,
  disconnectFailed: (name: string) => `We couldn't disconnect ${name}. Please try again in a few minutes.`,
} as const;
