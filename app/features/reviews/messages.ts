// The texts of ratings and reviews (issue 15), in one place: the page, the actions and the tests
// read them from here. Browser-safe.
export const REVIEW_MESSAGES = {
  logIn: "Log in to rate and review this app.",
  comingSoon: "This app is not available yet, so nobody can review it.",
  checkPrompt: (app: string) => `Do you use ${app}? We can check with the platform whether it is in one of your spaces or connected to your account.`,
  checkButton: "Check and write a review",
  notAUser: (app: string) => `Only people who use ${app} can review it. We could not find it in your spaces, and you have not added or connected it through the App Hub.`,
  cannotKnow: (app: string) =>
    `Only people who use ${app} can review it. The App Hub can only tell that you use an app when you added or connected it here, or when its bot is in one of your spaces.`,
  checkFailed: "We could not check with the platform just now. Try again in a moment.",
  saved: { title: "Review posted", message: (app: string) => `Thanks: your review of ${app} is up.` },
  updated: { title: "Review updated", message: (app: string) => `Your review of ${app} is updated.` },
  deleted: { title: "Review deleted", message: (app: string) => `Your review of ${app} is deleted.` },
  notAllowed: { title: "Not posted", message: (app: string) => `Only people who use ${app} can review it.` },
  voted: { title: "Thanks", message: "Your vote is counted." },
  reported: { title: "Report received", message: "Thanks: a moderator will look at it." },
  appReported: { title: "Report received", message: (app: string) => `Thanks: a moderator will look at ${app}.` },
  alreadyReported: { title: "Already reported", message: "You reported this before; a moderator will look at it." },
} as const;

export const REVIEW_REPORT_REASONS = ["spam", "offensive", "off-topic", "conflict", "other"] as const;
export type ReviewReportReason = (typeof REVIEW_REPORT_REASONS)[number];
export const REVIEW_REPORT_REASON_LABELS: Record<ReviewReportReason, string> = {
  spam: "Spam or advertising",
  offensive: "Offensive or abusive",
  "off-topic": "Not about this app",
  conflict: "Written by the publisher or a competitor",
  other: "Something else",
};
