// Connecting an integration: the texts people see. The spec (§8) gives none for this flow, so these
// follow its voice ('{appName} was added successfully…'). Issue 13: the hub says "connected" only
// when the platform confirmed a grant, and says honestly when it cannot know.
export const CONNECT_MESSAGES = {
  connected: (appName: string) => `${appName} is connected`,
  notYet: (appName: string, product: string) =>
    `${product} doesn't list ${appName} on your account yet. If you finished connecting it on its own page, try again in a moment; otherwise choose Connect again.`,
  unknown: (appName: string, product: string) =>
    `App Hub can't see whether ${appName} is connected: only ${product} knows. Check it on your ${product} account page (the link is on this page).`,
  failed: (appName: string) => `We couldn't check whether ${appName} is connected. Please try again later.`,
  expired: (appName: string) => `That request to connect ${appName} has expired or did not start here. Please choose Connect again.`,
  hint: (appName: string, company: string, product: string) =>
    `Connect takes you to ${company}'s page for ${appName}, where ${product} asks you to allow it to use your account. Then come back here.`,
  viaWebsite: (appName: string, company: string) => `${appName} is connected from ${company}'s own website, not from App Hub.`,
  websiteLink: (company: string) => `Go to ${company}'s website`,
  // Issue 27: a Connect that another site started asks first.
  confirmTitle: (appName: string) => `Connect ${appName}?`,
  confirmWhy: "Another website sent you here. App Hub starts connecting an app only when you choose to.",
  confirmContinue: (company: string) => `Continue to ${company}`,
  confirmCancel: (appName: string) => `Back to ${appName}`,
} as const;
