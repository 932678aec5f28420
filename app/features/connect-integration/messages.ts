// Connecting an integration: the texts people see. The spec (§8) gives none for this flow, so these
// follow its voice ('{appName} was added successfully…').
export const CONNECT_MESSAGES = {
  connected: (appName: string) => `${appName} is connected`,
  declined: (appName: string) => `You declined to connect ${appName}. Nothing was shared with it.`,
  failed: (appName: string) => `${appName} could not be connected. Please try again later.`,
  expired: (appName: string) => `That request to connect ${appName} has expired or did not start here. Please choose Connect again.`,
  hint: (appName: string, product: string) =>
    `${product} asks you to allow ${appName} to use your account, then brings you back here. Manage it afterwards in My Integrations.`,
} as const;
